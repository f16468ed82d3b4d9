import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BET_TYPES, betTypeByCode, defaultAmountOf, legRaceNumbers, legsOf } from '../betTypes.ts';
import { countCombinations, enumerateCombinations } from './combinations.ts';
import { BetMessages, checkBet, fundBet } from './rules.ts';

/** The obvious, slow definition: every tuple of the cartesian product, kept if the type allows it. */
function bruteForce(single: boolean, selections: number[][]): number {
  const sets = selections.map((s) => [...new Set(s)]);
  if (sets.length === 0) return 0;
  let tuples: number[][] = [[]];
  for (const set of sets) tuples = tuples.flatMap((t) => set.map((r) => [...t, r]));
  return tuples.filter((t) => !single || new Set(t).size === t.length).length;
}

describe('combination counting', () => {
  for (const type of BET_TYPES) {
    const positions = type.raceType === 'single' ? type.selector : legsOf(type);
    it(`${type.code}: matches a brute-force enumeration`, () => {
      fc.assert(
        fc.property(
          fc.array(
            fc.array(fc.integer({ min: 1, max: type.raceType === 'single' ? 9 : 6 }), { minLength: 1, maxLength: 5 }),
            {
              minLength: positions,
              maxLength: positions,
            },
          ),
          (selections) => {
            const expected = bruteForce(type.raceType === 'single', selections);
            expect(countCombinations(type, selections)).toBe(expected);
            expect(enumerateCombinations(type, selections)).toHaveLength(expected);
          },
        ),
        { numRuns: 60 },
      );
    });
  }

  it('counts the spec examples', () => {
    const forecast = betTypeByCode('FC');
    const pick4 = betTypeByCode('PICK4');
    if (!forecast || !pick4) throw new Error('missing type');
    expect(
      countCombinations(forecast, [
        [1, 2, 3],
        [1, 2, 3],
      ]),
    ).toBe(6);
    expect(countCombinations(forecast, [[1], [1]])).toBe(0);
    expect(countCombinations(pick4, [[1, 2], [3], [4, 5, 6], [7]])).toBe(6);
  });
});

describe('legs', () => {
  it('covers consecutive races, and races n and n+2 for XD', () => {
    const byCode = (code: string) => betTypeByCode(code) ?? BET_TYPES[0];
    expect(legRaceNumbers(byCode('W'), 3)).toEqual([3]);
    expect(legRaceNumbers(byCode('DD+1'), 2)).toEqual([2, 3, 4]);
    expect(legRaceNumbers(byCode('XD'), 1)).toEqual([1, 3]);
    expect(legRaceNumbers(byCode('WTA'), 1)).toHaveLength(7);
    expect(BET_TYPES.map((t) => defaultAmountOf(t))).toEqual(BET_TYPES.map((t) => t.minBet));
  });
});

describe('checkBet', () => {
  const type = (code: string) => betTypeByCode(code) ?? BET_TYPES[0];

  it('prices a valid slip: combinations x amount', () => {
    expect(
      checkBet(
        type('TRI'),
        [
          [1, 2],
          [1, 2, 3],
          [3, 4],
        ],
        500,
      ),
    ).toEqual({ ok: true, value: { combinations: 6, total: 3000 } });
  });

  it.each([
    ['a missing place', 'FC', [[1]], 100, BetMessages.pickEveryPosition],
    ['an empty place', 'FC', [[1], []], 100, BetMessages.pickEveryPosition],
    [
      '2000 combinations',
      'PICK4',
      [
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
        [1, 2, 3, 4],
        [1, 2, 3, 4, 5],
      ],
      200,
      BetMessages.tooManyCombinations,
    ],
    ['a fraction of a peso', 'W', [[1]], 150, BetMessages.wholePesos],
    ['zero', 'W', [[1]], 0, BetMessages.wholePesos],
    ['below the minimum', 'PICK4', [[1], [2], [3], [4]], 100, BetMessages.minBet(2)],
    ['an odd WTA amount', 'WTA', [[1], [2], [3], [4], [5], [6], [7]], 300, BetMessages.evenOnly],
    ['only repeated runners', 'FC', [[1], [1]], 100, BetMessages.sameRunnerEveryPlace],
    ['a trifecta 1-1-2', 'TRI', [[1], [1], [2]], 100, BetMessages.sameRunnerEveryPlace],
    ['a trifecta 1-2-1', 'TRI', [[1], [2], [1]], 100, BetMessages.sameRunnerEveryPlace],
    ['a quartet whose last place repeats', 'QRT', [[1, 2], [1, 2], [3], [1, 2]], 100, BetMessages.sameRunnerEveryPlace],
    [
      'a pentafecta of four runners',
      'PENTA',
      [
        [1, 2, 3, 4],
        [1, 2, 3, 4],
        [1, 2, 3, 4],
        [1, 2, 3, 4],
        [1, 2, 3, 4],
      ],
      100,
      BetMessages.sameRunnerEveryPlace,
    ],
  ])('refuses %s', (_case, code, selections, amount, message) => {
    expect(checkBet(type(code), selections, amount)).toEqual({ ok: false, message });
  });

  it.each(BET_TYPES.map((t) => [t.code, t] as const))(
    'refuses a %s selection that lists a runner twice in one place or leg',
    (_code, betType) => {
      const places = betType.raceType === 'single' ? betType.selector : legsOf(betType);
      const distinct = Array.from({ length: places }, (_, i) => [i + 1]);
      const amount = betType.minBet * 2;
      expect(checkBet(betType, distinct, amount).ok).toBe(true);
      for (let place = 0; place < places; place++) {
        const repeated = distinct.map((runners, i) => (i === place ? [...runners, ...runners] : runners));
        expect(checkBet(betType, repeated, amount)).toEqual({ ok: false, message: BetMessages.runnerPickedTwice });
      }
    },
  );

  it('keeps a single-race selection that has a runner in two places while some combination is distinct', () => {
    // 1-2-3 and 2-1-3 stay; 1-1-3 and 2-2-3 are dropped (docs/product/betting.md#combinations-and-cost).
    expect(checkBet(type('TRI'), [[1, 2], [1, 2], [3]], 100)).toEqual({
      ok: true,
      value: { combinations: 2, total: 200 },
    });
    // Multi-race legs are different races: the same number in two legs is two different horses.
    expect(checkBet(type('DD'), [[1], [1]], 200).ok).toBe(true);
  });
});

describe('fundBet', () => {
  it('uses credit alone when bonus is off', () => {
    expect(fundBet(500, { credit: 500, bonus: 1000 }, false)).toEqual({ fromBonus: 0, fromCredit: 500 });
    expect(fundBet(501, { credit: 500, bonus: 1000 }, false)).toBeNull();
  });

  it('spends bonus first, credit for the rest, when bonus is on', () => {
    expect(fundBet(500, { credit: 0, bonus: 1000 }, true)).toEqual({ fromBonus: 500, fromCredit: 0 });
    expect(fundBet(1500, { credit: 600, bonus: 1000 }, true)).toEqual({ fromBonus: 1000, fromCredit: 500 });
    expect(fundBet(1700, { credit: 600, bonus: 1000 }, true)).toBeNull();
  });

  it('never spends more than the total or a negative amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e9 }),
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 1e9 }),
        fc.boolean(),
        (total, credit, bonus, useBonus) => {
          const funding = fundBet(total, { credit, bonus }, useBonus);
          if (funding === null) {
            expect(useBonus ? credit + bonus : credit).toBeLessThan(total);
            return;
          }
          expect(funding.fromBonus + funding.fromCredit).toBe(total);
          expect(funding.fromBonus).toBeGreaterThanOrEqual(0);
          expect(funding.fromCredit).toBeGreaterThanOrEqual(0);
          expect(funding.fromBonus).toBeLessThanOrEqual(bonus);
          expect(funding.fromCredit).toBeLessThanOrEqual(credit);
        },
      ),
    );
  });
});
