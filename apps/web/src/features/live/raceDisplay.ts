import type { Race, Runner } from '@karera/shared';

/**
 * What the race shows above its runners (docs/product/screens.md#race-display): A waits for betting with its start
 * time; L is the last call; C and any status without its own notice read 'Close Bet'; X is cancelled;
 * D without finishing places yet is pending. O, and D with its result, need no notice.
 */
export type RaceNotice =
  | { kind: 'awaiting'; startDateTime: string }
  | { kind: 'legStarts'; startDateTime: string }
  | { kind: 'lastCall' }
  | { kind: 'closed' }
  | { kind: 'cancelled' }
  | { kind: 'resultPending' };

/** What a runner's row shows at its end. */
export type RunnerMark = 'bet' | 'scratched' | 'first' | 'unplaced' | 'none';

/** D's result is in once any runner has its official place. */
export function hasResult(race: Race): boolean {
  return race.runners.some((runner) => runner.finishPosition !== null);
}

/**
 * `onSale`: the pool being built takes tickets now, so a later leg awaiting its opening needs no
 * 'Waiting to open bet' (its runners are pickable); it shows when it starts.
 */
export function raceNotice(race: Race, onSale = false): RaceNotice | null {
  switch (race.status) {
    case 'A':
      return onSale
        ? { kind: 'legStarts', startDateTime: race.startDateTime }
        : { kind: 'awaiting', startDateTime: race.startDateTime };
    case 'O':
      return null;
    case 'L':
      return { kind: 'lastCall' };
    case 'D':
      return hasResult(race) ? null : { kind: 'resultPending' };
    case 'X':
      return { kind: 'cancelled' };
    default:
      return { kind: 'closed' };
  }
}

/**
 * Scratched always shows; while the pool being built is on sale every other runner has a Bet toggle
 * (a later leg of a multi-race pool may still await its own opening); a done race with its result
 * marks the winner (dead heats: every runner placed 1) '1st' and the rest 'X'.
 */
export function runnerMark(race: Race, runner: Runner, onSale: boolean): RunnerMark {
  if (runner.status === 'S') return 'scratched';
  if (onSale) return 'bet';
  if (race.status === 'D' && hasResult(race)) return runner.finishPosition === 1 ? 'first' : 'unplaced';
  return 'none';
}

/**
 * The runners placed first in a race that has run (several in a dead heat), as "3 Hangin"; empty
 * before the result. A multi-race ticket's leg tabs show it above the leg's runners.
 */
export function winnersOf(race: Race): string[] {
  if (race.status !== 'D') return [];
  return race.runners
    .filter((runner) => runner.finishPosition === 1)
    .map((runner) => `${runner.runnerNo} ${runner.horseName}`);
}
