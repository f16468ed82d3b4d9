import type { BetTypeDefinition } from '../betTypes.ts';
import type { Selections } from './combinations.ts';

/*
 * Bet builders write ordinary selections (one runner list per place or leg): the server checks and counts
 * them with checkBet / countCombinations like any other slip, so a builder adds no rule of its own.
 */

/** How a slip can be built: pick per place, a box, or a banker (key) with runners around it. */
export type BuilderKind = 'standard' | 'box' | 'banker';

/**
 * The builders a bet type offers: a box and a banker need places of one race in order (Forecast, Trifecta,
 * Quartet, Pentafecta); Win and the multi-race types are built place by place (or leg by leg, All for a
 * field).
 */
export function builderKindsOf(type: Pick<BetTypeDefinition, 'raceType' | 'selector'>): BuilderKind[] {
  return type.raceType === 'single' && type.selector >= 2 ? ['standard', 'box', 'banker'] : ['standard'];
}

/** Distinct runners, ascending, as a slip sends them. */
function runnerList(runners: Iterable<number>): number[] {
  return [...new Set(runners)].sort((a, b) => a - b);
}

/**
 * A box: the same runners in every place. Every order of any `places` of them is one combination (a
 * runner never takes two places), so N runners make N x (N-1) x ... over the places.
 */
export function boxSelections(runners: Iterable<number>, places: number): Selections {
  const box = runnerList(runners);
  return Array.from({ length: places }, () => box);
}

/**
 * A banker (key): `banker` fixed in place `bankerPlace` (0 = 1st), the `others` in every other place
 * (the banker itself left out of them). Empty when there is no banker.
 */
export function bankerSelections(
  banker: number | null,
  bankerPlace: number,
  others: Iterable<number>,
  places: number,
): Selections {
  const around = runnerList(others).filter((runner) => runner !== banker);
  return Array.from({ length: places }, (_, place) =>
    place === bankerPlace ? (banker === null ? [] : [banker]) : around,
  );
}

/** A field (All): place or leg `index` takes every runner of `field`, the other places stay as they are. */
export function withField(selections: Selections, index: number, field: Iterable<number>): Selections {
  const all = runnerList(field);
  return selections.map((runners, place) => (place === index ? all : runners));
}
