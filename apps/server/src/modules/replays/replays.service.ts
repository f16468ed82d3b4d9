import type { Kysely } from 'kysely';
import { BlackbookMessages, compareRunnerNo, type EventReplaysResponse, type RaceReplayResponse } from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { raceRunOf } from '../simulator/index.ts';

/**
 * A finished race to watch again: the run the simulator recorded when it sent the race off (drawn the same
 * way as on /live) and the operator's replay video when the race carries one. 404 for a race that is not
 * finished or has neither.
 */
export async function raceReplay(db: Kysely<Database>, raceId: number): Promise<RaceReplayResponse> {
  const race = await db
    .selectFrom('races')
    .innerJoin('game_events', 'game_events.id', 'races.event_id')
    .select([
      'races.id',
      'races.race_no',
      'races.status',
      'races.replay_url',
      'game_events.id as event_id',
      'game_events.name as event_name',
      'game_events.race_date',
    ])
    .where('races.id', '=', raceId)
    .executeTakeFirst();
  if (!race || race.status !== 'D') throw notFound(BlackbookMessages.replayNotFound);
  const run = await raceRunOf(db, raceId);
  const videoUrl = race.replay_url?.trim() ? race.replay_url.trim() : null;
  if (!run && !videoUrl) throw notFound(BlackbookMessages.replayNotFound);
  const runners = await db
    .selectFrom('runners')
    .select(['id', 'runner_no', 'horse_name', 'jockey_name', 'status', 'finish_position'])
    .where('race_id', '=', raceId)
    .execute();
  runners.sort((a, b) => compareRunnerNo(a.runner_no, b.runner_no));
  return {
    statusCode: 200,
    raceId: race.id,
    raceNo: race.race_no,
    eventId: race.event_id,
    eventName: race.event_name,
    raceDate: race.race_date,
    run: run ? { durationMs: run.durationMs, seed: run.seed, order: [...run.order] } : null,
    videoUrl,
    runners: runners.map((runner) => ({
      id: runner.id,
      runnerNo: runner.runner_no,
      horseName: runner.horse_name,
      jockeyName: runner.jockey_name,
      status: runner.status,
      finishPosition: runner.finish_position,
    })),
  };
}

/** The finished races of a race day with a recorded run or a replay video, by race number. */
export async function eventReplays(db: Kysely<Database>, eventId: number): Promise<EventReplaysResponse> {
  const races = await db
    .selectFrom('races')
    .leftJoin('demo_race_runs', 'demo_race_runs.race_id', 'races.id')
    .select(['races.id', 'races.race_no', 'races.replay_url', 'demo_race_runs.race_id as run_race_id'])
    .where('races.event_id', '=', eventId)
    .where('races.status', '=', 'D')
    .orderBy('races.race_no')
    .execute();
  return {
    statusCode: 200,
    eventId,
    races: races
      .filter((race) => race.run_race_id !== null || Boolean(race.replay_url?.trim()))
      .map((race) => ({ raceId: race.id, raceNo: race.race_no })),
  };
}
