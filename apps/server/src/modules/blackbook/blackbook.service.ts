import type { Kysely } from 'kysely';
import {
  BlackbookMessages,
  manilaDayOf,
  type BlackbookEntry,
  type BlackbookFollowInput,
  type BlackbookResponse,
  type FollowedRunner,
  type FollowKind,
  type RaceFollowsResponse,
} from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';

type Db = Kysely<Database>;

/** The table a followed subject lives in. */
const SUBJECT_TABLE = { horse: 'horses', jockey: 'jockeys', trainer: 'trainers' } as const;

/** The player's followed horses, jockeys and trainers with their names and notes: newest first. */
export async function listFollows(db: Db, playerId: number): Promise<BlackbookEntry[]> {
  const rows = await db
    .selectFrom('blackbook_follows as f')
    .leftJoin('horses', (join) => join.onRef('horses.id', '=', 'f.subject_id').on('f.kind', '=', 'horse'))
    .leftJoin('jockeys', (join) => join.onRef('jockeys.id', '=', 'f.subject_id').on('f.kind', '=', 'jockey'))
    .leftJoin('trainers', (join) => join.onRef('trainers.id', '=', 'f.subject_id').on('f.kind', '=', 'trainer'))
    .select([
      'f.kind',
      'f.subject_id',
      'f.note',
      'f.created_at',
      'f.id',
      'horses.name as horse_name',
      'jockeys.name as jockey_name',
      'trainers.name as trainer_name',
    ])
    .where('f.player_id', '=', playerId)
    .orderBy('f.id', 'desc')
    .execute();
  return rows.map((row) => ({
    kind: row.kind,
    id: row.subject_id,
    name: row.horse_name ?? row.jockey_name ?? row.trainer_name ?? '',
    note: row.note,
    followedAt: row.created_at,
  }));
}

async function subjectExists(db: Db, kind: FollowKind, id: number): Promise<boolean> {
  const row = await db.selectFrom(SUBJECT_TABLE[kind]).select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/**
 * Follows a horse, jockey or trainer for the player, or changes the note of one already followed (a follow
 * without a note keeps the note there is). Answers whether it was newly followed.
 */
export async function follow(db: Db, playerId: number, input: BlackbookFollowInput): Promise<boolean> {
  if (!(await subjectExists(db, input.kind, input.id))) throw notFound(BlackbookMessages.subjectNotFound);
  const note = input.note === undefined ? undefined : input.note.trim() === '' ? null : input.note.trim();
  const now = new Date().toISOString();
  const existing = await db
    .selectFrom('blackbook_follows')
    .select('id')
    .where('player_id', '=', playerId)
    .where('kind', '=', input.kind)
    .where('subject_id', '=', input.id)
    .executeTakeFirst();
  if (existing) {
    if (note !== undefined) {
      await db
        .updateTable('blackbook_follows')
        .set({ note, updated_at: now })
        .where('id', '=', existing.id)
        .where('player_id', '=', playerId)
        .execute();
    }
    return false;
  }
  await db
    .insertInto('blackbook_follows')
    .values({
      player_id: playerId,
      kind: input.kind,
      subject_id: input.id,
      note: note ?? null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['player_id', 'kind', 'subject_id']).doNothing())
    .execute();
  return true;
}

/** Stops following: only ever the player's own row. */
export async function unfollow(db: Db, playerId: number, kind: FollowKind, id: number): Promise<void> {
  const result = await db
    .deleteFrom('blackbook_follows')
    .where('player_id', '=', playerId)
    .where('kind', '=', kind)
    .where('subject_id', '=', id)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw badRequest(BlackbookMessages.notFollowed);
}

/** The player's followed subjects as sets of ids, by kind. */
async function followedIds(db: Db, playerId: number): Promise<Record<FollowKind, Set<number>>> {
  const rows = await db
    .selectFrom('blackbook_follows')
    .select(['kind', 'subject_id'])
    .where('player_id', '=', playerId)
    .execute();
  const ids: Record<FollowKind, Set<number>> = { horse: new Set(), jockey: new Set(), trainer: new Set() };
  for (const row of rows) ids[row.kind].add(row.subject_id);
  return ids;
}

function followedFor(
  ids: Record<FollowKind, Set<number>>,
  runner: { horse_id: number | null; jockey_id: number | null; trainer_id: number | null },
): FollowKind[] {
  const kinds: FollowKind[] = [];
  if (runner.horse_id !== null && ids.horse.has(runner.horse_id)) kinds.push('horse');
  if (runner.jockey_id !== null && ids.jockey.has(runner.jockey_id)) kinds.push('jockey');
  if (runner.trainer_id !== null && ids.trainer.has(runner.trainer_id)) kinds.push('trainer');
  return kinds;
}

/** The followed horses', jockeys' and trainers' runners in the races of a Manila race day, by post time. */
export async function followedOnDay(db: Db, playerId: number, day: string): Promise<FollowedRunner[]> {
  const ids = await followedIds(db, playerId);
  if (ids.horse.size + ids.jockey.size + ids.trainer.size === 0) return [];
  const mine = (kind: FollowKind) =>
    db.selectFrom('blackbook_follows').select('subject_id').where('player_id', '=', playerId).where('kind', '=', kind);
  const rows = await db
    .selectFrom('runners')
    .innerJoin('races', 'races.id', 'runners.race_id')
    .innerJoin('game_events', 'game_events.id', 'races.event_id')
    .leftJoin('horses', 'horses.id', 'runners.horse_id')
    .leftJoin('trainers', 'trainers.id', 'horses.trainer_id')
    .select([
      'runners.id',
      'runners.runner_no',
      'runners.horse_name',
      'runners.jockey_name',
      'runners.status',
      'runners.horse_id',
      'runners.jockey_id',
      'horses.trainer_id',
      'trainers.name as trainer_name',
      'races.id as race_id',
      'races.race_no',
      'races.status as race_status',
      'races.start_time',
      'game_events.id as event_id',
      'game_events.name as event_name',
    ])
    .where('game_events.race_date', '=', day)
    .where((eb) =>
      eb.or([
        eb('runners.horse_id', 'in', mine('horse')),
        eb('runners.jockey_id', 'in', mine('jockey')),
        eb('horses.trainer_id', 'in', mine('trainer')),
      ]),
    )
    .orderBy('races.start_time')
    .orderBy('races.id')
    .orderBy('runners.id')
    .execute();
  return rows.map((row) => ({
    runnerId: row.id,
    runnerNo: row.runner_no,
    horseName: row.horse_name,
    jockeyName: row.jockey_name,
    trainerName: row.trainer_name,
    runnerStatus: row.status,
    followedFor: followedFor(ids, row),
    raceId: row.race_id,
    raceNo: row.race_no,
    raceStatus: row.race_status,
    postTime: row.start_time,
    eventId: row.event_id,
    eventName: row.event_name,
  }));
}

/** The player's blackbook and their followed runners in today's races (Manila). */
export async function blackbookOf(db: Db, playerId: number, now: Date = new Date()): Promise<BlackbookResponse> {
  const today = manilaDayOf(now);
  return {
    statusCode: 200,
    follows: await listFollows(db, playerId),
    today,
    followedToday: await followedOnDay(db, playerId, today),
  };
}

/** A race's runners with their records and what of each the player follows (the /live marker). */
export async function raceFollows(db: Db, playerId: number, raceId: number): Promise<RaceFollowsResponse> {
  const race = await db.selectFrom('races').select('id').where('id', '=', raceId).executeTakeFirst();
  if (!race) throw notFound(BlackbookMessages.subjectNotFound);
  const ids = await followedIds(db, playerId);
  const runners = await db
    .selectFrom('runners')
    .leftJoin('horses', 'horses.id', 'runners.horse_id')
    .select(['runners.id', 'runners.horse_id', 'runners.jockey_id', 'horses.trainer_id'])
    .where('runners.race_id', '=', raceId)
    .orderBy('runners.id')
    .execute();
  return {
    statusCode: 200,
    raceId,
    runners: runners.map((runner) => ({
      runnerId: runner.id,
      horseId: runner.horse_id,
      jockeyId: runner.jockey_id,
      trainerId: runner.trainer_id,
      followedFor: followedFor(ids, runner),
    })),
  };
}

/** A player who follows a runner, and for what (its horse, jockey or trainer). */
export interface RunnerFollower {
  playerId: number;
  followedFor: FollowKind[];
}

/**
 * The players following a runner's horse, jockey or trainer: whom to tell when it is entered or scratched
 * (the notifications issue calls this). Each player once, by id.
 */
export async function followersOfRunner(db: Db, runnerId: number): Promise<RunnerFollower[]> {
  const runner = await db
    .selectFrom('runners')
    .leftJoin('horses', 'horses.id', 'runners.horse_id')
    .select(['runners.horse_id', 'runners.jockey_id', 'horses.trainer_id'])
    .where('runners.id', '=', runnerId)
    .executeTakeFirst();
  if (!runner) return [];
  const subjects: { kind: FollowKind; id: number | null }[] = [
    { kind: 'horse', id: runner.horse_id },
    { kind: 'jockey', id: runner.jockey_id },
    { kind: 'trainer', id: runner.trainer_id },
  ];
  const wanted = subjects.filter((subject): subject is { kind: FollowKind; id: number } => subject.id !== null);
  if (wanted.length === 0) return [];
  const rows = await db
    .selectFrom('blackbook_follows')
    .select(['player_id', 'kind'])
    .where((eb) => eb.or(wanted.map((s) => eb.and([eb('kind', '=', s.kind), eb('subject_id', '=', s.id)]))))
    .orderBy('player_id')
    .execute();
  const byPlayer = new Map<number, FollowKind[]>();
  for (const row of rows) {
    const kinds = byPlayer.get(row.player_id) ?? [];
    kinds.push(row.kind);
    byPlayer.set(row.player_id, kinds);
  }
  const order: readonly FollowKind[] = ['horse', 'jockey', 'trainer'];
  return [...byPlayer].map(([playerId, kinds]) => ({
    playerId,
    followedFor: order.filter((kind) => kinds.includes(kind)),
  }));
}
