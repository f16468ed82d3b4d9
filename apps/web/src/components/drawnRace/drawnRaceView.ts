import { compareRunnerNo, type Race, type RaceRunPlan, type Runner } from '@karera/shared';

/** A drawn race's run: the plan, and when it started by the clock the drawing reads. */
export interface DrawnRun extends RaceRunPlan {
  raceId: number;
  startedAt: number;
}

/** running: runners on the track; finished: all home, the result to come; result: the official result is in. */
export type DrawnPhase = 'running' | 'finished' | 'result';

/** Share of the running time gone at `now`, 0 to 1. */
export function shareAt(run: Pick<DrawnRun, 'startedAt' | 'durationMs'>, now: number): number {
  return Math.min(1, Math.max(0, (now - run.startedAt) / run.durationMs));
}

/** The running shown in steps (reduced motion): held at the last whole step, the finish shown as it is. */
export function steppedShare(share: number, steps: number): number {
  return share >= 1 ? 1 : Math.floor(share * steps) / steps;
}

/**
 * Until every runner is home the race is running; then it waits for the official result (the race done
 * and its places read), then shows it.
 */
export function phaseOf(race: Pick<Race, 'status' | 'runners'>, share: number): DrawnPhase {
  if (share < 1) return 'running';
  return race.status === 'D' && race.runners.some((runner) => runner.finishPosition !== null) ? 'result' : 'finished';
}

/** The runners in lanes, by number as on the card. */
export function lanesOf(order: readonly string[]): string[] {
  return [...order].sort(compareRunnerNo);
}

/** The official result as the race records it: placed runners, winner first. */
export function officialOrderOf(race: Race): Runner[] {
  return race.runners
    .filter((runner) => runner.finishPosition !== null)
    .sort((a, b) => (a.finishPosition ?? 0) - (b.finishPosition ?? 0) || compareRunnerNo(a.runnerNo, b.runnerNo));
}

/**
 * Whether the leader is worth announcing now: a screen reader hears a new leader at most every
 * `calmMs`, so the race is followed without a flood of updates.
 */
export function shouldAnnounceLeader(
  last: { runnerNo: string | null; at: number },
  leader: string,
  now: number,
  calmMs: number,
): boolean {
  if (leader === last.runnerNo) return false;
  return last.runnerNo === null || now - last.at >= calmMs;
}
