/*
 * `npm run bench:form [-- --horses 50000 --results 1000000 --races 200]`: how fast a race's whole form guide
 * (14 runners) and a horse page answer on a large history (issue 34: p99 < 20 ms and < 30 ms). A fresh
 * SQLite database (and, with `--postgres ADMIN_URL` or TEST_PG_ADMIN_URL set, a fresh PostgreSQL database
 * the bench makes and drops) is migrated by the app, then seeded by insert-selects over a numbers table:
 * 50,000 horses with trainers, 500 jockeys, 300 trainers, 1,000,000 past runners with their official results
 * over five years of race days, and `--races` races of tomorrow with 14 runners each. Each guide is computed
 * uncached through the service (form.service raceFormGuide); beside it, a naive peer computes the same
 * figures by loading each runner's whole history (and its jockey's and trainer's) one query at a time and
 * filtering in JavaScript. The horse page is form's pages service (horsePage). p50 and p99 over every race.
 * `--profile` also times each read of a guide alone (the tallies' and the results' the guide read before
 * them); `--postgres-only` skips SQLite.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import { addCalendarDays, horseForm, STRIKE_RATE_DAYS, strikeRate, type PastRun } from '@karera/shared';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Database } from '../apps/server/src/db/schema.ts';
import { raceFormGuide } from '../apps/server/src/modules/form/form.service.ts';
import {
  findFormRace,
  pastRunOf,
  resultsInWindow,
  resultsOfHorses,
  runnersOfRace,
} from '../apps/server/src/modules/form/form.repo.ts';
import { horsePage } from '../apps/server/src/modules/form/pages.service.ts';
import {
  figuresOfHorse,
  findHorse,
  racesWithReplay,
  runsPage,
  winDividends,
} from '../apps/server/src/modules/form/pages.repo.ts';
import {
  horseFormsFromTallies,
  rebuildFormTallies,
  strikeRatesFromTallies,
} from '../apps/server/src/modules/form/form-tallies.ts';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const HORSES = arg('horses', 50_000);
const RESULTS = arg('results', 1_000_000);
const RACES = arg('races', 200);
const JOCKEYS = 500;
const TRAINERS = 300;
const FIELD = 14;
/** Races a race day, over the country's tracks. */
const RACES_PER_DAY = 40;
const FIRST_DAY = '2021-06-01';
const PAST_RACES = Math.ceil(RESULTS / FIELD);
const PAST_DAYS = Math.ceil(PAST_RACES / RACES_PER_DAY);
const TODAY = addCalendarDays(FIRST_DAY, PAST_DAYS);
const TRACKS = ['Metro Manila Turf Club, Carmona', 'San Lazaro Leisure Park, Carmona', 'Santa Ana Park, Naic'];
const PROFILE = process.argv.includes('--profile');
const pgAdminAt = process.argv.indexOf('--postgres');
const pgAdminUrl = pgAdminAt > 0 ? process.argv[pgAdminAt + 1] : process.env.TEST_PG_ADMIN_URL;

type Db = Kysely<Database>;
type Dialect = 'sqlite' | 'postgres';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const ms = (value: number) => `${value.toFixed(2)} ms`;

/** `day + d` as YYYY-MM-DD, in each dialect's SQL. */
function dayOf(dialect: Dialect, first: string, expression: string) {
  return dialect === 'sqlite'
    ? `date('${first}', '+' || (${expression}) || ' days')`
    : `to_char(date '${first}' + (${expression})::int, 'YYYY-MM-DD')`;
}

/** On one connection: PostgreSQL's bulk-load settings below hold for the session that loads. */
async function seed(pool: Db, dialect: Dialect): Promise<number[]> {
  return pool.connection().execute((db) => seedOn(db, dialect));
}

async function seedOn(db: Db, dialect: Dialect): Promise<number[]> {
  const q = (text: string) => sql.raw(text).execute(db);
  const now = new Date().toISOString();
  const started = Date.now();
  const need = Math.max(RESULTS, HORSES, RACES * FIELD, PAST_RACES);
  // PostgreSQL loads a million rows far faster without checking each one's foreign keys by trigger and
  // without keeping the big tables' secondary indexes row by row: the checks are off for this session (the
  // rows are made consistent by construction) and the indexes are dropped, then made again after the load.
  const bulkTables = ['runners', 'runner_results', 'races'];
  let indexes: { indexname: string; indexdef: string }[] = [];
  if (dialect === 'postgres') {
    await q(`set session_replication_role = replica`);
    indexes = (
      await sql<{ indexname: string; indexdef: string }>`
        select indexname, indexdef from pg_indexes i
        where schemaname = current_schema() and tablename in (${sql.join(bulkTables)})
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
      `.execute(db)
    ).rows;
    for (const { indexname } of indexes) await q(`drop index ${indexname}`);
  }
  await q('create table bench_nums (n bigint primary key)');
  await q(
    dialect === 'postgres'
      ? `insert into bench_nums (n) select generate_series(1, ${need})`
      : `insert into bench_nums (n) with recursive c(n) as (select 1 union all select n + 1 from c where n < ${need})
    select n from c`,
  );
  await q(`insert into trainers (id, name, licence_no, created_at, updated_at)
    select n, 'Trainer ' || n, 'BT-' || n, '${now}', '${now}' from bench_nums where n <= ${TRAINERS}`);
  await q(`insert into jockeys (id, name, licence_no, created_at, updated_at)
    select n, 'Jockey ' || n, 'BJ-' || n, '${now}', '${now}' from bench_nums where n <= ${JOCKEYS}`);
  await q(`insert into horses (id, name, trainer_id, created_at, updated_at)
    select n, 'Horse ' || n, 1 + n % ${TRAINERS}, '${now}', '${now}' from bench_nums where n <= ${HORSES}`);
  await q(`insert into game_events (id, name, arena, stream_url, race_date, enabled_bet_types, created_by, created_at)
    select n, 'Day ' || n, 'Bench', '', ${dayOf(dialect, FIRST_DAY, 'n - 1')}, '[]', 'bench', '${now}'
    from bench_nums where n <= ${PAST_DAYS + 1}`);
  // Past races, RACES_PER_DAY a day; then tomorrow's, on the last day.
  await q(`insert into races (id, event_id, race_no, status, start_time, enabled_bet_types, updated_at, distance_m, race_class)
    select n, 1 + (n - 1) / ${RACES_PER_DAY}, 1 + (n - 1) % ${RACES_PER_DAY}, 'D', '${now}', '[]', '${now}',
      1000 + 100 * (n % 9), 'Class ' || (1 + n % 5)
    from bench_nums where n <= ${PAST_RACES}`);
  await q(`insert into races (id, event_id, race_no, status, start_time, enabled_bet_types, updated_at, distance_m, race_class)
    select ${PAST_RACES} + n, ${PAST_DAYS + 1}, n, 'O', '${now}', '[]', '${now}', 1000 + 100 * (n % 9), 'Class 3'
    from bench_nums where n <= ${RACES}`);
  // A horse runs about every 70 days: the runner n of a past race is horse (n * 7919) mod HORSES.
  const horse = (n: string) => `1 + ((${n}) * 7919) % ${HORSES}`;
  await q(`insert into runners (id, race_id, runner_no, horse_name, jockey_name, status, odds, finish_position,
      horse_id, jockey_id, weight_kg_tenths, gate, rating)
    select n, 1 + (n - 1) / ${FIELD}, '' || (1 + (n - 1) % ${FIELD}), 'Horse', 'Jockey', 'A', null, 1 + (n - 1) % ${FIELD},
      ${horse('n')}, 1 + (n * 31) % ${JOCKEYS}, 540, 1 + (n - 1) % ${FIELD}, 60
    from bench_nums where n <= ${RESULTS}`);
  await q(`insert into runner_results (runner_id, race_id, horse_id, jockey_id, trainer_id, race_date, track, outcome,
      position, margin_hundredths, time_ms, track_condition, distance_m, race_class, field_size, created_at)
    select n, 1 + (n - 1) / ${FIELD}, ${horse('n')}, 1 + (n * 31) % ${JOCKEYS}, 1 + (${horse('n')}) % ${TRAINERS},
      ${dayOf(dialect, FIRST_DAY, `(n - 1) / ${FIELD * RACES_PER_DAY}`)},
      case n % 3 when 0 then '${TRACKS[0]}' when 1 then '${TRACKS[1]}' else '${TRACKS[2]}' end,
      case when n % 97 = 0 then 'scratched' else 'finished' end,
      case when n % 97 = 0 then null else 1 + (n - 1) % ${FIELD} end,
      case when n % 97 = 0 then null else 25 * ((n - 1) % ${FIELD}) end, 72000, 'Good',
      1000 + 100 * ((1 + (n - 1) / ${FIELD}) % 9), 'Class ' || (1 + (1 + (n - 1) / ${FIELD}) % 5), ${FIELD}, '${now}'
    from bench_nums where n <= ${RESULTS}`);
  // Tomorrow's races: 14 horses each from the whole population, with their jockeys.
  await q(`insert into runners (id, race_id, runner_no, horse_name, jockey_name, status, odds, finish_position,
      horse_id, jockey_id, weight_kg_tenths, gate, rating, equipment)
    select ${RESULTS} + n, ${PAST_RACES} + 1 + (n - 1) / ${FIELD}, '' || (1 + (n - 1) % ${FIELD}), 'Horse', 'Jockey', 'A',
      null, null, 1 + (n * 104729) % ${HORSES}, 1 + (n * 17) % ${JOCKEYS}, 545, 1 + (n - 1) % ${FIELD}, 62, '["B"]'
    from bench_nums where n <= ${RACES * FIELD}`);
  await q('drop table bench_nums');
  if (dialect === 'postgres') {
    const indexed = Date.now();
    for (const { indexdef } of indexes) await q(indexdef);
    await q(`set session_replication_role = origin`);
    await q('analyze');
    console.log(
      `  ${indexes.length} indexes made again after the load in ${((Date.now() - indexed) / 1000).toFixed(1)} s`,
    );
  }
  // The form tallies as the product's bulk writers leave them (the demo's history): rebuilt from the results.
  const tallied = Date.now();
  await rebuildFormTallies(db);
  console.log(`  tallies rebuilt from the results in ${((Date.now() - tallied) / 1000).toFixed(1)} s`);
  if (dialect === 'postgres') {
    for (const table of ['trainers', 'jockeys', 'horses', 'game_events', 'races', 'runners']) {
      await q(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
    }
    await q('analyze');
  } else {
    await q('analyze');
  }
  console.log(`  seeded ${RESULTS} results, ${HORSES} horses in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return Array.from({ length: RACES }, (_, i) => PAST_RACES + 1 + i);
}

/** The same figures the naive way: each runner's whole history, its jockey's and trainer's, one at a time. */
async function naiveGuide(db: Db, raceId: number) {
  const race = await db
    .selectFrom('races')
    .innerJoin('game_events', 'game_events.id', 'races.event_id')
    .select(['game_events.race_date', 'game_events.arena', 'races.distance_m'])
    .where('races.id', '=', raceId)
    .executeTakeFirstOrThrow();
  const runners = await db
    .selectFrom('runners')
    .innerJoin('horses', 'horses.id', 'runners.horse_id')
    .select(['runners.runner_no', 'runners.horse_id', 'runners.jockey_id', 'horses.trainer_id'])
    .where('race_id', '=', raceId)
    .execute();
  const fromDay = addCalendarDays(race.race_date, -(STRIKE_RATE_DAYS - 1));
  const all = async (column: 'horse_id' | 'jockey_id' | 'trainer_id', id: number) =>
    (await db.selectFrom('runner_results').selectAll().where(column, '=', id).execute()).map(
      (row): PastRun & { raceId: number } => ({ ...pastRunOf(row), raceId: row.race_id }),
    );
  const lines = [];
  for (const runner of runners) {
    const runs = (await all('horse_id', runner.horse_id ?? 0))
      .filter((run) => run.raceDate < race.race_date)
      .sort((a, b) => a.raceDate.localeCompare(b.raceDate));
    const window = (list: (PastRun & { raceId: number })[]) =>
      list.filter((run) => run.raceDate >= fromDay && run.raceDate <= race.race_date && run.raceId !== raceId);
    lines.push({
      runnerNo: runner.runner_no,
      ...horseForm(runs, { asOf: race.race_date, track: race.arena, distanceM: race.distance_m }),
      jockey: strikeRate(window(await all('jockey_id', runner.jockey_id ?? 0)), race.race_date),
      trainer: strikeRate(window(await all('trainer_id', runner.trainer_id ?? 0)), race.race_date),
    });
  }
  return lines;
}

/** Where a guide's time goes: each of its reads alone, in the order the service makes them. */
async function profileGuide(db: Db, races: readonly number[]) {
  const steps = new Map<string, number[]>();
  const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const started = process.hrtime.bigint();
    const value = await run();
    const list = steps.get(name) ?? [];
    list.push(Number(process.hrtime.bigint() - started) / 1e6);
    steps.set(name, list);
    return value;
  };
  const rows = new Map<string, number[]>();
  const count = (name: string, n: number) => rows.set(name, [...(rows.get(name) ?? []), n]);
  for (const raceId of races) {
    const race = await step('race', () => findFormRace(db, raceId));
    if (!race) continue;
    const runners = await step('runners with records', () => runnersOfRace(db, raceId));
    const ids = (key: 'horse_id' | 'jockey_id' | 'trainer_id') => [
      ...new Set(runners.map((runner) => runner[key]).filter((id): id is number => id !== null)),
    ];
    const window = {
      fromDay: addCalendarDays(race.raceDate, -(STRIKE_RATE_DAYS - 1)),
      toDay: race.raceDate,
      exceptRaceId: raceId,
    };
    const asRun = { asOf: race.raceDate, track: race.track, distanceM: race.distanceM };
    count(
      'horses: results',
      (await step('horses: results', () => resultsOfHorses(db, ids('horse_id'), race.raceDate))).length,
    );
    count(
      'jockeys: 30 days',
      (await step('jockeys: 30 days', () => resultsInWindow(db, 'jockey_id', ids('jockey_id'), window))).length,
    );
    count(
      'trainers: 30 days',
      (await step('trainers: 30 days', () => resultsInWindow(db, 'trainer_id', ids('trainer_id'), window))).length,
    );
    await step('horses: tallies', () => horseFormsFromTallies(db, ids('horse_id'), asRun));
    await step('jockeys: day tallies', () => strikeRatesFromTallies(db, 'jockey', ids('jockey_id'), window));
    await step('trainers: day tallies', () => strikeRatesFromTallies(db, 'trainer', ids('trainer_id'), window));
  }
  // The horse page's reads, one horse a race.
  for (const [i] of races.entries()) {
    const horseId = 1 + ((i * 104729 + 13) % HORSES);
    await step('horse page: record', () => findHorse(db, horseId));
    await step('horse page: career', () => figuresOfHorse(db, horseId));
    const page = await step('horse page: runs page', () => runsPage(db, 'horse_id', horseId, 0, 21));
    const raceIds = [...new Set(page.map((row) => row.race_id))];
    await step('horse page: replays', () => racesWithReplay(db, raceIds));
    await step('horse page: dividends', () => winDividends(db, raceIds));
  }
  console.log('  profile (each read alone; the results reads are the guide before the tallies):');
  for (const [name, values] of steps) {
    console.log(
      `    ${name.padEnd(22)} p50 ${ms(percentile(values, 50)).padStart(10)}  p99 ${ms(percentile(values, 99)).padStart(10)}`,
    );
  }
  for (const [name, values] of rows)
    console.log(`    rows read, ${name}: ${Math.round(percentile(values, 50))} a guide (p50)`);
}

async function timed<T>(run: () => Promise<T>): Promise<number> {
  const started = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

async function bench(dialect: Dialect, databaseUrl?: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `karera-bench-form-${dialect}-`));
  const config = loadConfig({
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    NODE_ENV: 'production',
    DEMO: '0',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'bench-admin-pass',
    SMS_OUTBOX_IN_PRODUCTION: '1',
    WEB_DIST_DIR: path.join(dataDir, 'none'),
  });
  const app = await buildApp(config);
  try {
    console.log(`${dialect}:`);
    const races = await seed(app.db, dialect);
    // Warm up (plans, page cache), then every race uncached, twice.
    for (const raceId of races.slice(0, 10)) await raceFormGuide(app.db, raceId);
    await naiveGuide(app.db, races[0] ?? 0);
    // The guide from the tallies says what the naive peer reads from every result, runner by runner.
    const checked = races.slice(0, 20);
    for (const raceId of checked) {
      const fast = new Map((await raceFormGuide(app.db, raceId)).runners.map((line) => [line.runnerNo, line]));
      for (const line of await naiveGuide(app.db, raceId)) {
        const got = fast.get(line.runnerNo);
        const same =
          got !== undefined &&
          JSON.stringify([got.lastFinishes, got.daysSinceLastRun, got.firstStarter, got.career, got.atDistance]) ===
            JSON.stringify([
              line.lastFinishes,
              line.daysSinceLastRun,
              line.firstStarter,
              line.career,
              line.atDistance,
            ]) &&
          JSON.stringify([got.atTrack, got.jockeyLast30Days, got.trainerLast30Days]) ===
            JSON.stringify([line.atTrack, line.jockey, line.trainer]);
        if (!same) throw new Error(`Race ${raceId} runner ${line.runnerNo}: the guide and the naive peer differ`);
      }
    }
    console.log(`  the guide agrees with the naive peer on ${checked.length} races, runner by runner`);
    if (PROFILE) await profileGuide(app.db, [...races, ...races]);
    const guide: number[] = [];
    const naive: number[] = [];
    const horse: number[] = [];
    // Each timed on its own: the naive peer's tens of thousands of rows would leave their garbage
    // collection in the guide's times.
    for (let round = 0; round < 2; round += 1) {
      for (const raceId of races) guide.push(await timed(() => raceFormGuide(app.db, raceId)));
    }
    // The naive peer reads tens of thousands of rows a guide: one race in ten is enough to see it.
    for (let round = 0; round < 2; round += 1) {
      for (const [index, raceId] of races.entries()) {
        if (index % 10 === 0) naive.push(await timed(() => naiveGuide(app.db, raceId)));
      }
    }
    const horses = races.map((_, i) => 1 + ((i * 104729 + 13) % HORSES));
    for (let round = 0; round < 2; round += 1) {
      for (const horseId of horses)
        horse.push(await timed(() => horsePage(app.db, horseId, 1, new Date(`${TODAY}T04:00:00Z`))));
    }
    const line = (name: string, values: number[]) =>
      console.log(
        `  ${name.padEnd(34)} p50 ${ms(percentile(values, 50)).padStart(10)}  p99 ${ms(percentile(values, 99)).padStart(10)}`,
      );
    line(`form guide (14 runners), ${guide.length} runs`, guide);
    line(`naive peer, ${naive.length} runs`, naive);
    line(`horse page, ${horse.length} runs`, horse);
    console.log(
      `  naive / form guide: p50 x${(percentile(naive, 50) / percentile(guide, 50)).toFixed(1)}, p99 x${(percentile(naive, 99) / percentile(guide, 99)).toFixed(1)}`,
    );
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!process.argv.includes('--postgres-only')) await bench('sqlite');
if (pgAdminUrl) {
  const name = `bench_form_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  try {
    await bench('postgres', url.toString());
  } finally {
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  }
} else {
  console.log('postgres: skipped (set TEST_PG_ADMIN_URL or pass --postgres ADMIN_URL)');
}
