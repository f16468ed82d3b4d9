import { sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import type { MigrationDb as AnyDb } from '../migration-helpers.ts';

/**
 * Per-day tallies of each jockey's and trainer's rides and wins (decision 053, performance): a form guide's
 * 30-day strike rates sum at most 30 rows a jockey or trainer instead of reading every ride in the window.
 *
 * - `jockey_day_tallies` / `trainer_day_tallies`: per person and Manila race day, the rides (runs started:
 *   every official result but a scratching) and wins (finished first, dead heats included) of
 *   `runner_results`. A day without a ride has no row. They are derived data, kept in the same transaction
 *   as the results they count (the form module's recordRaceResults, and the bulk writers' rebuild of the
 *   days they wrote), and back-filled here from the results already stored.
 * - `horse_form_summaries`: per horse, its career from its starts (starts, wins, seconds, thirds), its last
 *   five figures as the form guide prints them and the day of its latest start; `horse_distance_tallies` and
 *   `horse_track_tallies`: its record at each distance (metres) and at each track (the name trimmed and in
 *   lower case, as tracks are compared). A horse without a start has no rows. Recomputed from its results
 *   whenever they change (a result recorded or corrected, a merge), in the same transaction.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  for (const [table, column, references] of [
    ['jockey_day_tallies', 'jockey_id', 'jockeys.id'],
    ['trainer_day_tallies', 'trainer_id', 'trainers.id'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn(column, 'integer', (c) => c.notNull().references(references))
      /** Manila race day, YYYY-MM-DD. */
      .addColumn('race_date', 'text', (c) => c.notNull())
      .addColumn('rides', 'integer', (c) => c.notNull())
      .addColumn('wins', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, [column, 'race_date'])
      .execute();
    await sql`
      insert into ${sql.table(table)} (${sql.ref(column)}, race_date, rides, wins)
      select ${sql.ref(column)}, race_date, count(*),
        sum(case when outcome = 'finished' and position = 1 then 1 else 0 end)
      from runner_results
      where outcome <> 'scratched' and ${sql.ref(column)} is not null
      group by ${sql.ref(column)}, race_date
    `.execute(db);
  }

  await db.schema
    .createTable('horse_form_summaries')
    .addColumn('horse_id', 'integer', (c) => c.primaryKey().references('horses.id'))
    .addColumn('starts', 'integer', (c) => c.notNull())
    .addColumn('wins', 'integer', (c) => c.notNull())
    .addColumn('seconds', 'integer', (c) => c.notNull())
    .addColumn('thirds', 'integer', (c) => c.notNull())
    /** Manila race day of the latest start, YYYY-MM-DD. */
    .addColumn('last_start_date', 'text', (c) => c.notNull())
    /** The last five starts' figures, oldest first: `3-1-5-2-1`. */
    .addColumn('last_five', 'text', (c) => c.notNull())
    .execute();
  for (const [table, key, type] of [
    ['horse_distance_tallies', 'distance_m', 'integer'],
    ['horse_track_tallies', 'track_key', 'text'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('horse_id', 'integer', (c) => c.notNull().references('horses.id'))
      .addColumn(key, type, (c) => c.notNull())
      .addColumn('starts', 'integer', (c) => c.notNull())
      .addColumn('wins', 'integer', (c) => c.notNull())
      .addColumn('seconds', 'integer', (c) => c.notNull())
      .addColumn('thirds', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['horse_id', key])
      .execute();
  }
  // The same statements as the form module's rebuild (form-tallies.ts), over every horse.
  const figure = sql`case when outcome = 'disqualified' then 'D'
    when outcome = 'finished' and position is not null then cast(position as text) else 'F' end`;
  const counts = (value: string) => sql`count(*),
    sum(case when ${sql.ref(value)} = '1' then 1 else 0 end),
    sum(case when ${sql.ref(value)} = '2' then 1 else 0 end),
    sum(case when ${sql.ref(value)} = '3' then 1 else 0 end)`;
  const back = (n: number) => sql`max(case when back = ${sql.lit(n)} then figure || '-' else '' end)`;
  await sql`
    insert into horse_form_summaries (horse_id, starts, wins, seconds, thirds, last_start_date, last_five)
    select horse_id, ${counts('figure')}, max(race_date),
      ${back(5)} || ${back(4)} || ${back(3)} || ${back(2)} ||
      max(case when back = 1 then figure else '' end)
    from (
      select horse_id, race_date, ${figure} as figure,
        row_number() over (partition by horse_id order by race_date desc, runner_id desc) as back
      from runner_results where outcome <> 'scratched'
    ) starts
    group by horse_id
  `.execute(db);
  await sql`
    insert into horse_distance_tallies (horse_id, distance_m, starts, wins, seconds, thirds)
    select horse_id, distance_m, ${counts('figure')}
    from (select horse_id, distance_m, ${figure} as figure from runner_results
      where outcome <> 'scratched' and distance_m is not null) starts
    group by horse_id, distance_m
  `.execute(db);
  await sql`
    insert into horse_track_tallies (horse_id, track_key, starts, wins, seconds, thirds)
    select horse_id, track_key, ${counts('figure')}
    from (select horse_id, lower(trim(track)) as track_key, ${figure} as figure from runner_results
      where outcome <> 'scratched') starts
    group by horse_id, track_key
  `.execute(db);
}
