import { sql, type Kysely } from 'kysely';
import type { DividendLine, PastRun } from '@karera/shared';
import type { Database, RunnerResultsTable } from '../../db/schema.ts';
import { horsesWithTrainer } from './form.repo.ts';

type Db = Kysely<Database>;

export async function findHorse(db: Db, horseId: number) {
  return horsesWithTrainer(db).where('horses.id', '=', horseId).executeTakeFirst();
}

export async function findPerson(db: Db, table: 'jockeys' | 'trainers', id: number) {
  return db.selectFrom(table).select(['id', 'name', 'licence_no']).where('id', '=', id).executeTakeFirst();
}

/** Every result of a horse (what its career figures count), oldest first. */
export async function figuresOfHorse(db: Db, horseId: number): Promise<PastRun[]> {
  const rows = await db
    .selectFrom('runner_results')
    .select([
      'race_date',
      'track',
      'distance_m',
      'race_class',
      'outcome',
      'position',
      'margin_hundredths',
      'field_size',
    ])
    .where('horse_id', '=', horseId)
    .orderBy('race_date')
    .orderBy('runner_id')
    .execute();
  return rows.map((row) => ({
    raceDate: row.race_date,
    track: row.track,
    distanceM: row.distance_m,
    raceClass: row.race_class,
    outcome: row.outcome,
    position: row.position,
    marginHundredths: row.margin_hundredths,
    fieldSize: row.field_size,
  }));
}

type By = 'horse_id' | 'jockey_id' | 'trainer_id';

/**
 * One page of runs (scratchings are not runs) of a horse, or ridden by a jockey, or trained by a trainer:
 * latest first, `limit` of them from `offset`, with what the race card said for each.
 */
export async function runsPage(db: Db, by: By, id: number, offset: number, limit: number) {
  return db
    .selectFrom('runner_results as rr')
    .innerJoin('runners', 'runners.id', 'rr.runner_id')
    .innerJoin('races', 'races.id', 'rr.race_id')
    .select([
      'rr.race_id',
      'rr.horse_id',
      'rr.jockey_id',
      'rr.race_date',
      'rr.track',
      'rr.distance_m',
      'rr.race_class',
      'rr.outcome',
      'rr.position',
      'rr.margin_hundredths',
      'rr.field_size',
      'races.race_no',
      'races.status as race_status',
      'races.replay_url',
      'runners.runner_no',
      'runners.horse_name',
      'runners.jockey_name',
      'runners.weight_kg_tenths',
    ])
    .where(`rr.${by}`, '=', id)
    .where('rr.outcome', '<>', 'scratched')
    .orderBy('rr.race_date', 'desc')
    .orderBy('races.start_time', 'desc')
    .orderBy('rr.runner_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export type RunPageRow = Awaited<ReturnType<typeof runsPage>>[number];

/** Starts, wins, seconds and thirds of a jockey's rides or a trainer's runners, counted by the database. */
export async function recordOf(db: Db, by: 'jockey_id' | 'trainer_id', id: number) {
  const row = await db
    .selectFrom('runner_results')
    .select([
      sql<number | string>`count(*)`.as('starts'),
      sql<number | string | null>`sum(case when outcome = 'finished' and position = 1 then 1 else 0 end)`.as('wins'),
      sql<number | string | null>`sum(case when outcome = 'finished' and position = 2 then 1 else 0 end)`.as('seconds'),
      sql<number | string | null>`sum(case when outcome = 'finished' and position = 3 then 1 else 0 end)`.as('thirds'),
    ])
    .where(by, '=', id)
    .where('outcome', '<>', 'scratched')
    .executeTakeFirstOrThrow();
  const starts = Number(row.starts);
  const wins = Number(row.wins ?? 0);
  const seconds = Number(row.seconds ?? 0);
  const thirds = Number(row.thirds ?? 0);
  return { starts, wins, seconds, thirds, places: seconds + thirds };
}

/** A jockey's rides (or a trainer's runners) from `fromDay` to `toDay`: what a strike rate counts. */
export async function ridesInWindow(
  db: Db,
  by: 'jockey_id' | 'trainer_id',
  id: number,
  fromDay: string,
  toDay: string,
): Promise<Pick<RunnerResultsTable, 'outcome' | 'position' | 'race_date'>[]> {
  return db
    .selectFrom('runner_results')
    .select(['outcome', 'position', 'race_date'])
    .where(by, '=', id)
    .where('race_date', '>=', fromDay)
    .where('race_date', '<=', toDay)
    .execute();
}

/** The races of these ids that have a recorded run to replay. */
export async function racesWithReplay(db: Db, raceIds: readonly number[]): Promise<Set<number>> {
  if (raceIds.length === 0) return new Set();
  const rows = await db.selectFrom('demo_race_runs').select('race_id').where('race_id', 'in', raceIds).execute();
  return new Set(rows.map((row) => row.race_id));
}

/**
 * The Win dividends (centavos per 1.00) of these races, by race and winning runner number: the track's
 * official one where recorded, else the tote's.
 */
export async function winDividends(db: Db, raceIds: readonly number[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  if (raceIds.length === 0) return found;
  const [settled, official] = await Promise.all([
    db
      .selectFrom('pool_settlements')
      .select(['first_race_id', 'dividends'])
      .where('first_race_id', 'in', raceIds)
      .where('bet_type', '=', 'W')
      .where('result', '=', 'paid')
      .execute(),
    db.selectFrom('race_results').select(['race_id', 'official_dividends']).where('race_id', 'in', raceIds).execute(),
  ]);
  for (const row of settled) {
    for (const line of parseList<DividendLine>(row.dividends)) {
      const number = line.combination[0];
      if (line.consolation || line.dividend === null || number === undefined) continue;
      found.set(`${row.first_race_id}|${number}`, line.dividend);
    }
  }
  for (const row of official) {
    for (const line of parseList<{ betType: string; combination: string; dividend: number }>(row.official_dividends)) {
      if (line.betType === 'W' && /^\d+$/.test(line.combination)) {
        found.set(`${row.race_id}|${Number(line.combination)}`, line.dividend);
      }
    }
  }
  return found;
}

function parseList<T>(text: string): T[] {
  try {
    const parsed: unknown = JSON.parse(text);
    // Written by the tote's settlement and result entry only: their shapes are the types named.
    return Array.isArray(parsed) ? (parsed as T[]) : [];
  } catch {
    return [];
  }
}
