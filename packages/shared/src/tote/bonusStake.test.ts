import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { betTypeByCode, type BetTypeDefinition } from '../betTypes.ts';
import { settlePool, splitBonusWinnings, takeoutPolicy, type PoolPolicy, type PoolTicket } from './settlePool.ts';

/** Decision 016: the bonus-funded share of a winning ticket pays its winnings without the stake. */

const peso = 100;
const policy: PoolPolicy = takeoutPolicy(0, {
  noWinner: 'refund',
  multiRaceScratch: 'favourite',
  cancelledLeg: 'refund',
});
const W = betTypeByCode('W') as BetTypeDefinition;

describe('splitBonusWinnings by hand-worked examples', () => {
  it('a credit-funded ticket gets its whole payout', () => {
    expect(splitBonusWinnings({ payout: 5100, stake: 1000, bonusStake: 0 })).toEqual({ toCredit: 5100, retained: 0 });
  });

  it('an all-bonus ticket gets its winnings without the stake', () => {
    // ₱10 of bonus on a winner at 5.10: ₱51 back, of which ₱10 is the bonus stake.
    expect(splitBonusWinnings({ payout: 5100, stake: 1000, bonusStake: 1000 })).toEqual({
      toCredit: 4100,
      retained: 1000,
    });
  });

  it('an all-bonus ticket returning less than its stake gives credit nothing', () => {
    // ₱60 of bonus over six runners, the winning line pays ₱51: nothing of it is winnings.
    expect(splitBonusWinnings({ payout: 5100, stake: 6000, bonusStake: 6000 })).toEqual({
      toCredit: 0,
      retained: 5100,
    });
  });

  it('a mixed ticket pays the credit share in full and the bonus share less its stake', () => {
    // ₱10 = ₱7 credit + ₱3 bonus, pays ₱50: ₱35 + (₱15 - ₱3) = ₱47 to credit, ₱3 kept.
    expect(splitBonusWinnings({ payout: 5000, stake: 1000, bonusStake: 300 })).toEqual({
      toCredit: 4700,
      retained: 300,
    });
    // The same ticket paying ₱9 (a multi-line ticket): ₱6.30 + max(0, ₱2.70 - ₱3) = ₱6.30.
    expect(splitBonusWinnings({ payout: 900, stake: 1000, bonusStake: 300 })).toEqual({ toCredit: 630, retained: 270 });
  });

  it('rounds the credit share down: the centavo goes to the house', () => {
    // ₱10 paid on ₱30 of which ₱10 is bonus: the credit share is 666.67 centavos -> 666.
    expect(splitBonusWinnings({ payout: 1000, stake: 3000, bonusStake: 1000 })).toEqual({
      toCredit: 666,
      retained: 334,
    });
  });

  it('a losing or refunded ticket has nothing to split', () => {
    expect(splitBonusWinnings({ payout: 0, stake: 1000, bonusStake: 1000 })).toEqual({ toCredit: 0, retained: 0 });
    expect(splitBonusWinnings({ payout: 500, stake: 0, bonusStake: 0 })).toEqual({ toCredit: 500, retained: 0 });
  });

  it('is exact beyond 2^53 (a capped payout on a large ticket)', () => {
    const stake = 199_900_000_000;
    const payout = 1_000_000_000;
    const split = splitBonusWinnings({ payout, stake, bonusStake: 1 });
    expect(split.toCredit + split.retained).toBe(payout);
    expect(split.retained).toBe(1);
  });
});

describe('splitBonusWinnings properties', () => {
  const funding = fc
    .tuple(fc.integer({ min: 1, max: 200_000_000_000 }), fc.double({ min: 0, max: 1, noNaN: true }))
    .map(([stake, bonusPart]) => ({ stake, bonusStake: Math.floor(stake * bonusPart) }));
  const payout = fc.integer({ min: 0, max: 2_000_000_000 });

  it('credit gets between nothing and the payout, the rest is kept, at most the bonus stake', () => {
    fc.assert(
      fc.property(funding, payout, ({ stake, bonusStake }, paid) => {
        const { toCredit, retained } = splitBonusWinnings({ payout: paid, stake, bonusStake });
        expect(Number.isSafeInteger(toCredit)).toBe(true);
        expect(toCredit).toBeGreaterThanOrEqual(0);
        expect(toCredit).toBeLessThanOrEqual(paid);
        expect(toCredit + retained).toBe(paid);
        expect(retained).toBeGreaterThanOrEqual(0);
        expect(retained).toBeLessThanOrEqual(bonusStake);
      }),
      { numRuns: 500 },
    );
  });

  it('a ticket without bonus is paid in full; an all-bonus ticket gets max(0, payout - stake)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200_000_000_000 }), payout, (stake, paid) => {
        expect(splitBonusWinnings({ payout: paid, stake, bonusStake: 0 })).toEqual({ toCredit: paid, retained: 0 });
        expect(splitBonusWinnings({ payout: paid, stake, bonusStake: stake }).toCredit).toBe(Math.max(0, paid - stake));
      }),
      { numRuns: 300 },
    );
  });

  it('credit is the exact proportional amount rounded down, never more', () => {
    fc.assert(
      fc.property(funding, payout, ({ stake, bonusStake }, paid) => {
        const { toCredit } = splitBonusWinnings({ payout: paid, stake, bonusStake });
        // Exact: credit share + max(0, bonus share - bonus stake), all times the stake.
        const p = BigInt(paid);
        const s = BigInt(stake);
        const b = BigInt(bonusStake);
        const creditTimesStake = p * (s - b);
        const bonusWinningsTimesStake = p * b - b * s > 0n ? p * b - b * s : 0n;
        const exactTimesStake = creditTimesStake + bonusWinningsTimesStake;
        expect(BigInt(toCredit) * s <= exactTimesStake).toBe(true);
        expect((BigInt(toCredit) + 1n) * s > exactTimesStake).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('more payout never means less credit', () => {
    fc.assert(
      fc.property(funding, payout, fc.integer({ min: 0, max: 1_000_000 }), ({ stake, bonusStake }, paid, more) => {
        const a = splitBonusWinnings({ payout: paid, stake, bonusStake }).toCredit;
        const b = splitBonusWinnings({ payout: paid + more, stake, bonusStake }).toCredit;
        expect(b).toBeGreaterThanOrEqual(a);
      }),
      { numRuns: 300 },
    );
  });
});

describe('settlePool pays bonus-funded winners without the stake', () => {
  let nextId = 1;
  const ticket = (runners: number[], amount: number, fromBonus: number): PoolTicket => ({
    id: nextId++,
    amount,
    total: runners.length * amount,
    fromBonus,
    selections: [runners],
  });

  it('bonus spread over every runner of a Win pool: credit rises by the winning ticket profit only', () => {
    // Six tickets of ₱100 bonus, one per runner, and ₱400 of credit money on runner 2 from others.
    const bonusTickets = [1, 2, 3, 4, 5, 6].map((r) => ticket([r], 100 * peso, 100 * peso));
    const crowd = ticket([2], 400 * peso, 0);
    const out = settlePool({
      betType: W,
      tickets: [...bonusTickets, crowd],
      legs: [{ status: 'D', finish: [[3], [1], [2]], scratched: [], favourite: null }],
      policy: { ...policy, shares: [{ name: 'takeout' as const, rateBp: 1500 }] },
      carryIn: 0,
    });
    // ₱1,000 gross, ₱850 net on ₱100: 8.50. The winner pays ₱850, of which ₱100 is its bonus stake.
    const winner = out.tickets.find((t) => t.payout > 0);
    expect(winner).toMatchObject({ payout: 85_000, winningsToCredit: 75_000, bonusStakeRetained: 10_000 });
    expect(out.bonusRetained).toBe(10_000);
    expect(out.payouts).toBe(85_000);
    expect(out.stakes + out.carryIn).toBe(out.payouts + out.refunds + out.takeout + out.carryOut + out.breakage);
  });

  it('one all-bonus ticket over the whole field returns less than its stake: credit gets nothing', () => {
    const field = ticket([1, 2, 3, 4, 5, 6], 100 * peso, 600 * peso);
    const out = settlePool({
      betType: W,
      tickets: [field],
      legs: [{ status: 'D', finish: [[4], [1], [2]], scratched: [], favourite: null }],
      policy: { ...policy, shares: [{ name: 'takeout' as const, rateBp: 1500 }] },
      carryIn: 0,
    });
    // ₱600 gross, ₱510 net on the ₱100 line on 4: 5.10 -> ₱510 paid, all of it inside the ₱600 bonus stake.
    expect(out.tickets[0]).toMatchObject({
      outcome: 'won',
      payout: 51_000,
      winningsToCredit: 0,
      bonusStakeRetained: 51_000,
    });
  });

  it('a scratch refund goes back to bonus and only the stake still riding is withheld', () => {
    // Runners 1 and 2, ₱10 each, all bonus; 2 is scratched: ₱10 back to bonus, ₱10 of bonus rides on 1.
    const a = ticket([1, 2], 10 * peso, 20 * peso);
    const b = ticket([3], 30 * peso, 0);
    const out = settlePool({
      betType: W,
      tickets: [a, b],
      legs: [{ status: 'D', finish: [[1], [3]], scratched: [2], favourite: null }],
      policy,
      carryIn: 0,
    });
    // ₱40 net on ₱10: 4.00 -> ₱40, less the ₱10 bonus stake riding.
    expect(out.tickets[0]).toMatchObject({
      refund: 1000,
      refundToBonus: 1000,
      payout: 4000,
      winningsToCredit: 3000,
      bonusStakeRetained: 1000,
    });
  });
});
