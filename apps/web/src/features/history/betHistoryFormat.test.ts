import { afterEach, describe, expect, it, vi } from 'vitest';
import { BettingRoutes } from '@karera/shared';
import { onSessionInvalid } from '../../lib/userApi.ts';
import { betHistoryQuery } from './betHistoryApi.ts';
import {
  betTypeName,
  bonusStakeNotReturnedOf,
  formatAmountTimesCount,
  isStillAlive,
  pickRowsOf,
  raceNumbersOf,
  outcomeText,
  ticketOutcomeOf,
  ticketTotalOf,
  winningsOf,
} from './betHistoryFormat.ts';

describe('bet names and amounts', () => {
  it('names a bet type by its code, keeping unknown codes', () => {
    expect(betTypeName('TRI')).toBe('Trifecta');
    expect(betTypeName('PICK4')).toBe('Pick4');
    expect(betTypeName('ZZ')).toBe('ZZ');
  });
  it('splits race numbers', () => {
    expect(raceNumbersOf('3')).toEqual(['3']);
    expect(raceNumbersOf('2/3/4/5')).toEqual(['2', '3', '4', '5']);
  });
  it('formats amount x count in pesos', () => {
    expect(formatAmountTimesCount(500, 6)).toBe('₱5.00 x 6');
    expect(formatAmountTimesCount(123456, 1)).toBe('₱1,234.56 x 1');
  });
  it('totals the bets of a ticket', () => {
    expect(ticketTotalOf({ bets: [] })).toBe(0);
    const bet = { type: 'W', amount: 500, combinations: 6, totalAmount: 3000, picks: '1' };
    expect(ticketTotalOf({ bets: [bet, { ...bet, totalAmount: 100 }] })).toBe(3100);
  });
});

describe('pickRowsOf', () => {
  it('splits single-race picks per place', () => {
    expect(pickRowsOf('TRI', '1,2-3-4,5', '3')).toEqual([
      { label: { kind: 'place', place: 1 }, runners: ['1', '2'] },
      { label: { kind: 'place', place: 2 }, runners: ['3'] },
      { label: { kind: 'place', place: 3 }, runners: ['4', '5'] },
    ]);
  });
  it('splits multi-race picks per leg with its race number', () => {
    expect(pickRowsOf('PICK4', '1/2,3/4/5', '2/3/4/5').map((row) => row.label)).toEqual([
      { kind: 'race', raceNo: '2' },
      { kind: 'race', raceNo: '3' },
      { kind: 'race', raceNo: '4' },
      { kind: 'race', raceNo: '5' },
    ]);
    expect(pickRowsOf('XD', '1/2', '1/3').map((row) => row.label)).toEqual([
      { kind: 'race', raceNo: '1' },
      { kind: 'race', raceNo: '3' },
    ]);
  });
  it('shows at most 7 rows', () => {
    expect(pickRowsOf('WTA', '1/2/3/4/5/6/7/8', '1/2/3/4/5/6/7/8')).toHaveLength(7);
  });
  it('shows nothing for empty picks', () => {
    expect(pickRowsOf('W', '', '1')).toEqual([]);
  });
});

describe('ticketOutcomeOf', () => {
  it('reads a refund, won, lose and undecided', () => {
    expect(ticketOutcomeOf({ status: 'X', wonLose: null, wonAmount: 0 })).toEqual({
      kind: 'refunded',
      reason: 'scratch',
    });
    expect(ticketOutcomeOf({ status: 'won', wonLose: 'WON', wonAmount: 1250 })).toEqual({
      kind: 'won',
      amount: 1250,
    });
    expect(ticketOutcomeOf({ status: 'lost', wonLose: 'LOSE', wonAmount: 0 })).toEqual({ kind: 'lose' });
    expect(ticketOutcomeOf({ status: 'open', wonLose: null, wonAmount: 0 })).toBeNull();
  });
  it('tells a consolation from a win, and a refund by its reason', () => {
    expect(ticketOutcomeOf({ status: 'won', wonLose: 'WON', wonAmount: 800, consolation: true })).toEqual({
      kind: 'consolation',
      amount: 800,
    });
    expect(ticketOutcomeOf({ status: 'X', wonLose: null, wonAmount: 0, refundReason: 'noWinner' })).toEqual({
      kind: 'refunded',
      reason: 'noWinner',
    });
    expect(ticketOutcomeOf({ status: 'X', wonLose: null, wonAmount: 0, refundReason: 'cancelled' })).toEqual({
      kind: 'refunded',
      reason: 'cancelled',
    });
  });
});

describe('outcomeText', () => {
  const texts = { won: (amount: string) => `WON ${amount}`, lose: 'LOSE' };
  it('names a consolation and a refund by its reason, in English and Filipino', () => {
    expect(outcomeText({ kind: 'consolation', amount: 800 }, 'en', texts)).toBe('Consolation ₱8.00');
    expect(outcomeText({ kind: 'consolation', amount: 800 }, 'fil', texts)).toBe('Konsolasyon ₱8.00');
    expect(outcomeText({ kind: 'won', amount: 800 }, 'en', texts)).toBe('WON ₱8.00');
    expect(outcomeText({ kind: 'refunded', reason: 'noWinner' }, 'en', texts)).toBe('No winner: refunded');
    expect(outcomeText({ kind: 'refunded', reason: 'noWinner' }, 'fil', texts)).toBe(
      'Walang nanalo: ibinalik ang taya',
    );
    expect(outcomeText({ kind: 'refunded', reason: 'scratch' }, 'en', texts)).toBe('Scratch');
    expect(outcomeText({ kind: 'refunded', reason: 'cancelled' }, 'en', texts)).toBe('Race cancelled: refunded');
  });
});

describe('bonusStakeNotReturnedOf', () => {
  it('shows the bonus stake a winning ticket did not get back, and nothing otherwise', () => {
    const won = { status: 'won', wonLose: 'WON', wonAmount: 4100, bonusStakeRetained: 1000 } as const;
    expect(bonusStakeNotReturnedOf(won)).toBe(1000);
    expect(bonusStakeNotReturnedOf({ ...won, wonAmount: 0 })).toBe(1000);
    expect(bonusStakeNotReturnedOf({ ...won, bonusStakeRetained: 0 })).toBeNull();
    expect(bonusStakeNotReturnedOf({ ...won, status: 'lost', wonLose: 'LOSE' })).toBeNull();
    expect(bonusStakeNotReturnedOf({ ...won, consolation: true })).toBe(1000);
  });
});

describe('winningsOf', () => {
  const won = {
    status: 'won',
    wonLose: 'WON',
    grossWon: 2_800,
    winningsTax: 180,
    wonAmount: 2_620,
    bonusStakeRetained: 0,
  } as const;
  it('reads a win as gross, the tax withheld and the net to credit', () => {
    expect(winningsOf(won)).toEqual({ gross: 2_800, tax: 180, bonusStakeRetained: 0, net: 2_620 });
    expect(winningsOf({ ...won, consolation: true })).toEqual({
      gross: 2_800,
      tax: 180,
      bonusStakeRetained: 0,
      net: 2_620,
    });
  });
  it('keeps a bonus stake not returned between the gross and the net', () => {
    const bonus = { ...won, grossWon: 5_000, winningsTax: 400, bonusStakeRetained: 300, wonAmount: 4_300 };
    expect(winningsOf(bonus)).toEqual({ gross: 5_000, tax: 400, bonusStakeRetained: 300, net: 4_300 });
  });
  it('gives a win at the ₱1.00 minimum a tax of 0', () => {
    expect(winningsOf({ ...won, grossWon: 1_000, winningsTax: 0, wonAmount: 1_000 })).toEqual({
      gross: 1_000,
      tax: 0,
      bonusStakeRetained: 0,
      net: 1_000,
    });
  });
  it('has nothing for a refund, a loss or an open ticket', () => {
    const none = { grossWon: 0, winningsTax: 0, wonAmount: 0, bonusStakeRetained: 0 };
    expect(winningsOf({ ...none, status: 'X', wonLose: null, refundReason: 'scratch' })).toBeNull();
    expect(winningsOf({ ...none, status: 'lost', wonLose: 'LOSE' })).toBeNull();
    expect(winningsOf({ ...none, status: 'open', wonLose: null })).toBeNull();
  });
});

describe('betHistoryQuery', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  it('posts {} to getBetHistory and reports a 107 to the session-invalid handler', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ statusCode: 107, statusMessage: 'Session expired.' }), {
          status: 401,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const listener = vi.fn();
    const stop = onSessionInvalid(listener);
    await expect(betHistoryQuery.queryFn({ signal: new AbortController().signal })).rejects.toMatchObject({
      statusCode: 107,
    });
    stop();
    expect(listener).toHaveBeenCalledExactlyOnceWith(BettingRoutes.getBetHistory);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(BettingRoutes.getBetHistory);
    expect(init.body).toBe('{}');
  });
});

describe('isStillAlive', () => {
  const leg = (status: 'won' | 'lost' | 'running') => ({
    raceNo: 1,
    status,
    picks: [1],
    winners: [],
    substitutions: [],
    wonByAll: false,
  });
  it('is an open ticket with a leg won and the rest running', () => {
    expect(isStillAlive({ status: 'open', legsSummary: 'alive', legs: [leg('won'), leg('running')] })).toBe(true);
  });
  it('is not a ticket none of whose legs has run, one with a lost leg, a settled one or a single-race one', () => {
    expect(isStillAlive({ status: 'open', legsSummary: 'alive', legs: [leg('running'), leg('running')] })).toBe(false);
    expect(isStillAlive({ status: 'open', legsSummary: 'lost', legs: [leg('lost'), leg('running')] })).toBe(false);
    expect(isStillAlive({ status: 'won', legsSummary: 'won', legs: [leg('won'), leg('won')] })).toBe(false);
    expect(isStillAlive({ status: 'open', legsSummary: null, legs: [] })).toBe(false);
  });
});
