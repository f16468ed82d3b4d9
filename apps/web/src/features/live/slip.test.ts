import { describe, expect, it } from 'vitest';
import { BetMessages, betTypeByCode, type BetTypeDefinition, type Race } from '@karera/shared';
import {
  allPicked,
  amountInput,
  barPicksText,
  emptyPlaces,
  hasPicks,
  legRacesOf,
  pesosOf,
  picksText,
  refusalOf,
  repeatPlaces,
  selectionsOf,
  serverRefusalOf,
  slipOnSale,
  slipSignature,
  slipTypes,
  summarize,
  toggleAll,
} from './slip.ts';
import { race, runner } from './testRaces.ts';

const card = [runner('1'), runner('1A'), runner('2'), runner('3'), runner('4', { status: 'S' })];

function type(code: string): BetTypeDefinition {
  const found = betTypeByCode(code);
  if (!found) throw new Error(code);
  return found;
}

describe('slipTypes', () => {
  it('offers Win and Forcast always and flag types only when the race enables them', () => {
    const lone = race(1, 'O');
    expect(slipTypes(lone, [lone]).map((t) => t.code)).toEqual(['W', 'FC']);
    const enabled = race(1, 'O', [], { enabledBetTypes: ['QRT', 'DD', 'TRI'] });
    expect(slipTypes(enabled, [enabled]).map((t) => t.code)).toEqual(['W', 'FC', 'TRI', 'QRT']);
  });
});

describe('slipOnSale', () => {
  const legs = (...statuses: Race['status'][]) => statuses.map((status, i) => race(i + 1, status));
  it('sells a single-race pool while its race is open', () => {
    expect(slipOnSale(type('TRI'), legs('O', 'O', 'O'))).toBe(true);
    expect(slipOnSale(type('W'), legs('C'))).toBe(false);
  });
  it('sells a multi-race pool while its first leg is open, its later legs awaiting', () => {
    expect(slipOnSale(type('PICK4'), legs('O', 'A', 'A', 'A'))).toBe(true);
    expect(slipOnSale(type('DD'), legs('A', 'A'))).toBe(false);
    expect(slipOnSale(type('DD'), legs('C', 'O'))).toBe(false);
    expect(slipOnSale(type('PICK4'), legs('L', 'O', 'C', 'A'))).toBe(false);
  });
});

describe('slipTypes and legRacesOf', () => {
  const card7 = Array.from({ length: 7 }, (_, i) => race(i + 1, 'O', [], { enabledBetTypes: ['DD', 'XD', 'WTA'] }));
  it('offers a multi-race type only when enabled and every leg is on the card', () => {
    const first = card7[0]!;
    expect(slipTypes(first, card7).map((t) => t.code)).toEqual(['W', 'FC', 'DD', 'XD', 'WTA']);
    expect(slipTypes(card7[5]!, card7).map((t) => t.code)).toEqual(['W', 'FC', 'DD']);
    expect(slipTypes(card7[6]!, card7).map((t) => t.code)).toEqual(['W', 'FC']);
  });
  it('lists the leg races in order, XD on alternating races', () => {
    expect(legRacesOf(type('XD'), card7[1]!, card7)?.map((r) => r.raceNo)).toEqual([2, 4]);
    expect(legRacesOf(type('DD'), card7[6]!, card7)).toBeNull();
    expect(legRacesOf(type('FC'), card7[2]!, card7)?.map((r) => r.raceNo)).toEqual([3, 3]);
  });
});

describe('All / Clear', () => {
  it('All picks every non-scratched runner and reads Clear once all are picked', () => {
    const all = toggleAll(new Set(), card);
    expect([...all]).toEqual(['1', '1A', '2', '3']);
    expect(allPicked(all, card)).toBe(true);
    expect(toggleAll(all, card).size).toBe(0);
    expect(allPicked(new Set(['1', '1A', '2']), card)).toBe(false);
  });
});

describe('selectionsOf', () => {
  it('sends base numbers per place, coupled entries once, scratched picks dropped', () => {
    expect(selectionsOf([new Set(['1A', '1', '3']), new Set(['4', '2'])], [card, card])).toEqual([[1, 3], [2]]);
    expect(hasPicks([new Set(['4'])], [card])).toBe(false);
    expect(hasPicks([new Set(['1'])], [card])).toBe(true);
    expect(hasPicks(emptyPlaces(type('FC')), [card, card])).toBe(false);
    expect(emptyPlaces(type('TRI'))).toHaveLength(3);
  });

  it('shows picks per place', () => {
    expect(picksText([[1, 3], [2]])).toBe('1,3-2');
  });
});

describe('amount input', () => {
  it('keeps digits only and reads whole pesos', () => {
    expect(amountInput('1a2.5')).toBe('125');
    expect(amountInput('007')).toBe('7');
    expect(pesosOf('')).toBe(0);
    expect(pesosOf('20')).toBe(20);
  });
});

describe('summarize', () => {
  it('counts ordered combinations without duplicate runners and costs them', () => {
    expect(
      summarize(
        type('FC'),
        [
          [1, 2],
          [1, 2, 3],
        ],
        5,
      ),
    ).toEqual({ combinations: 4, total: 2000 });
    expect(summarize(type('W'), [[1]], 0)).toEqual({ combinations: 1, total: 0 });
  });
});

describe('refusalOf', () => {
  it('passes a covered slip', () => {
    expect(refusalOf(type('W'), [[1]], 10)).toBeNull();
  });
  it('refuses the combination limit', () => {
    const many = Array.from({ length: 14 }, (_, i) => i + 1);
    expect(refusalOf(type('TRI'), [many, many, many], 1)?.message).toBe(BetMessages.tooManyCombinations);
  });
  it('refuses under the minimum with a Deposit button', () => {
    expect(refusalOf(type('PICK4'), [[1], [1], [1], [1]], 1)).toEqual({
      message: BetMessages.minBet(2),
      deposit: true,
    });
  });
  it('refuses odd WTA amounts', () => {
    const legs = Array.from({ length: 7 }, () => [1]);
    expect(refusalOf(type('WTA'), legs, 3)?.message).toBe(BetMessages.evenOnly);
  });
  it('never refuses on a balance: the server decides', () => {
    expect(refusalOf(type('W'), [[1]], 100_000)).toBeNull();
  });
});

describe('serverRefusalOf', () => {
  it("shows the server's own message, a break or a limit", () => {
    const coolOff = 'You are on a 24-hour cool-off until Nov 29, 2026 09:00 AM (Manila time): no bets.';
    expect(serverRefusalOf({ statusCode: 403, message: coolOff })).toEqual({ message: coolOff, deposit: false });
    const limit = 'This bet is over your stake limit per bet of ₱50.00. Lower the amount to place it.';
    expect(serverRefusalOf({ statusCode: 400, message: limit }).message).toBe(limit);
  });
  it('shows 119 as insufficient balance with a Deposit button', () => {
    expect(serverRefusalOf({ statusCode: 119, message: 'anything' })).toEqual({
      message: BetMessages.insufficientBalance,
      deposit: true,
    });
  });
  it('falls back to the generic error only when the server said nothing', () => {
    expect(serverRefusalOf(null).message).toBe(BetMessages.serverError);
    expect(serverRefusalOf({ statusCode: 500, message: ' ' }).message).toBe(BetMessages.serverError);
  });
});

describe('slipSignature', () => {
  it('differs when the slip changes', () => {
    const body = { raceId: 1, betType: 'W', selections: [[1]], amount: 100, useBonus: false };
    expect(slipSignature(body)).toBe(slipSignature({ ...body }));
    expect(slipSignature(body)).not.toBe(slipSignature({ ...body, amount: 200 }));
  });
});

describe('repeatPlaces', () => {
  it('puts each place back by base number: a coupled entry whole, a runner scratched since left out', () => {
    const places = repeatPlaces([[1, 4], [2], [3]], [card, card, card]);
    expect(places.map((picks) => [...picks].sort())).toEqual([['1', '1A'], ['2'], ['3']]);
  });

  it('fills only the places the slip has, empty where the last bet had none or the runner is gone', () => {
    const legs = [[runner('1'), runner('2')], [runner('5')]];
    expect(repeatPlaces([[2], [9], [1]], legs).map((picks) => [...picks])).toEqual([['2'], []]);
    expect(repeatPlaces([[2]], legs).map((picks) => [...picks])).toEqual([['2'], []]);
  });

  it('gives picks the slip counts as the same selection it sent', () => {
    const sent = [[1, 2], [3]];
    const places = repeatPlaces(sent, [card, card]);
    expect(selectionsOf(places, [card, card])).toEqual(sent);
  });
});

describe('barPicksText', () => {
  it('splits places by - and legs by /, a place without picks as –', () => {
    expect(barPicksText(type('TRI'), [[1, 2], [3], []])).toBe('1,2-3-–');
    expect(barPicksText(type('DD'), [[4], [1, 2]])).toBe('4/1,2');
  });
});
