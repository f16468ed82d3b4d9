/**
 * Form figures (decision 053): what a form guide prints beside a runner, computed from its past runs. Pure:
 * the server reads the runs, the web shows the figures, both from here.
 *
 * - A start is a run the horse began: finished, disqualified or did not finish. A scratched run is not a
 *   start: it appears in no figure and does not end a spell (days since the last run).
 * - The last five figures are written oldest first, the latest run last (rightmost), as HKJC's "last 6 runs"
 *   and Australian form figures read: `3-1-5-2-1` won its latest start. A finish is its position (a dead heat
 *   shares the position), `D` a disqualification, `F` a run that did not finish.
 * - A win is first place, dead heats for first included. A place is second or third (dead heats included):
 *   the career line `12: 3-2-1` is starts, wins, seconds, thirds, as Philippine and Australian guides print
 *   it, and `places` counts the seconds and thirds, never the wins. A disqualified or unfinished run is a
 *   start without a win or a place.
 * - A record at a distance counts runs over exactly that distance (metres); on a track, runs at that track.
 * - Dates are Manila race days (YYYY-MM-DD); days between them are calendar days.
 */

export const RUN_OUTCOMES = ['finished', 'scratched', 'disqualified', 'didNotFinish'] as const;
export type RunOutcome = (typeof RUN_OUTCOMES)[number];

/** One run of a horse (or one ride of a jockey, one runner of a trainer). */
export interface PastRun {
  /** Manila race day, YYYY-MM-DD. */
  raceDate: string;
  track: string;
  /** Metres; null when not known (a run of unknown distance is in no distance record). */
  distanceM: number | null;
  raceClass: string | null;
  outcome: RunOutcome;
  /** The official position when finished (1 = won; dead heats share it); null otherwise. */
  position: number | null;
  /** Lengths behind the winner in hundredths (150 = 1.5 lengths); null for the winner or when unknown. */
  marginHundredths: number | null;
  /** Runners that started in the race. */
  fieldSize: number;
}

/** A career line: starts, wins, seconds, thirds; places are the seconds and thirds. */
export interface FormRecord {
  starts: number;
  wins: number;
  seconds: number;
  thirds: number;
  places: number;
}

/** Wins out of rides (a jockey's, a trainer's) in a window of days. */
export interface StrikeRate {
  wins: number;
  rides: number;
}

/** How many runs the last-finishes figure shows. */
export const LAST_FINISHES_SHOWN = 5;
/** The window of a jockey's and a trainer's strike rate, in calendar days ending on the as-of day. */
export const STRIKE_RATE_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

function dayNumber(day: string): number {
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(ms)) throw new Error(`Not a race day: ${day}`);
  return Math.round(ms / DAY_MS);
}

/** Calendar days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** True for a run the horse started (every run but a scratching). */
export function isStart(run: Pick<PastRun, 'outcome'>): boolean {
  return run.outcome !== 'scratched';
}

/** The starts, oldest first (runs of one day keep the order they were given in). */
export function startsInOrder<T extends Pick<PastRun, 'outcome' | 'raceDate'>>(runs: readonly T[]): T[] {
  return runs
    .map((run, index) => ({ run, index }))
    .filter(({ run }) => isStart(run))
    .sort((a, b) => a.run.raceDate.localeCompare(b.run.raceDate) || a.index - b.index)
    .map(({ run }) => run);
}

/** One run's figure: its position, `D` disqualified, `F` did not finish. Null for a scratching. */
export function finishFigure(run: Pick<PastRun, 'outcome' | 'position'>): string | null {
  switch (run.outcome) {
    case 'scratched':
      return null;
    case 'disqualified':
      return 'D';
    case 'didNotFinish':
      return 'F';
    case 'finished':
      return run.position === null ? 'F' : String(run.position);
  }
}

/** The last `count` starts' figures, oldest first, the latest last: `3-1-5-2-1`; '' for a first starter. */
export function lastFinishes(runs: readonly PastRun[], count: number = LAST_FINISHES_SHOWN): string {
  return startsInOrder(runs)
    .slice(-count)
    .map((run) => finishFigure(run) ?? '')
    .join('-');
}

function isWin(run: Pick<PastRun, 'outcome' | 'position'>): boolean {
  return run.outcome === 'finished' && run.position === 1;
}

/** Starts, wins, seconds and thirds of the runs (scratchings are not starts). */
export function formRecord(runs: readonly Pick<PastRun, 'outcome' | 'position'>[]): FormRecord {
  const record: FormRecord = { starts: 0, wins: 0, seconds: 0, thirds: 0, places: 0 };
  for (const run of runs) {
    if (!isStart(run)) continue;
    record.starts += 1;
    if (run.outcome !== 'finished') continue;
    if (run.position === 1) record.wins += 1;
    if (run.position === 2) record.seconds += 1;
    if (run.position === 3) record.thirds += 1;
  }
  record.places = record.seconds + record.thirds;
  return record;
}

/** `12: 3-2-1` (starts: wins-seconds-thirds). */
export function formatRecord(record: FormRecord): string {
  return `${record.starts}: ${record.wins}-${record.seconds}-${record.thirds}`;
}

/** The record over exactly this distance. */
export function distanceRecord(runs: readonly PastRun[], distanceM: number): FormRecord {
  return formRecord(runs.filter((run) => run.distanceM === distanceM));
}

/** The record at this track (names compared without case or surrounding spaces). */
export function trackRecord(runs: readonly PastRun[], track: string): FormRecord {
  const key = track.trim().toLowerCase();
  return formRecord(runs.filter((run) => run.track.trim().toLowerCase() === key));
}

/** Calendar days from the latest start to `asOf`; null for a first starter. */
export function daysSinceLastRun(runs: readonly PastRun[], asOf: string): number | null {
  const latest = startsInOrder(runs).at(-1);
  return latest ? daysBetween(latest.raceDate, asOf) : null;
}

/** A horse that has never started (scratchings do not count). */
export function isFirstStarter(runs: readonly Pick<PastRun, 'outcome'>[]): boolean {
  return !runs.some(isStart);
}

/**
 * Wins out of rides in the `days` calendar days ending on `asOf` (asOf included: a ride `days` days before
 * it is out). Scratchings are not rides; a dead heat for first is a win; a disqualification is a ride, not
 * a win. Rides after `asOf` are not counted.
 */
export function strikeRate(
  rides: readonly Pick<PastRun, 'outcome' | 'position' | 'raceDate'>[],
  asOf: string,
  days: number = STRIKE_RATE_DAYS,
): StrikeRate {
  const result: StrikeRate = { wins: 0, rides: 0 };
  for (const ride of rides) {
    if (!isStart(ride)) continue;
    const ago = daysBetween(ride.raceDate, asOf);
    if (ago < 0 || ago >= days) continue;
    result.rides += 1;
    if (isWin(ride)) result.wins += 1;
  }
  return result;
}

/** What the form guide shows for a horse in a race at `track` over `distanceM` on `asOf`. */
export interface HorseForm {
  lastFinishes: string;
  daysSinceLastRun: number | null;
  firstStarter: boolean;
  career: FormRecord;
  /** Null when the race's distance is not known. */
  atDistance: FormRecord | null;
  atTrack: FormRecord;
}

/** The horse's figures from its runs before the race (the caller passes only runs before it). */
export function horseForm(
  runs: readonly PastRun[],
  race: { asOf: string; track: string; distanceM: number | null },
): HorseForm {
  return {
    lastFinishes: lastFinishes(runs),
    daysSinceLastRun: daysSinceLastRun(runs, race.asOf),
    firstStarter: isFirstStarter(runs),
    career: formRecord(runs),
    atDistance: race.distanceM === null ? null : distanceRecord(runs, race.distanceM),
    atTrack: trackRecord(runs, race.track),
  };
}
