import type { Runner } from '@karera/shared';
import { activeSelection, baseNumber, canPick, toggleRunner } from '../selection.ts';
import { allPicked, type PlacePicks } from '../slip.ts';

/*
 * The bet builders on the slip's picks (runner numbers as listed, letters kept, one set per place). A
 * builder only rewrites the places: what it writes is sent and counted like any slip. The picks are the
 * one source of truth; a builder reads its box or its banker back from them on every render, so a placed
 * bet (picks emptied) or a scratch leaves nothing stale behind.
 */

/** Every runner picked in any place: the runners of a box. */
export function boxOf(places: PlacePicks, runners: readonly Runner[]): Set<string> {
  return new Set(places.flatMap((picks) => [...activeSelection(picks, runners)]));
}

/** The same runners in each of `count` places. */
export function boxed(box: ReadonlySet<string>, count: number): PlacePicks {
  return Array.from({ length: count }, () => new Set(box));
}

/** Bet on a runner of a box: it joins (or leaves) every place, its coupled entry with it. */
export function toggleBoxed(places: PlacePicks, runners: readonly Runner[], runnerNo: string): PlacePicks {
  return boxed(toggleRunner(boxOf(places, runners), runners, runnerNo), places.length);
}

/** The field boxed: every runner in every place; once they all are, the box is emptied. */
export function fieldBoxed(places: PlacePicks, runners: readonly Runner[]): PlacePicks {
  const box = boxOf(places, runners);
  return boxed(allPicked(box, runners) ? new Set() : pickable(runners), places.length);
}

/** A banker's picks: the banker (one runner, with its coupled entry) and the runners around it. */
export interface BankerPicks {
  banker: Set<string>;
  others: Set<string>;
}

/** The banker's place holds the banker; every other place the runners around it (never the banker). */
export function bankerOf(places: PlacePicks, runners: readonly Runner[], bankerPlace: number): BankerPicks {
  const banker = activeSelection(places[bankerPlace] ?? new Set(), runners);
  const others = places.flatMap((picks, place) => (place === bankerPlace ? [] : [...activeSelection(picks, runners)]));
  return { banker, others: withoutEntry(new Set(others), banker) };
}

/** The places of a banker in place `bankerPlace` of `count`. */
export function bankered({ banker, others }: BankerPicks, bankerPlace: number, count: number): PlacePicks {
  const around = withoutEntry(others, banker);
  return Array.from({ length: count }, (_, place) => new Set(place === bankerPlace ? banker : around));
}

/** A runner (or none) becomes the banker; it leaves the runners around it if it was one of them. */
export function chooseBanker(
  places: PlacePicks,
  runners: readonly Runner[],
  bankerPlace: number,
  runnerNo: string | null,
): PlacePicks {
  const { others } = bankerOf(places, runners, bankerPlace);
  const banker = runnerNo === null ? new Set<string>() : toggleRunner(new Set(), runners, runnerNo);
  return bankered({ banker, others }, bankerPlace, places.length);
}

/** Bet on a runner around the banker: it joins or leaves every place but the banker's. The banker stays put. */
export function toggleAround(
  places: PlacePicks,
  runners: readonly Runner[],
  bankerPlace: number,
  runnerNo: string,
): PlacePicks {
  const picks = bankerOf(places, runners, bankerPlace);
  if (sameEntry(picks.banker, runnerNo)) return places;
  return bankered(
    { banker: picks.banker, others: toggleRunner(picks.others, runners, runnerNo) },
    bankerPlace,
    places.length,
  );
}

/** The field around the banker: every other runner; once they all are, none. */
export function fieldAround(places: PlacePicks, runners: readonly Runner[], bankerPlace: number): PlacePicks {
  const { banker } = bankerOf(places, runners, bankerPlace);
  const others = aroundIsField(places, runners, bankerPlace)
    ? new Set<string>()
    : withoutEntry(pickable(runners), banker);
  return bankered({ banker, others }, bankerPlace, places.length);
}

/** Whether every runner but the banker is around it: the field control reads pressed. */
export function aroundIsField(places: PlacePicks, runners: readonly Runner[], bankerPlace: number): boolean {
  const picks = bankerOf(places, runners, bankerPlace);
  const field = withoutEntry(pickable(runners), picks.banker);
  return field.size > 0 && [...field].every((runnerNo) => picks.others.has(runnerNo));
}

/** The banker moves to another place; the runners around it follow into the others. */
export function moveBanker(places: PlacePicks, runners: readonly Runner[], from: number, to: number): PlacePicks {
  return bankered(bankerOf(places, runners, from), to, places.length);
}

/**
 * The picks when the player switches to a builder, keeping what can be kept: a box takes every runner
 * picked anywhere; a banker keeps its place's pick when that is one runner, the other picks around it;
 * picking by place keeps the places as they are.
 */
export function startBuilder(
  kind: 'standard' | 'box' | 'banker',
  places: PlacePicks,
  runners: readonly Runner[],
  bankerPlace: number,
): PlacePicks {
  if (kind === 'box') return boxed(boxOf(places, runners), places.length);
  if (kind === 'standard') return places;
  const { banker, others } = bankerOf(places, runners, bankerPlace);
  const single = new Set([...banker].map(baseNumber)).size === 1;
  const kept = single ? banker : new Set<string>();
  const around = new Set([...others, ...(single ? [] : banker)]);
  return bankered({ banker: kept, others: around }, bankerPlace, places.length);
}

function pickable(runners: readonly Runner[]): Set<string> {
  return new Set(runners.filter(canPick).map((runner) => runner.runnerNo));
}

/** Whether `runnerNo` is one of the banker's coupled entry (1 and 1A are one betting interest). */
function sameEntry(banker: ReadonlySet<string>, runnerNo: string): boolean {
  return [...banker].some((picked) => baseNumber(picked) === baseNumber(runnerNo));
}

function withoutEntry(runnerNos: ReadonlySet<string>, banker: ReadonlySet<string>): Set<string> {
  return new Set([...runnerNos].filter((runnerNo) => !sameEntry(banker, runnerNo)));
}
