import type { Kysely, Selectable } from 'kysely';
import type { PastRun } from '@karera/shared';
import type { Database, RunnerResultsTable } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** Horses with their details and their trainer's name: what a horse page and the back office show of one. */
export function horsesWithTrainer(db: Db) {
  return db
    .selectFrom('horses')
    .leftJoin('trainers', 'trainers.id', 'horses.trainer_id')
    .select([
      'horses.id',
      'horses.name',
      'horses.sex',
      'horses.foaling_year',
      'horses.colour',
      'horses.sire',
      'horses.dam',
      'horses.owner',
      'horses.trainer_id',
      'trainers.name as trainer_name',
    ]);
}

/**
 * The horse of this name, entered now if there is none (names are unique: two callers entering the same new
 * horse at once get the one record).
 */
export async function findOrCreateHorse(db: Db, name: string, now: string): Promise<number> {
  const found = await db.selectFrom('horses').select('id').where('name', '=', name).executeTakeFirst();
  if (found) return found.id;
  await db
    .insertInto('horses')
    .values({ name, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('horses').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

/** The first jockey of this name, entered now if there is none (a licence number tells namesakes apart). */
export async function findOrCreateJockey(db: Db, name: string, now: string): Promise<number> {
  const found = await db.selectFrom('jockeys').select('id').where('name', '=', name).orderBy('id').executeTakeFirst();
  if (found) return found.id;
  const { id } = await db
    .insertInto('jockeys')
    .values({ name, licence_no: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export interface FormRace {
  raceId: number;
  raceDate: string;
  track: string;
  distanceM: number | null;
  raceClass: string | null;
}

export async function findFormRace(db: Db, raceId: number): Promise<FormRace | undefined> {
  const row = await db
    .selectFrom('races')
    .innerJoin('game_events', 'game_events.id', 'races.event_id')
    .select(['races.id', 'game_events.race_date', 'game_events.arena', 'races.distance_m', 'races.race_class'])
    .where('races.id', '=', raceId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    raceId: row.id,
    raceDate: row.race_date,
    track: row.arena,
    distanceM: row.distance_m,
    raceClass: row.race_class,
  };
}

export interface FormRunnerRow {
  id: number;
  runner_no: string;
  horse_name: string;
  jockey_name: string;
  status: 'A' | 'S';
  horse_id: number | null;
  jockey_id: number | null;
  weight_kg_tenths: number | null;
  gate: number | null;
  rating: number | null;
  equipment: string;
  trainer_id: number | null;
  trainer_name: string | null;
}

export async function runnersOfRace(db: Db, raceId: number): Promise<FormRunnerRow[]> {
  return db
    .selectFrom('runners')
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
      'runners.weight_kg_tenths',
      'runners.gate',
      'runners.rating',
      'runners.equipment',
      'horses.trainer_id',
      'trainers.name as trainer_name',
    ])
    .where('runners.race_id', '=', raceId)
    .execute();
}

type ResultRow = Pick<
  Selectable<RunnerResultsTable>,
  | 'horse_id'
  | 'jockey_id'
  | 'trainer_id'
  | 'race_date'
  | 'track'
  | 'distance_m'
  | 'race_class'
  | 'outcome'
  | 'position'
  | 'margin_hundredths'
  | 'field_size'
>;

const RESULT_COLUMNS = [
  'horse_id',
  'jockey_id',
  'trainer_id',
  'race_date',
  'track',
  'distance_m',
  'race_class',
  'outcome',
  'position',
  'margin_hundredths',
  'field_size',
] as const;

export function pastRunOf(row: ResultRow): PastRun {
  return {
    raceDate: row.race_date,
    track: row.track,
    distanceM: row.distance_m,
    raceClass: row.race_class,
    outcome: row.outcome,
    position: row.position,
    marginHundredths: row.margin_hundredths,
    fieldSize: row.field_size,
  };
}

/** Every result of these horses on race days before `beforeDay`, oldest first. */
export async function resultsOfHorses(db: Db, horseIds: readonly number[], beforeDay: string): Promise<ResultRow[]> {
  if (horseIds.length === 0) return [];
  return db
    .selectFrom('runner_results')
    .select(RESULT_COLUMNS)
    .where('horse_id', 'in', horseIds)
    .where('race_date', '<', beforeDay)
    .orderBy('race_date')
    .orderBy('runner_id')
    .execute();
}

/** Results ridden by these jockeys (or trained by these trainers) from `fromDay` to `toDay`, other races. */
export async function resultsInWindow(
  db: Db,
  by: 'jockey_id' | 'trainer_id',
  ids: readonly number[],
  window: { fromDay: string; toDay: string; exceptRaceId: number },
): Promise<ResultRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('runner_results')
    .select(RESULT_COLUMNS)
    .where(by, 'in', ids)
    .where('race_date', '>=', window.fromDay)
    .where('race_date', '<=', window.toDay)
    .where('race_id', '<>', window.exceptRaceId)
    .execute();
}

/** What a runner_results row copies from its runner, horse and race day. */
export interface ResultContext {
  runnerId: number;
  runnerNo: string;
  horseId: number | null;
  jockeyId: number | null;
  trainerId: number | null;
}

export async function resultContextOfRace(db: Db, raceId: number): Promise<ResultContext[]> {
  const rows = await db
    .selectFrom('runners')
    .leftJoin('horses', 'horses.id', 'runners.horse_id')
    .select(['runners.id', 'runners.runner_no', 'runners.horse_id', 'runners.jockey_id', 'horses.trainer_id'])
    .where('runners.race_id', '=', raceId)
    .execute();
  return rows.map((row) => ({
    runnerId: row.id,
    runnerNo: row.runner_no,
    horseId: row.horse_id,
    jockeyId: row.jockey_id,
    trainerId: row.trainer_id,
  }));
}
