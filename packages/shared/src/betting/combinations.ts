import type { BetTypeDefinition } from '../betTypes.ts';

/**
 * Selections are runner numbers (letter suffixes dropped: 1 and 1A are one betting interest) per
 * position for single-race types, per leg for multi-race types.
 */
export type Selections = readonly (readonly number[])[];

/** Combinations must stay below this (docs/product/betting.md#combinations-and-cost). */
export const MAX_COMBINATIONS = 2000;

/**
 * How many tickets-of-one-unit a selection makes. Single-race types count ordered picks with no runner
 * twice; multi-race types multiply the legs. Duplicates within one position count once.
 */
export function countCombinations(type: Pick<BetTypeDefinition, 'raceType'>, selections: Selections): number {
  const sets = selections.map((position) => [...new Set(position)]);
  if (sets.length === 0 || sets.some((s) => s.length === 0)) return 0;
  if (type.raceType !== 'single') return sets.reduce((product, s) => product * s.length, 1);
  return countDistinct(sets, 0, new Set());
}

/** Ordered picks, one per position, all different; the last position is counted, not walked. */
function countDistinct(sets: readonly number[][], index: number, used: Set<number>): number {
  const current = sets[index] ?? [];
  if (index === sets.length - 1) return current.filter((runner) => !used.has(runner)).length;
  let total = 0;
  for (const runner of current) {
    if (used.has(runner)) continue;
    used.add(runner);
    total += countDistinct(sets, index + 1, used);
    used.delete(runner);
  }
  return total;
}

/** Every combination, for tests and for settling small tickets: each is one runner per position or leg. */
export function enumerateCombinations(type: Pick<BetTypeDefinition, 'raceType'>, selections: Selections): number[][] {
  const sets = selections.map((position) => [...new Set(position)]);
  let combos: number[][] = [[]];
  for (const set of sets) {
    combos = combos.flatMap((combo) =>
      set.filter((runner) => type.raceType !== 'single' || !combo.includes(runner)).map((runner) => [...combo, runner]),
    );
  }
  return sets.length === 0 ? [] : combos;
}
