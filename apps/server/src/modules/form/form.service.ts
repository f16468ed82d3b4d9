import { sql, type Kysely } from 'kysely';
import {
  addCalendarDays,
  compareRunnerNo,
  horseForm,
  RacingMessages,
  runnerBaseNumber,
  STRIKE_RATE_DAYS,
  type FormGuideResponse,
  type FormGuideRunner,
  type PastRun,
  type RunOutcome,
} from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { clearFormCaches, type FormCache } from './form-cache.ts';
import { horseFormsFromTallies, retally, strikeRatesFromTallies } from './form-tallies.ts';
import {
  findFormRace,
  type FormRace,
  type FormRunnerRow,
  findOrCreateHorse,
  findOrCreateJockey,
  pastRunOf,
  resultContextOfRace,
  resultsOfHorses,
  runnersOfRace,
} from './form.repo.ts';

type Db = Kysely<Database>;

/** In the caller's transaction when given one, else in a transaction of its own. */
async function inTransaction<T>(db: Db, run: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/**
 * The horse and jockey records of a runner entered by name (the back office and the simulator type names
 * today): found by name, or entered with only their name.
 */
export async function recordsForRunner(
  db: Db,
  names: { horseName?: string | undefined; jockeyName?: string | undefined },
  now: string = new Date().toISOString(),
): Promise<{ horseId?: number; jockeyId?: number }> {
  return {
    ...(names.horseName ? { horseId: await findOrCreateHorse(db, names.horseName, now) } : {}),
    ...(names.jockeyName ? { jockeyId: await findOrCreateJockey(db, names.jockeyName, now) } : {}),
  };
}

function groupBy<K>(rows: readonly { key: K | null; run: PastRun }[]): Map<K, PastRun[]> {
  const groups = new Map<K, PastRun[]>();
  for (const { key, run } of rows) {
    if (key === null) continue;
    const list = groups.get(key);
    if (list) list.push(run);
    else groups.set(key, [run]);
  }
  return groups;
}

/** Tenths of a kilogram as kilograms with one decimal: 545 -> "54.5". */
export function kilogramsText(tenths: number): string {
  return `${Math.trunc(tenths / 10)}.${Math.abs(tenths % 10)}`;
}

function equipmentOf(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((code): code is string => typeof code === 'string') : [];
  } catch {
    return [];
  }
}

const distinct = (ids: readonly (number | null)[]): number[] => [
  ...new Set(ids.filter((id): id is number => id !== null)),
];

/**
 * A race's form guide: each runner's figures (decision 053) from the stored results before its race day, and
 * its jockey's and trainer's wins out of rides in the 30 days up to it (other races of the day included).
 */
export async function raceFormGuide(db: Db, raceId: number, cache?: FormCache): Promise<FormGuideResponse> {
  const since = cache?.generation() ?? 0;
  // Two independent reads: at once (one round trip on PostgreSQL's pool).
  const [race, runners] = await Promise.all([findFormRace(db, raceId), runnersOfRace(db, raceId)]);
  if (!race) throw notFound(RacingMessages.raceNotFound);
  // The card as it reads now: a cached guide answers only for the same race and runners.
  const signature = JSON.stringify([race, runners]);
  const cached = cache?.get(raceId, signature);
  if (cached) return cached;
  const guide = await computeFormGuide(db, race, runners);
  cache?.set(raceId, signature, since, guide);
  return guide;
}

async function computeFormGuide(db: Db, race: FormRace, runners: readonly FormRunnerRow[]): Promise<FormGuideResponse> {
  const { raceId } = race;
  const horseIds = distinct(runners.map((runner) => runner.horse_id));
  const jockeyIds = distinct(runners.map((runner) => runner.jockey_id));
  const trainerIds = distinct(runners.map((runner) => runner.trainer_id));
  const window = {
    fromDay: addCalendarDays(race.raceDate, -(STRIKE_RATE_DAYS - 1)),
    toDay: race.raceDate,
    exceptRaceId: raceId,
  };
  const asRun = { asOf: race.raceDate, track: race.track, distanceM: race.distanceM };
  // The tallies (decision 053): a few rows a runner. A horse that has run since the race's day (a past
  // race's guide) is read from its results before the day instead.
  const [{ forms, later }, ridesOfJockey, runnersOfTrainer] = await Promise.all([
    horseFormsFromTallies(db, horseIds, asRun),
    strikeRatesFromTallies(db, 'jockey', jockeyIds, window),
    strikeRatesFromTallies(db, 'trainer', trainerIds, window),
  ]);
  const laterRows = await resultsOfHorses(db, later, race.raceDate);
  const runsOfHorse = groupBy(laterRows.map((row) => ({ key: row.horse_id, run: pastRunOf(row) })));
  const noRates = { wins: 0, rides: 0 };

  const lines = runners.map((runner): FormGuideRunner => {
    const form =
      (runner.horse_id === null ? undefined : forms.get(runner.horse_id)) ??
      horseForm(runner.horse_id === null ? [] : (runsOfHorse.get(runner.horse_id) ?? []), asRun);
    return {
      runnerId: runner.id,
      runnerNo: runner.runner_no,
      horseName: runner.horse_name,
      jockeyName: runner.jockey_name,
      status: runner.status,
      horseId: runner.horse_id,
      jockeyId: runner.jockey_id,
      trainerId: runner.trainer_id,
      trainerName: runner.trainer_name,
      weightKg: runner.weight_kg_tenths === null ? null : kilogramsText(runner.weight_kg_tenths),
      gate: runner.gate,
      rating: runner.rating,
      equipment: equipmentOf(runner.equipment),
      ...form,
      jockeyLast30Days: runner.jockey_id === null ? null : (ridesOfJockey.get(runner.jockey_id) ?? noRates),
      trainerLast30Days: runner.trainer_id === null ? null : (runnersOfTrainer.get(runner.trainer_id) ?? noRates),
    };
  });
  return {
    statusCode: 200,
    raceId,
    asOf: race.raceDate,
    track: race.track,
    distanceM: race.distanceM,
    raceClass: race.raceClass,
    runners: lines.sort((a, b) => compareRunnerNo(a.runnerNo, b.runnerNo)),
  };
}

/** One runner's official result, as a result confirmation, an import or the simulator's history gives it. */
export interface RunnerResultInput {
  runnerNo: string;
  outcome: RunOutcome;
  /** Set exactly when finished (dead heats share it). */
  position: number | null;
  marginHundredths?: number | null;
  timeMs?: number | null;
}

/**
 * Stores a race's official results (decision 053), replacing any stored before (a corrected result): the
 * horse, jockey and trainer (the horse's trainer now), race day, track, distance and class are copied in.
 * Every runner of the race must have its horse record; the field size is the runners that started. The
 * form tallies move with them (recording the same results again changes nothing). In the caller's
 * transaction when `db` is one (a result confirmation's).
 */
export async function recordRaceResults(
  db: Db,
  raceId: number,
  results: readonly RunnerResultInput[],
  conditions: { trackCondition?: string | null; now?: string } = {},
): Promise<void> {
  const race = await findFormRace(db, raceId);
  if (!race) throw notFound(RacingMessages.raceNotFound);
  const context = new Map((await resultContextOfRace(db, raceId)).map((row) => [row.runnerNo, row]));
  const fieldSize = results.filter((result) => result.outcome !== 'scratched').length;
  const now = conditions.now ?? new Date().toISOString();
  const rows = results.map((result) => {
    const runner = context.get(result.runnerNo);
    if (!runner) throw new Error(`Race ${raceId} has no runner ${result.runnerNo}`);
    if (runner.horseId === null) throw new Error(`Runner ${result.runnerNo} of race ${raceId} has no horse record`);
    if ((result.outcome === 'finished') !== (result.position !== null)) {
      throw new Error(`Runner ${result.runnerNo}: a position is given exactly when it finished`);
    }
    return {
      runner_id: runner.runnerId,
      race_id: raceId,
      horse_id: runner.horseId,
      jockey_id: runner.jockeyId,
      trainer_id: runner.trainerId,
      race_date: race.raceDate,
      track: race.track,
      outcome: result.outcome,
      position: result.position,
      margin_hundredths: result.marginHundredths ?? null,
      time_ms: result.timeMs ?? null,
      track_condition: conditions.trackCondition ?? null,
      distance_m: race.distanceM,
      race_class: race.raceClass,
      field_size: fieldSize,
      created_at: now,
    };
  });
  if (rows.length === 0) return;
  await inTransaction(db, async (trx) => {
    // What the results replaced counted comes off the tallies, what the new ones count goes on (decision 053).
    const replaced = await trx
      .deleteFrom('runner_results')
      .where('race_id', '=', raceId)
      .returning(['horse_id', 'jockey_id', 'trainer_id', 'race_date', 'outcome', 'position'])
      .execute();
    await trx.insertInto('runner_results').values(rows).execute();
    await retally(trx, replaced, rows);
  });
  // This process's guides now (in a caller's transaction, its race's status clears them again once
  // committed, on every instance).
  clearFormCaches();
}

/**
 * The runners' official results from a confirmed finish (groups of base runner numbers by place, dead
 * heats sharing a group): a coupled entry (1 and 1A) shares its number's place; a scratched runner is
 * scratched; a runner that ran but is in no group (a finish entered only to the places the pools need)
 * finished unplaced, in the place after the last one entered. Margins and times where the details know them.
 */
export function officialResultsOf(
  finish: readonly (readonly number[])[],
  runners: readonly { runnerNo: string; status: 'A' | 'S' }[],
  details: readonly { runnerNo: string; marginHundredths: number | null; timeMs: number | null }[] = [],
): RunnerResultInput[] {
  const placeOf = new Map<number, number>();
  let place = 1;
  for (const group of finish) {
    for (const runnerNo of group) placeOf.set(runnerNo, place);
    place += group.length;
  }
  const known = new Map(details.map((detail) => [detail.runnerNo, detail]));
  return runners.map((runner): RunnerResultInput => {
    if (runner.status === 'S') return { runnerNo: runner.runnerNo, outcome: 'scratched', position: null };
    const detail = known.get(runner.runnerNo);
    return {
      runnerNo: runner.runnerNo,
      outcome: 'finished',
      position: placeOf.get(runnerBaseNumber(runner.runnerNo)) ?? place,
      marginHundredths: detail?.marginHundredths ?? null,
      timeMs: detail?.timeMs ?? null,
    };
  });
}

/** A race's conditions and its runners' card fields, as a card (the demo's simulator, an import) gives them. */
export interface RaceCardDetails {
  distanceM: number | null;
  raceClass: string | null;
  runners: readonly { runnerNo: string; weightKgTenths: number | null; gate: number | null; rating: number | null }[];
}

/** Sets a race's distance and class and its runners' weight, gate and rating (decision 053's card fields). */
export async function setRaceCard(db: Db, raceId: number, card: RaceCardDetails): Promise<void> {
  await db
    .updateTable('races')
    .set({ distance_m: card.distanceM, race_class: card.raceClass })
    .where('id', '=', raceId)
    .execute();
  if (card.runners.length === 0) return;
  // One statement for the whole field: each column's value by runner number.
  const byNumber = (value: (runner: RaceCardDetails['runners'][number]) => number | null) =>
    sql<number | null>`case runner_no ${sql.join(
      card.runners.map((runner) => sql`when ${runner.runnerNo} then cast(${value(runner)} as integer)`),
      sql` `,
    )} end`;
  await db
    .updateTable('runners')
    .set({
      weight_kg_tenths: byNumber((runner) => runner.weightKgTenths),
      gate: byNumber((runner) => runner.gate),
      rating: byNumber((runner) => runner.rating),
    })
    .where('race_id', '=', raceId)
    .where(
      'runner_no',
      'in',
      card.runners.map((runner) => runner.runnerNo),
    )
    .execute();
}
