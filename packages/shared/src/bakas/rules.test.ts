import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { betTypeByCode, type BetTypeDefinition } from '../betTypes.ts';
import { countCombinations } from '../betting/combinations.ts';
import {
  BakasMessages,
  cutToMoney,
  organiserFee,
  settleShares,
  sharePrice,
  splitByShares,
  type BakasHolding,
} from './rules.ts';

const typeOf = (code: string) => betTypeByCode(code) as BetTypeDefinition;

const holdingsArb = fc
  .array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 30 })
  .map((counts) => counts.map((shares, index): BakasHolding => ({ shares, firstShareSeq: index })));

describe('splitByShares (decision 056)', () => {
  it('always sums to the amount, and no member gets more than their exact share plus one centavo', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_000 }), holdingsArb, (amount, holdings) => {
        const parts = splitByShares(amount, holdings);
        expect(parts).toHaveLength(holdings.length);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(amount);
        const total = holdings.reduce((sum, h) => sum + h.shares, 0);
        // exact - 1 < part <= exact + 1, compared without fractions: part * total vs amount * shares. Checked
        // as one boolean per run (an expect per holding made the 2,000 runs take seconds on a busy machine).
        const outOfBounds = holdings.findIndex((holding, index) => {
          const part = BigInt(parts[index] ?? -1);
          const exactTimesTotal = BigInt(amount) * BigInt(holding.shares);
          return (
            part * BigInt(total) > exactTimesTotal + BigInt(total) ||
            part * BigInt(total) <= exactTimesTotal - BigInt(total) ||
            !Number.isSafeInteger(parts[index])
          );
        });
        expect(outOfBounds).toBe(-1);
      }),
      { numRuns: 2000 },
    );
  }, 30_000);

  it('gives equal holdings equal parts but for one centavo, the extra centavos to the earliest shares', () => {
    // ₱10.00 over three single shares: 334, 333, 333; the earliest share takes the odd centavo.
    expect(
      splitByShares(1000, [
        { shares: 1, firstShareSeq: 3 },
        { shares: 1, firstShareSeq: 1 },
        { shares: 1, firstShareSeq: 2 },
      ]),
    ).toEqual([333, 334, 333]);
    // Largest remainder first: 100 over 3+3+1 shares (exact 42.857, 42.857, 14.285) gives 43, 43, 14.
    expect(
      splitByShares(100, [
        { shares: 3, firstShareSeq: 0 },
        { shares: 3, firstShareSeq: 1 },
        { shares: 1, firstShareSeq: 2 },
      ]),
    ).toEqual([43, 43, 14]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 50 }), (amount, n) => {
        const parts = splitByShares(
          amount,
          Array.from({ length: n }, (_, i) => ({ shares: 1, firstShareSeq: i })),
        );
        const floor = Math.floor(amount / n);
        const extra = amount - floor * n;
        expect(parts).toEqual(Array.from({ length: n }, (_, i) => floor + (i < extra ? 1 : 0)));
      }),
    );
  });

  it('refuses money that is not whole centavos and holdings without shares', () => {
    expect(() => splitByShares(10.5, [{ shares: 1, firstShareSeq: 0 }])).toThrow();
    expect(() => splitByShares(-1, [{ shares: 1, firstShareSeq: 0 }])).toThrow();
    expect(() => splitByShares(100, [])).toThrow();
    expect(() => splitByShares(100, [{ shares: 0, firstShareSeq: 0 }])).toThrow();
  });
});

describe('organiserFee and settleShares', () => {
  it('takes the fee on net winnings only: nothing on a loss, a refund, or a payout at or below the cost', () => {
    expect(organiserFee(0, 10_000, 10)).toBe(0);
    expect(organiserFee(8_000, 10_000, 10)).toBe(0);
    expect(organiserFee(10_000, 10_000, 10)).toBe(0);
    expect(organiserFee(10_000, 10_000, 10, true)).toBe(0);
    expect(organiserFee(20_000, 10_000, 10, true)).toBe(0);
    // ₱1,000 ticket paying ₱5,000.55: 10% of ₱4,000.55 is ₱400.055, rounded down.
    expect(organiserFee(500_055, 100_000, 10)).toBe(40_005);
    expect(organiserFee(500_055, 100_000, 0)).toBe(0);
    expect(() => organiserFee(500_055, 100_000, 11)).toThrow();
  });

  it('never takes more than the percent of the gain, and the members and the fee sum to the payout', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10 }),
        fc.boolean(),
        holdingsArb,
        (payout, cost, feePercent, refunded, holdings) => {
          const organiserIndex = holdings.length - 1;
          const { fee, parts } = settleShares({
            payout,
            placedCost: cost,
            feePercent,
            refunded,
            holdings,
            organiserIndex,
          });
          expect(parts.reduce((a, b) => a + b, 0)).toBe(payout);
          const gain = Math.max(0, payout - cost);
          if (refunded || payout <= cost) expect(fee).toBe(0);
          expect(fee).toBeGreaterThanOrEqual(0);
          expect(fee * 100).toBeLessThanOrEqual(gain * feePercent);
          expect((fee + 1) * 100).toBeGreaterThan(gain * feePercent * (refunded ? 0 : 1));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('pays a Pick 6 win to 7 members with a 5% fee to the centavo', () => {
    // ₱1,400 ticket in 14 shares of ₱100; the organiser holds 3, six friends 2, 2, 2, 2, 2, 1.
    const holdings = [3, 2, 2, 2, 2, 2, 1].map((shares, i) => ({ shares, firstShareSeq: i }));
    const { fee, parts } = settleShares({
      payout: 1_234_567,
      placedCost: 140_000,
      feePercent: 5,
      refunded: false,
      holdings,
      organiserIndex: 0,
    });
    expect(fee).toBe(54_728); // 5% of ₱10,945.67, rounded down
    // ₱11,798.39 over 14 shares, 84,274.21... a share: the floors (252,822, 5 x 168,548, 84,274) leave 3
    // centavos; the largest remainders are the organiser's (9/14), then the two earliest 2-share members (6/14).
    expect(parts.reduce((a, b) => a + b, 0)).toBe(1_234_567);
    expect(parts).toEqual([252_823 + fee, 168_549, 168_549, 168_548, 168_548, 168_548, 84_274]);
  });
});

describe('sharePrice', () => {
  it('divides the cost exactly, or refuses', () => {
    expect(sharePrice(100_000, 10)).toBe(10_000);
    expect(sharePrice(100_000, 3)).toBeNull();
    expect(sharePrice(100_000, 1)).toBeNull();
    expect(sharePrice(100_000, 101)).toBeNull();
    expect(sharePrice(0, 10)).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), fc.integer({ min: 2, max: 100 }), (cost, shares) => {
        const price = sharePrice(cost, shares);
        if (price === null) expect(cost % shares).not.toBe(0);
        else expect(price * shares).toBe(cost);
      }),
    );
  });
});

describe('cutToMoney: placing a ticket smaller', () => {
  it('drops the last runner of the widest leg, later legs first on a tie', () => {
    const P6 = typeOf('PICK6');
    // 3 x 2 x 1 x 1 x 1 x 2 = 12 combinations at ₱10; ₱80 sold buys 8.
    const selections = [[1, 2, 3], [4, 5], [6], [7], [8], [9, 10]];
    expect(countCombinations(P6, selections)).toBe(12);
    const cut = cutToMoney(P6, selections, 1000, 8000);
    // 3 runners in leg 1 is the widest: drop 3 -> 2x2x2 = 8 combinations, ₱80.
    expect(cut).toEqual({ selections: [[1, 2], [4, 5], [6], [7], [8], [9, 10]], combinations: 8, cost: 8000 });
    // ₱50 buys 5: next the widest are legs 1, 2 and 6 with 2 each; the latest (leg 6) goes first -> 4.
    expect(cutToMoney(P6, selections, 1000, 5000)).toEqual({
      selections: [[1, 2], [4, 5], [6], [7], [8], [9]],
      combinations: 4,
      cost: 4000,
    });
  });

  it('keeps the ticket whole when the money buys it, and cancels when no combination fits', () => {
    const W = typeOf('W');
    expect(cutToMoney(W, [[1, 2, 3]], 1000, 3000)).toEqual({ selections: [[1, 2, 3]], combinations: 3, cost: 3000 });
    expect(cutToMoney(W, [[1, 2, 3]], 1000, 999)).toBeNull();
    expect(cutToMoney(W, [[1, 2, 3]], 1000, 0)).toBeNull();
  });

  it('skips a cut that would leave no combination', () => {
    const EX = typeOf('FC');
    // Forcast [1,2] then [1]: only 2-1 is a combination; dropping 2 from the first place would leave none.
    expect(cutToMoney(EX, [[1, 2], [1]], 1000, 500)).toBeNull();
    // [1,2] then [1,3] is 1-3, 2-1, 2-3: the later place goes first on a tie, leaving 2-1.
    expect(
      cutToMoney(
        EX,
        [
          [1, 2],
          [1, 3],
        ],
        1000,
        1000,
      ),
    ).toEqual({ selections: [[1, 2], [1]], combinations: 1, cost: 1000 });
  });

  it('never costs more than the money, stays a subset of the picks, and is null only below one combination', () => {
    const P6 = typeOf('PICK6');
    fc.assert(
      fc.property(
        fc.array(fc.uniqueArray(fc.integer({ min: 1, max: 14 }), { minLength: 1, maxLength: 5 }), {
          minLength: 6,
          maxLength: 6,
        }),
        fc.integer({ min: 0, max: 200_000 }),
        (selections, money) => {
          const cut = cutToMoney(P6, selections, 1000, money);
          if (!cut) {
            expect(money).toBeLessThan(1000);
            return;
          }
          expect(cut.cost).toBeLessThanOrEqual(money);
          expect(cut.cost).toBe(countCombinations(P6, cut.selections) * 1000);
          cut.selections.forEach((runners, leg) => {
            expect(runners.length).toBeGreaterThan(0);
            expect(selections[leg]?.slice(0, runners.length)).toEqual(runners);
          });
        },
      ),
    );
  });
});

it('says the full-ticket refusal once', () => {
  expect(BakasMessages.allSharesSold).toBe('All shares are sold.');
});
