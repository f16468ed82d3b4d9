import type { Race } from '@karera/shared';
import type { KnownRun } from './runStore.ts';

export interface DrawnScene {
  race: Race;
  run: KnownRun;
}

/**
 * The race the stream area draws: the card's race being run now (its latest start if there were ever
 * two), else the last one run while the screen was open, its result shown until the next goes off.
 * A race without a run (an operator's, or one finished before the screen opened) is not drawn.
 */
export function sceneOf(races: readonly Race[], runs: ReadonlyMap<number, KnownRun>): DrawnScene | null {
  let running: DrawnScene | null = null;
  let finished: DrawnScene | null = null;
  for (const race of races) {
    const run = runs.get(race.raceId);
    if (!run) continue;
    if (race.status === 'C' && (!running || run.startedAt > running.run.startedAt)) running = { race, run };
    if (race.status === 'D' && (!finished || run.startedAt > finished.run.startedAt)) finished = { race, run };
  }
  return running ?? finished;
}
