import { sql, type Kysely, type RawBuilder } from 'kysely';
import { daysBetween, type FormRecord, type HorseForm, type RunOutcome, type StrikeRate } from '@karera/shared';
import type { Database } from '../../db/schema.ts';

/**
 * The form guide's tallies (decision 053, performance): per-day rides and wins of each jockey and trainer, and
 * per horse its career, last five, latest start and records at each distance and track, all derived from
 * runner_results and kept in the same transaction as the results they count. A guide then reads a few rows a
 * runner instead of every result of its horse, jockey and trainer.
 *
 * - Jockeys and trainers are kept by difference: a race's results recorded again take away what the results
 *   they replace counted and add what the new ones count (an upsert per person and day), so two races of a
 *   day recorded at once on PostgreSQL add up, and a correction never counts twice.
 * - Horses are recomputed from their results (a horse runs in one race at a time): after a result, a
 *   correction or a merge.
 * - Bulk writers (the migration's back-fill, the demo's history, the bench) rebuild from runner_results.
 */

type Db = Kysely<Database>;

/** What a result counts for the tallies. */
export interface TalliedResult {
  horse_id: number;
  jockey_id: number | null;
  trainer_id: number | null;
  race_date: string;
  outcome: RunOutcome;
  position: number | null;
}

const PEOPLE = {
  jockey: { table: 'jockey_day_tallies', column: 'jockey_id' },
  trainer: { table: 'trainer_day_tallies', column: 'trainer_id' },
} as const;
type Person = keyof typeof PEOPLE;

const ride = (result: TalliedResult) => result.outcome !== 'scratched';
const win = (result: TalliedResult) => result.outcome === 'finished' && result.position === 1;

/**
 * Moves the jockey and trainer tallies from the results `removed` to the results `added` (a race's results
 * replaced), and recomputes the horses of either. In the caller's transaction.
 */
export async function retally(db: Db, removed: readonly TalliedResult[], added: readonly TalliedResult[]) {
  for (const person of ['jockey', 'trainer'] as const) {
    const { table, column } = PEOPLE[person];
    const deltas = new Map<string, { id: number; day: string; rides: number; wins: number }>();
    for (const [results, sign] of [
      [removed, -1],
      [added, 1],
    ] as const) {
      for (const result of results) {
        const id = result[column];
        if (id === null || !ride(result)) continue;
        const key = `${id}:${result.race_date}`;
        const delta = deltas.get(key) ?? { id, day: result.race_date, rides: 0, wins: 0 };
        delta.rides += sign;
        if (win(result)) delta.wins += sign;
        deltas.set(key, delta);
      }
    }
    const changed = [...deltas.values()].filter((delta) => delta.rides !== 0 || delta.wins !== 0);
    if (changed.length === 0) continue;
    await sql`
      insert into ${sql.table(table)} (${sql.ref(column)}, race_date, rides, wins)
      values ${sql.join(changed.map((delta) => sql`(${delta.id}, ${delta.day}, ${delta.rides}, ${delta.wins})`))}
      on conflict (${sql.ref(column)}, race_date) do update
      set rides = ${sql.ref(`${table}.rides`)} + excluded.rides, wins = ${sql.ref(`${table}.wins`)} + excluded.wins
    `.execute(db);
    // A day left without a ride has no row.
    await sql`
      delete from ${sql.table(table)}
      where rides = 0 and race_date in (${sql.join([...new Set(changed.map((delta) => delta.day))])})
    `.execute(db);
  }
  const horses = [...new Set([...removed, ...added].map((result) => result.horse_id))];
  await rebuildHorseTallies(db, horses);
}

/** A start's figure in SQL, as figures.ts writes it: its position, `D` disqualified, `F` did not finish. */
const FIGURE = sql`case when outcome = 'disqualified' then 'D'
  when outcome = 'finished' and position is not null then cast(position as text) else 'F' end`;
const COUNTS = sql`count(*),
  sum(case when figure = '1' then 1 else 0 end),
  sum(case when figure = '2' then 1 else 0 end),
  sum(case when figure = '3' then 1 else 0 end)`;
const back = (n: number) => sql`max(case when back = ${sql.lit(n)} then figure || '-' else '' end)`;

/**
 * Recomputes these horses' summaries and records from their results (every horse when `horseIds` is null):
 * the last five are the latest starts by race day, then by runner (the order the guide read them in).
 */
export async function rebuildHorseTallies(db: Db, horseIds: readonly number[] | null): Promise<void> {
  if (horseIds !== null && horseIds.length === 0) return;
  const chunks = horseIds === null ? [null] : inChunks(horseIds, 5_000);
  for (const ids of chunks) {
    const scope = (column: RawBuilder<unknown>) => (ids === null ? sql`1 = 1` : sql`${column} in (${sql.join(ids)})`);
    for (const table of ['horse_form_summaries', 'horse_distance_tallies', 'horse_track_tallies'] as const) {
      await sql`delete from ${sql.table(table)} where ${scope(sql.ref('horse_id'))}`.execute(db);
    }
    await sql`
      insert into horse_form_summaries (horse_id, starts, wins, seconds, thirds, last_start_date, last_five)
      select horse_id, ${COUNTS}, max(race_date),
        ${back(5)} || ${back(4)} || ${back(3)} || ${back(2)} || max(case when back = 1 then figure else '' end)
      from (
        select horse_id, race_date, ${FIGURE} as figure,
          row_number() over (partition by horse_id order by race_date desc, runner_id desc) as back
        from runner_results where outcome <> 'scratched' and ${scope(sql.ref('horse_id'))}
      ) starts
      group by horse_id
    `.execute(db);
    await sql`
      insert into horse_distance_tallies (horse_id, distance_m, starts, wins, seconds, thirds)
      select horse_id, distance_m, ${COUNTS}
      from (select horse_id, distance_m, ${FIGURE} as figure from runner_results
        where outcome <> 'scratched' and distance_m is not null and ${scope(sql.ref('horse_id'))}) starts
      group by horse_id, distance_m
    `.execute(db);
    await sql`
      insert into horse_track_tallies (horse_id, track_key, starts, wins, seconds, thirds)
      select horse_id, track_key, ${COUNTS}
      from (select horse_id, lower(trim(track)) as track_key, ${FIGURE} as figure from runner_results
        where outcome <> 'scratched' and ${scope(sql.ref('horse_id'))}) starts
      group by horse_id, track_key
    `.execute(db);
  }
}

/** Recomputes the jockeys' and trainers' tallies of these race days from runner_results (every day when null). */
export async function rebuildPeopleTallies(db: Db, days: readonly string[] | null): Promise<void> {
  if (days !== null && days.length === 0) return;
  for (const { table, column } of Object.values(PEOPLE)) {
    for (const chunk of days === null ? [null] : inChunks(days, 5_000)) {
      const scope = chunk === null ? sql`1 = 1` : sql`race_date in (${sql.join(chunk)})`;
      await sql`delete from ${sql.table(table)} where ${scope}`.execute(db);
      await sql`
        insert into ${sql.table(table)} (${sql.ref(column)}, race_date, rides, wins)
        select ${sql.ref(column)}, race_date, count(*),
          sum(case when outcome = 'finished' and position = 1 then 1 else 0 end)
        from runner_results
        where outcome <> 'scratched' and ${sql.ref(column)} is not null and ${scope}
        group by ${sql.ref(column)}, race_date
      `.execute(db);
    }
  }
}

/** Every tally from runner_results: after a bulk write of results (the demo's history, an import of many). */
export async function rebuildFormTallies(db: Db): Promise<void> {
  await rebuildPeopleTallies(db, null);
  await rebuildHorseTallies(db, null);
}

function inChunks<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let at = 0; at < items.length; at += size) chunks.push(items.slice(at, at + size));
  return chunks;
}

const recordOf = (row: { starts: unknown; wins: unknown; seconds: unknown; thirds: unknown } | undefined) => {
  const record: FormRecord = {
    starts: Number(row?.starts ?? 0),
    wins: Number(row?.wins ?? 0),
    seconds: Number(row?.seconds ?? 0),
    thirds: Number(row?.thirds ?? 0),
    places: 0,
  };
  record.places = record.seconds + record.thirds;
  return record;
};

/**
 * The form of these horses before a race on `asOf` at `track` over `distanceM`, from their summaries. Left
 * out: a horse without a summary (it never started: the figures of no runs are its) and a horse with a start
 * on or after `asOf` (a past race's guide: its summary counts runs after the race; the caller reads its
 * results before the day instead, and answers `later`).
 */
export async function horseFormsFromTallies(
  db: Db,
  horseIds: readonly number[],
  race: { asOf: string; track: string; distanceM: number | null },
): Promise<{ forms: Map<number, HorseForm>; later: number[] }> {
  const forms = new Map<number, HorseForm>();
  if (horseIds.length === 0) return { forms, later: [] };
  // From the summaries alone (no join to horses: PostgreSQL plans it faster); a horse without a summary has
  // never started, and the caller's figures of no runs are its figures.
  const rows = await db
    .selectFrom('horse_form_summaries as s')
    .leftJoin('horse_distance_tallies as d', (join) =>
      join.onRef('d.horse_id', '=', 's.horse_id').on('d.distance_m', '=', race.distanceM ?? -1),
    )
    .leftJoin('horse_track_tallies as t', (join) =>
      join.onRef('t.horse_id', '=', 's.horse_id').on('t.track_key', '=', sql<string>`lower(trim(${race.track}))`),
    )
    .select([
      's.horse_id',
      's.starts',
      's.wins',
      's.seconds',
      's.thirds',
      's.last_start_date',
      's.last_five',
      'd.starts as d_starts',
      'd.wins as d_wins',
      'd.seconds as d_seconds',
      'd.thirds as d_thirds',
      't.starts as t_starts',
      't.wins as t_wins',
      't.seconds as t_seconds',
      't.thirds as t_thirds',
    ])
    .where('s.horse_id', 'in', horseIds)
    .execute();
  const later: number[] = [];
  for (const row of rows) {
    if (row.last_start_date >= race.asOf) {
      later.push(row.horse_id);
      continue;
    }
    const career = recordOf(row);
    const part = (prefix: 'd' | 't') =>
      recordOf(
        row[`${prefix}_starts`] === null
          ? undefined
          : {
              starts: row[`${prefix}_starts`],
              wins: row[`${prefix}_wins`],
              seconds: row[`${prefix}_seconds`],
              thirds: row[`${prefix}_thirds`],
            },
      );
    forms.set(row.horse_id, {
      lastFinishes: row.last_five,
      daysSinceLastRun: daysBetween(row.last_start_date, race.asOf),
      firstStarter: career.starts === 0,
      career,
      atDistance: race.distanceM === null ? null : part('d'),
      atTrack: part('t'),
    });
  }
  return { forms, later };
}

/**
 * Wins out of rides of these jockeys (or trainers) from `fromDay` to `toDay`, other races than
 * `exceptRaceId`: the days' tallies, less what that race's own results count in the window.
 */
export async function strikeRatesFromTallies(
  db: Db,
  person: Person,
  ids: readonly number[],
  window: { fromDay: string; toDay: string; exceptRaceId: number },
): Promise<Map<number, StrikeRate>> {
  const rates = new Map<number, StrikeRate>();
  if (ids.length === 0) return rates;
  const { table, column } = PEOPLE[person];
  const inIds = sql`${sql.ref(column)} in (${sql.join(ids)})`;
  const { rows } = await sql<{ id: number; rides: number | string; wins: number | string }>`
    select id, sum(rides) as rides, sum(wins) as wins from (
      select ${sql.ref(column)} as id, rides, wins from ${sql.table(table)}
      where ${inIds} and race_date >= ${window.fromDay} and race_date <= ${window.toDay}
      union all
      select ${sql.ref(column)} as id, -1 as rides,
        case when outcome = 'finished' and position = 1 then -1 else 0 end as wins
      from runner_results
      where race_id = ${window.exceptRaceId} and outcome <> 'scratched' and ${inIds}
        and race_date >= ${window.fromDay} and race_date <= ${window.toDay}
    ) counted
    group by id
  `.execute(db);
  for (const row of rows) rates.set(Number(row.id), { wins: Number(row.wins), rides: Number(row.rides) });
  return rates;
}
