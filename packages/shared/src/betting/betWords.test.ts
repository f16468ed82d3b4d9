import { describe, expect, it } from 'vitest';
import { BET_TYPES } from '../betTypes.ts';
import { BET_WORDS, betLineDescription, betTypeName, raceWords, type BetOfLine } from './betWords.ts';

const bet: BetOfLine = {
  ticketNo: 'ABCD2345EFGH',
  betType: 'TRI',
  raceNo: '3',
  eventName: 'Santa Ana Day 1',
  consolation: false,
  refundReason: null,
};

describe('betTypeName', () => {
  it('names every bet type by its spec name, never its code, and leaves an unknown code as it is', () => {
    expect(betTypeName('W')).toBe('Win');
    expect(betTypeName('FC')).toBe('Forcast');
    expect(betTypeName('TRI')).toBe('Trifecta');
    expect(betTypeName('PICK4')).toBe('Pick4');
    for (const type of BET_TYPES) expect(betTypeName(type.code)).toBe(type.name);
    expect(betTypeName('ZZ')).toBe('ZZ');
  });
});

describe('raceWords', () => {
  it('says Race for one race and Races for a multi-race ticket, in both languages', () => {
    expect(raceWords('3', BET_WORDS.en)).toBe('Race 3');
    expect(raceWords('1/2/3/4', BET_WORDS.en)).toBe('Races 1/2/3/4');
    expect(raceWords('3', BET_WORDS.fil)).toBe('Karera 3');
    expect(raceWords('1/2/3/4', BET_WORDS.fil)).toBe('Mga Karera 1/2/3/4');
  });
});

describe('betLineDescription', () => {
  it('names a stake by type, race, race day and ticket', () => {
    expect(betLineDescription(bet, 'stake', 'en')).toBe('Trifecta · Race 3 · Santa Ana Day 1 · Ticket ABCD2345EFGH');
    expect(betLineDescription(bet, 'stake', 'fil')).toBe('Trifecta · Karera 3 · Santa Ana Day 1 · Ticket ABCD2345EFGH');
  });

  it('names a consolation payout as one, and a plain win without it', () => {
    const pick4 = { ...bet, betType: 'PICK4', raceNo: '1/2/3/4', consolation: true };
    expect(betLineDescription(pick4, 'winnings', 'en')).toBe(
      'Consolation · Pick4 · Races 1/2/3/4 · Santa Ana Day 1 · Ticket ABCD2345EFGH',
    );
    expect(betLineDescription(pick4, 'winnings', 'fil')).toMatch(/^Konsolasyon · Pick4 · Mga Karera 1\/2\/3\/4/);
    // The stake of the same ticket is a stake.
    expect(betLineDescription(pick4, 'stake', 'en')).toMatch(/^Pick4 · /);
    expect(betLineDescription(bet, 'winnings', 'en')).toMatch(/^Trifecta · /);
  });

  it('names a rebate on the bet as a rebate', () => {
    expect(betLineDescription(bet, 'bonus', 'en')).toBe(
      'Rebate · Trifecta · Race 3 · Santa Ana Day 1 · Ticket ABCD2345EFGH',
    );
  });

  it('gives a refund its reason', () => {
    expect(betLineDescription({ ...bet, refundReason: 'noWinner' }, 'refund', 'en')).toMatch(
      /^No winner: refunded · Trifecta · Race 3/,
    );
    expect(betLineDescription({ ...bet, refundReason: 'noWinner' }, 'refund', 'fil')).toMatch(
      /^Walang nanalo: ibinalik ang taya · Trifecta/,
    );
    expect(betLineDescription({ ...bet, refundReason: 'scratch' }, 'refund', 'en')).toMatch(/^Scratch · Trifecta/);
    expect(betLineDescription({ ...bet, refundReason: 'cancelled' }, 'refund', 'en')).toMatch(
      /^Race cancelled: refunded · /,
    );
  });
});
