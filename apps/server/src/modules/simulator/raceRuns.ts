import { runnerBaseNumber, type Race, type RaceRunMessage, type RaceRunPlan } from '@karera/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { PubSub } from '../events/index.ts';
import { populationRunOrder } from './population.ts';

/**
 * The drawn race of a demo race (issue 20): when the simulator sends a race off it decides the order its
 * runners will cross the line (the horses' hidden ability and preferences with some luck: the population,
 * decision 053) and a seed for the running, and keeps them in
 * demo_race_runs. Every server reads the same plan (a late viewer gets it on connect, positions being a
 * function of the plan and the time), and the result the simulator records is this order.
 */
export interface RaceRun extends RaceRunPlan {
  raceId: number;
  startedAt: number;
}

export const SEED_LIMIT = 2 ** 31;

function runOf(row: {
  race_id: number;
  started_at: string;
  duration_ms: number;
  seed: number;
  runner_order: string;
}): RaceRun {
  return {
    raceId: row.race_id,
    startedAt: Date.parse(row.started_at),
    durationMs: Number(row.duration_ms),
    seed: Number(row.seed),
    order: row.runner_order === '' ? [] : row.runner_order.split(','),
  };
}

export async function raceRunOf(db: Kysely<Database>, raceId: number): Promise<RaceRun | undefined> {
  const row = await db.selectFrom('demo_race_runs').selectAll().where('race_id', '=', raceId).executeTakeFirst();
  return row ? runOf(row) : undefined;
}

export function raceRunMessage(run: RaceRun, now: number): RaceRunMessage {
  return {
    type: 'RACE_RUN',
    raceId: run.raceId,
    elapsedMs: Math.max(0, now - run.startedAt),
    durationMs: run.durationMs,
    seed: run.seed,
    order: run.order,
  };
}

/**
 * The race's run, decided now if it has none yet (the first writer wins: a simulator that took over
 * from another keeps the plan already drawn), and announced on the socket when it is new.
 */
export async function startRaceRun(
  deps: { db: Kysely<Database>; pubsub: PubSub },
  race: Race,
  options: { durationMs: number; random: (maxExclusive: number) => number; now?: number },
): Promise<RaceRun> {
  const existing = await raceRunOf(deps.db, race.raceId);
  if (existing) return existing;
  const now = options.now ?? Date.now();
  await deps.db
    .insertInto('demo_race_runs')
    .values({
      race_id: race.raceId,
      started_at: new Date(now).toISOString(),
      duration_ms: Math.max(1, Math.round(options.durationMs)),
      seed: options.random(SEED_LIMIT),
      runner_order: (await populationRunOrder(deps.db, race, () => options.random(SEED_LIMIT) / SEED_LIMIT)).join(','),
    })
    .onConflict((oc) => oc.column('race_id').doNothing())
    .execute();
  const run = await raceRunOf(deps.db, race.raceId);
  if (!run) throw new Error(`race run of race ${race.raceId} not stored`);
  await deps.pubsub.publish([raceRunMessage(run, Date.now())]);
  return run;
}

/**
 * The run's order as the race stands now: a runner scratched after the start (an operator's doing)
 * drops out; the result is recorded from this.
 */
export function runOrderStanding(run: RaceRun, race: Race): string[] {
  const running = new Set(race.runners.filter((r) => r.status === 'A').map((r) => r.runnerNo));
  const order = run.order.filter((runnerNo) => running.has(runnerNo));
  // A runner the plan does not know (added after the start) finishes last, by number.
  const missing = [...running].filter((runnerNo) => !order.includes(runnerNo));
  missing.sort((a, b) => runnerBaseNumber(a) - runnerBaseNumber(b) || a.localeCompare(b));
  return [...order, ...missing];
}

/** RACE_RUN for every race running now (closed, its result to come): what a socket gets on connect. */
export async function runningRaceRuns(db: Kysely<Database>, now: number): Promise<RaceRunMessage[]> {
  const rows = await db
    .selectFrom('demo_race_runs')
    .innerJoin('races', 'races.id', 'demo_race_runs.race_id')
    .selectAll('demo_race_runs')
    .where('races.status', '=', 'C')
    .execute();
  return rows.map((row) => raceRunMessage(runOf(row), now));
}
