import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BET_TYPES, legsOf, type BetTypeDefinition } from '../betTypes.ts';
import { bankerSelections, boxSelections, builderKindsOf, withField } from './builders.ts';
import { countCombinations, enumerateCombinations, MAX_COMBINATIONS } from './combinations.ts';
import { checkBet } from './rules.ts';

const SINGLE_PLACES = BET_TYPES.filter((type) => builderKindsOf(type).includes('box'));

function byCode(code: string): BetTypeDefinition {
  const type = BET_TYPES.find((candidate) => candidate.code === code);
  if (!type) throw new Error(`no bet type ${code}`);
  return type;
}
const MULTI_LEG = BET_TYPES.filter((type) => type.raceType !== 'single');

/** Every ordered choice of `k` different runners from `runners`: what a box means, written the slow way. */
function orderedChoices(runners: readonly number[], k: number): number[][] {
  if (k === 0) return [[]];
  return runners.flatMap((runner) =>
    orderedChoices(
      runners.filter((other) => other !== runner),
      k - 1,
    ).map((rest) => [runner, ...rest]),
  );
}

const key = (combination: readonly number[]) => combination.join('-');
const keysOf = (combinations: readonly (readonly number[])[]) => combinations.map(key).sort();

/** Distinct runner numbers of a card of up to 14 runners. */
const runnersArb = (minLength: number) => fc.uniqueArray(fc.integer({ min: 1, max: 14 }), { minLength, maxLength: 8 });

describe('builderKindsOf', () => {
  it('offers a box and a banker for the single-race types of two or more places only', () => {
    expect(SINGLE_PLACES.map((type) => type.code)).toEqual(['FC', 'TRI', 'QRT', 'PENTA']);
    for (const type of BET_TYPES) {
      if (!SINGLE_PLACES.includes(type)) expect(builderKindsOf(type)).toEqual(['standard']);
    }
  });
});

describe('a box', () => {
  for (const type of SINGLE_PLACES) {
    it(`${type.code}: expands to every order of ${type.selector} of its runners, as the server counts it`, () => {
      fc.assert(
        fc.property(runnersArb(0), (runners) => {
          const selections = boxSelections(runners, type.selector);
          const expected = orderedChoices(runners, type.selector);
          expect(countCombinations(type, selections)).toBe(expected.length);
          expect(keysOf(enumerateCombinations(type, selections))).toEqual(keysOf(expected));
        }),
        { numRuns: 80 },
      );
    });
  }

  it('counts the familiar boxes: Forecast 3 → 6, Trifecta 3 → 6, Trifecta 4 → 24, Quartet 5 → 120', () => {
    expect(countCombinations(byCode('FC'), boxSelections([1, 2, 3], 2))).toBe(6);
    expect(countCombinations(byCode('TRI'), boxSelections([3, 1, 2], 3))).toBe(6);
    expect(countCombinations(byCode('TRI'), boxSelections([1, 2, 3, 4], 3))).toBe(24);
    expect(countCombinations(byCode('QRT'), boxSelections([1, 2, 3, 4, 5], 4))).toBe(120);
    expect(boxSelections([3, 1, 3, 2], 3)).toEqual([
      [1, 2, 3],
      [1, 2, 3],
      [1, 2, 3],
    ]);
  });

  it('is a slip the server takes, priced combinations x amount, while it stays under the limit', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SINGLE_PLACES), runnersArb(1), (type, runners) => {
        const selections = boxSelections(runners, type.selector);
        const combinations = orderedChoices(runners, type.selector).length;
        const check = checkBet(type, selections, type.minBet);
        if (combinations > 0 && combinations < MAX_COMBINATIONS) {
          expect(check).toEqual({ ok: true, value: { combinations, total: combinations * type.minBet } });
        } else {
          expect(check.ok).toBe(false);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('a banker', () => {
  for (const type of SINGLE_PLACES) {
    it(`${type.code}: expands to the banker in its place and every order of the others around it`, () => {
      fc.assert(
        fc.property(
          runnersArb(1),
          fc.nat({ max: type.selector - 1 }),
          fc.integer({ min: 0, max: 7 }),
          (runners, bankerPlace, bankerIndex) => {
            const banker = runners[bankerIndex % runners.length] ?? 0;
            // The others may name the banker too: a builder leaves it out of them.
            const selections = bankerSelections(banker, bankerPlace, runners, type.selector);
            const others = runners.filter((runner) => runner !== banker);
            const expected = orderedChoices(others, type.selector - 1).map((rest) => [
              ...rest.slice(0, bankerPlace),
              banker,
              ...rest.slice(bankerPlace),
            ]);
            expect(countCombinations(type, selections)).toBe(expected.length);
            expect(keysOf(enumerateCombinations(type, selections))).toEqual(keysOf(expected));
            expect(selections[bankerPlace]).toEqual([banker]);
          },
        ),
        { numRuns: 80 },
      );
    });
  }

  it('counts the familiar bankers: Forecast 2 with 1,3,4 → 3, Trifecta 5 in 2nd with four others → 12', () => {
    expect(bankerSelections(2, 0, [1, 3, 4], 2)).toEqual([[2], [1, 3, 4]]);
    expect(countCombinations(byCode('FC'), bankerSelections(2, 0, [1, 3, 4], 2))).toBe(3);
    expect(countCombinations(byCode('TRI'), bankerSelections(5, 1, [1, 2, 3, 4], 3))).toBe(12);
  });

  it('without a banker leaves its place empty: no combination, and the server asks for every place', () => {
    const forecast = byCode('FC');
    const selections = bankerSelections(null, 0, [1, 2], 2);
    expect(selections).toEqual([[], [1, 2]]);
    expect(countCombinations(forecast, selections)).toBe(0);
    expect(checkBet(forecast, selections, 100).ok).toBe(false);
  });
});

describe('a field', () => {
  it('per leg of a multi-race type: the leg takes every runner and the count multiplies by the field', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...MULTI_LEG),
        // Few runners a leg: a seven-leg WTA enumerates the product.
        fc.array(fc.uniqueArray(fc.integer({ min: 1, max: 14 }), { minLength: 1, maxLength: 3 }), {
          minLength: 7,
          maxLength: 7,
        }),
        fc.nat({ max: 6 }),
        runnersArb(1),
        (type, legs, fieldLeg, field) => {
          const legCount = legsOf(type);
          const base = legs.slice(0, legCount);
          const index = fieldLeg % legCount;
          const selections = withField(base, index, field);
          const expected = base.reduce((product, leg, i) => product * (i === index ? field.length : leg.length), 1);
          expect(countCombinations(type, selections)).toBe(expected);
          expect(enumerateCombinations(type, selections)).toHaveLength(expected);
          expect(selections[index]).toEqual([...field].sort((a, b) => a - b));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('per place of a single-race type: combinations still never repeat a runner', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SINGLE_PLACES),
        fc.array(runnersArb(1), { minLength: 5, maxLength: 5 }),
        fc.nat({ max: 4 }),
        runnersArb(1),
        (type, places, fieldPlace, field) => {
          const selections = withField(places.slice(0, type.selector), fieldPlace % type.selector, field);
          const combinations = enumerateCombinations(type, selections);
          expect(countCombinations(type, selections)).toBe(combinations.length);
          for (const combination of combinations) expect(new Set(combination).size).toBe(type.selector);
        },
      ),
      { numRuns: 150 },
    );
  });
});
