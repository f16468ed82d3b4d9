import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  distanceRecord,
  FormAdminRoutes,
  FormRoutes,
  formGuideResponseSchema,
  formRecord,
  horseForm,
  lastFinishes,
  STRIKE_RATE_DAYS,
  startsInOrder,
  strikeRate,
  ToteAdminRoutes,
  trackRecord,
  type CardImportResponse,
  type FormRecord,
  type PastRun,
  type Race,
} from '@karera/shared';
import { registerPlayer } from '../../../test/player-flow.ts';
import {
  createTestApp,
  createTestDatabase,
  staffCookie,
  TEST_ADMIN,
  testDialect,
  type TestApp,
  type TestDatabase,
} from '../../../test/test-app.ts';
import { loadConfig } from '../../config.ts';
import { createDatabase } from '../../db/connection.ts';
import { migrateToJustBefore } from '../../db/migrate.ts';
import { pastRunOf } from './form.repo.ts';
import { recordRaceResults } from './form.service.ts';
import { rebuildFormTallies } from './form-tallies.ts';

const SAMPLE = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../../../../docs/samples/card-import.csv'),
  'utf8',
);

/**
 * The form tallies (decision 053) say what runner_results says: after results are confirmed, recorded again,
 * corrected, after a horse merge and after a card import, every jockey's and trainer's day, every horse's
 * summary, distance and track records equal a recomputation from runner_results with the shared figures, and
 * so do the form guides read from them (a past race's guide, whose horses ran since, included).
 */
describe(`the form tallies agree with the official results (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let player: string;
  const tag = randomUUID().slice(0, 6);

  const post = async (url: string, payload: Record<string, unknown>) => {
    const response = await t.app.inject({ method: 'POST', url, payload, headers: { cookie: admin } });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  let index = 0;
  async function raceOn(raceDate: string, arena: string, runners: [string, string][]): Promise<Race> {
    const event = (
      await post('/api/backoffice/racing/events', {
        name: `Tally day ${raceDate} ${arena} ${tag}`,
        arena,
        streamUrl: '',
        raceDate,
        enabledBetTypes: [],
      })
    ).json<{ event: { id: number } }>().event;
    let race = (
      await post(`/api/backoffice/racing/events/${event.id}/races`, {
        raceNo: 1,
        startDateTime: `${raceDate}T06:00:00Z`,
        enabledBetTypes: [],
      })
    ).json<{ race: Race }>().race;
    for (const [index, [horseName, jockeyName]] of runners.entries()) {
      race = (
        await post(`/api/backoffice/racing/races/${race.raceId}/runners`, {
          runnerNo: String(index + 1),
          horseName: `${horseName} ${tag}`,
          jockeyName: `${jockeyName} ${tag}`,
        })
      ).json<{ race: Race }>().race;
    }
    await t.app.db
      .updateTable('races')
      .set({ distance_m: 1200 + 200 * (index++ % 2), race_class: 'Class 3' })
      .where('id', '=', race.raceId)
      .execute();
    return race;
  }

  /** Confirms a race's finish through the back office, as an operator does. */
  async function confirm(race: Race, finish: number[][], scratch: number[] = []) {
    await post(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'O' });
    for (const runnerNo of scratch) {
      const runner = race.runners.find((one) => one.runnerNo === String(runnerNo));
      await post(`/api/backoffice/racing/runners/${runner?.id}/scratch`, { scratched: true });
    }
    await post(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'C' });
    await post(ToteAdminRoutes.confirmResult(race.raceId), { finish, idempotencyKey: randomUUID() });
  }

  async function allResults() {
    const rows = await t.app.db
      .selectFrom('runner_results')
      .selectAll()
      .orderBy('race_date')
      .orderBy('runner_id')
      .execute();
    return rows.map((row) => ({ row, run: pastRunOf(row) }));
  }

  const sorted = <T>(rows: T[]) => rows.map((row) => JSON.stringify(row)).sort();

  /** Every tally, and what recomputing it from runner_results gives. */
  async function expectTalliesAgree() {
    const results = await allResults();
    for (const [column, table] of [
      ['jockey_id', 'jockey_day_tallies'],
      ['trainer_id', 'trainer_day_tallies'],
    ] as const) {
      const expected = new Map<string, { id: number; day: string; runs: PastRun[] }>();
      for (const { row, run } of results) {
        const id = row[column];
        if (id === null) continue;
        const key = `${id}|${row.race_date}`;
        const entry = expected.get(key) ?? { id, day: row.race_date, runs: [] };
        entry.runs.push(run);
        expected.set(key, entry);
      }
      const want = [...expected.values()]
        .map(({ id, day, runs }) => ({ id, day, ...strikeRate(runs, day, 1) }))
        .filter((entry) => entry.rides > 0);
      const got =
        table === 'jockey_day_tallies'
          ? (await t.app.db.selectFrom(table).selectAll().execute()).map((row) => ({
              id: row.jockey_id,
              day: row.race_date,
              wins: Number(row.wins),
              rides: Number(row.rides),
            }))
          : (await t.app.db.selectFrom(table).selectAll().execute()).map((row) => ({
              id: row.trainer_id,
              day: row.race_date,
              wins: Number(row.wins),
              rides: Number(row.rides),
            }));
      expect(sorted(got), table).toEqual(sorted(want));
    }

    const runsOf = new Map<number, PastRun[]>();
    for (const { row, run } of results) runsOf.set(row.horse_id, [...(runsOf.get(row.horse_id) ?? []), run]);
    const record = ({ starts, wins, seconds, thirds }: FormRecord) => ({ starts, wins, seconds, thirds });
    const summaries = [];
    const distances = [];
    const tracks = [];
    for (const [horseId, runs] of runsOf) {
      const starts = startsInOrder(runs);
      const latest = starts.at(-1);
      if (!latest) continue;
      summaries.push({
        horseId,
        ...record(formRecord(runs)),
        lastStartDate: latest.raceDate,
        lastFive: lastFinishes(runs),
      });
      for (const distanceM of new Set(starts.map((run) => run.distanceM))) {
        if (distanceM !== null) distances.push({ horseId, distanceM, ...record(distanceRecord(runs, distanceM)) });
      }
      for (const track of new Set(starts.map((run) => run.track.trim().toLowerCase()))) {
        tracks.push({ horseId, track, ...record(trackRecord(runs, track)) });
      }
    }
    const num = (value: number | string) => Number(value);
    const gotSummaries = (await t.app.db.selectFrom('horse_form_summaries').selectAll().execute()).map((row) => ({
      horseId: row.horse_id,
      starts: num(row.starts),
      wins: num(row.wins),
      seconds: num(row.seconds),
      thirds: num(row.thirds),
      lastStartDate: row.last_start_date,
      lastFive: row.last_five,
    }));
    expect(sorted(gotSummaries), 'horse summaries').toEqual(sorted(summaries));
    const gotDistances = (await t.app.db.selectFrom('horse_distance_tallies').selectAll().execute()).map((row) => ({
      horseId: row.horse_id,
      distanceM: row.distance_m,
      starts: num(row.starts),
      wins: num(row.wins),
      seconds: num(row.seconds),
      thirds: num(row.thirds),
    }));
    expect(sorted(gotDistances), 'distance records').toEqual(sorted(distances));
    const gotTracks = (await t.app.db.selectFrom('horse_track_tallies').selectAll().execute()).map((row) => ({
      horseId: row.horse_id,
      track: row.track_key,
      starts: num(row.starts),
      wins: num(row.wins),
      seconds: num(row.seconds),
      thirds: num(row.thirds),
    }));
    expect(sorted(gotTracks), 'track records').toEqual(sorted(tracks));
  }

  /** A race's guide through the player API, against the figures recomputed from every result. */
  async function expectGuideAgrees(raceId: number) {
    const response = await t.app.inject({
      method: 'GET',
      url: FormRoutes.raceFormGuide(raceId),
      headers: { cookie: player },
    });
    expect(response.statusCode, response.body).toBe(200);
    const guide = formGuideResponseSchema.parse(response.json());
    const results = await allResults();
    const fromDay = addCalendarDays(guide.asOf, -(STRIKE_RATE_DAYS - 1));
    const window = (column: 'jockey_id' | 'trainer_id', id: number) =>
      results
        .filter(({ row }) => row[column] === id && row.race_id !== raceId)
        .filter(({ row }) => row.race_date >= fromDay && row.race_date <= guide.asOf)
        .map(({ run }) => run);
    for (const line of guide.runners) {
      const runs = results.filter(({ row }) => row.horse_id === line.horseId && row.race_date < guide.asOf);
      const want = horseForm(
        runs.map(({ run }) => run),
        { asOf: guide.asOf, track: guide.track, distanceM: guide.distanceM },
      );
      expect(line, `race ${raceId} runner ${line.runnerNo}`).toMatchObject({
        ...want,
        jockeyLast30Days: line.jockeyId === null ? null : strikeRate(window('jockey_id', line.jockeyId), guide.asOf),
        trainerLast30Days:
          line.trainerId === null ? null : strikeRate(window('trainer_id', line.trainerId), guide.asOf),
      });
    }
  }

  const horseIdOf = async (name: string) =>
    (await t.app.db.selectFrom('horses').select('id').where('name', '=', `${name} ${tag}`).executeTakeFirstOrThrow())
      .id;

  let first: Race;
  let second: Race;
  let sameDay: Race;
  let later: Race;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    player = (await registerPlayer(t.app)).cookie;
    const field: [string, string][] = [
      ['Alpha', 'J. Uno'],
      ['Bravo', 'J. Dos'],
      ['Charlie', 'J. Uno'],
      ['Delta', 'J. Tres'],
      ['Echo', 'J. Dos'],
    ];
    first = await raceOn('2026-11-02', 'Metro Turf', field);
    second = await raceOn('2026-11-16', ' metro turf ', field);
    sameDay = await raceOn('2026-11-16', 'San Lazaro', [
      ['Foxtrot', 'J. Uno'],
      ['Golf', 'J. Dos'],
    ]);
    later = await raceOn('2026-11-27', 'Metro Turf', field);
    // A trainer for two of the horses, so trainer days are counted too.
    const trainer = await post(FormAdminRoutes.trainers, { name: `T. Reyes ${tag}`, licenceNo: `tr-${tag}` });
    const trainerId = trainer.json<{ person: { id: number } }>().person.id;
    for (const name of ['Alpha', 'Bravo', 'Foxtrot']) {
      await t.app.db
        .updateTable('horses')
        .set({ trainer_id: trainerId })
        .where('id', '=', await horseIdOf(name))
        .execute();
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('after results are confirmed: dead heats, a scratching, a race of the same day', async () => {
    await confirm(first, [[1, 2], [3]]);
    await expectTalliesAgree();
    await confirm(second, [[3], [1], [5]], [4]);
    await confirm(sameDay, [[2], [1]]);
    await expectTalliesAgree();
    await expectGuideAgrees(later.raceId);
    // A past race's guide: its horses have run since, so its figures come from the results before its day.
    await expectGuideAgrees(second.raceId);
    await expectGuideAgrees(first.raceId);
  });

  it('after a result recorded again (nothing counts twice) and corrected (a disqualification)', async () => {
    const tallies = async () =>
      sorted([
        ...(await t.app.db.selectFrom('jockey_day_tallies').selectAll().execute()),
        ...(await t.app.db.selectFrom('trainer_day_tallies').selectAll().execute()),
        ...(await t.app.db.selectFrom('horse_form_summaries').selectAll().execute()),
      ]);
    const before = await tallies();
    const again = [
      { runnerNo: '1', outcome: 'finished' as const, position: 2 },
      { runnerNo: '2', outcome: 'finished' as const, position: 1 },
    ];
    await recordRaceResults(t.app.db, sameDay.raceId, again);
    await recordRaceResults(t.app.db, sameDay.raceId, again);
    expect(await tallies()).toEqual(before);
    // The winner disqualified, the second placed first: J. Uno's day gains a win, J. Dos's loses one.
    await recordRaceResults(t.app.db, sameDay.raceId, [
      { runnerNo: '1', outcome: 'finished', position: 1 },
      { runnerNo: '2', outcome: 'disqualified', position: null },
    ]);
    expect(await tallies()).not.toEqual(before);
    await expectTalliesAgree();
    await expectGuideAgrees(later.raceId);
  });

  it('after a horse merge: the duplicate’s runs count for the kept horse', async () => {
    const duplicate = await raceOn('2026-11-09', 'Metro Turf', [
      ['Alpha (dup)', 'J. Tres'],
      ['Hotel', 'J. Uno'],
    ]);
    await confirm(duplicate, [[1], [2]]);
    await expectGuideAgrees(later.raceId);
    const kept = await horseIdOf('Alpha');
    const merged = await post(FormAdminRoutes.mergeHorse(kept), { duplicateId: await horseIdOf('Alpha (dup)') });
    expect(merged.json()).toMatchObject({ movedResults: 1 });
    await expectTalliesAgree();
    const summary = await t.app.db
      .selectFrom('horse_form_summaries')
      .selectAll()
      .where('horse_id', '=', kept)
      .executeTakeFirstOrThrow();
    expect(summary).toMatchObject({ last_five: '1-1-2', last_start_date: '2026-11-16' });
    await expectGuideAgrees(later.raceId);
  });

  it('after a card import with past form', async () => {
    const response = await post(FormAdminRoutes.importCard, { csv: SAMPLE });
    const answer = response.json<CardImportResponse>();
    expect(answer).toMatchObject({ imported: true, pastRuns: 11 });
    await expectTalliesAgree();
    const cards = await t.app.db
      .selectFrom('races')
      .innerJoin('game_events', 'game_events.id', 'races.event_id')
      .select('races.id')
      .where('game_events.race_date', '=', '2026-12-05')
      .execute();
    expect(cards.length).toBe(2);
    for (const card of cards) await expectGuideAgrees(card.id);
  });

  it('rebuilt from runner_results (the bulk writers’ and the back-fill’s statements), they read the same', async () => {
    const everything = async () =>
      sorted([
        ...(await t.app.db.selectFrom('jockey_day_tallies').selectAll().execute()),
        ...(await t.app.db.selectFrom('trainer_day_tallies').selectAll().execute()),
        ...(await t.app.db.selectFrom('horse_form_summaries').selectAll().execute()),
        ...(await t.app.db.selectFrom('horse_distance_tallies').selectAll().execute()),
        ...(await t.app.db.selectFrom('horse_track_tallies').selectAll().execute()),
      ]);
    const kept = await everything();
    await rebuildFormTallies(t.app.db);
    expect(await everything()).toEqual(kept);
    await expectTalliesAgree();
  });
});

/** The migration back-fills the tallies from the official results a database already holds. */
describe(`the form tallies migration back-fills from runner_results (${testDialect})`, () => {
  let legacy: TestDatabase;
  let t: TestApp;
  const ids = { h1: 0, h2: 0, h3: 0, jockey: 0, trainer: 0 };

  beforeAll(async () => {
    legacy = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', DEMO: '0', LOG_LEVEL: 'silent', ...legacy.env });
    const handle = createDatabase(config.database);
    try {
      await migrateToJustBefore(handle.db, handle.dialect, '20261129020000_form_tallies');
      const db = handle.db;
      const now = new Date().toISOString();
      const person = { created_at: now, updated_at: now };
      ids.trainer = (
        await db
          .insertInto('trainers')
          .values({ name: 'T. Uno', licence_no: null, ...person })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      ids.jockey = (
        await db
          .insertInto('jockeys')
          .values({ name: 'J. Uno', licence_no: null, ...person })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      for (const key of ['h1', 'h2', 'h3'] as const) {
        ids[key] = (
          await db
            .insertInto('horses')
            .values({ name: `Back-fill ${key}`, trainer_id: ids.trainer, ...person })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      }
      // Day one at Metro Turf over 1200 m: a dead heat for first, a scratching. Day two at " METRO turf"
      // over 1400 m: a disqualification and a third, the second horse's trainer not known.
      const days = [
        { day: '2026-11-01', track: 'Metro Turf', distance: 1200 },
        { day: '2026-11-08', track: ' METRO turf', distance: 1400 },
      ];
      const lines = [
        [
          { horse: ids.h1, trainer: ids.trainer, outcome: 'finished' as const, position: 1 },
          { horse: ids.h2, trainer: ids.trainer, outcome: 'finished' as const, position: 1 },
          { horse: ids.h3, trainer: ids.trainer, outcome: 'scratched' as const, position: null },
        ],
        [
          { horse: ids.h1, trainer: ids.trainer, outcome: 'disqualified' as const, position: null },
          { horse: ids.h2, trainer: null, outcome: 'finished' as const, position: 3 },
        ],
      ];
      for (const [at, { day, track, distance }] of days.entries()) {
        const event = await db
          .insertInto('game_events')
          .values({
            name: `Back-fill ${day}`,
            arena: track,
            stream_url: '',
            race_date: day,
            enabled_bet_types: '[]',
            created_by: 'staff:1',
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const race = await db
          .insertInto('races')
          .values({
            event_id: event.id,
            race_no: 1,
            status: 'D',
            start_time: `${day}T06:00:00.000Z`,
            enabled_bet_types: '[]',
            updated_at: now,
            distance_m: distance,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const [n, line] of (lines[at] ?? []).entries()) {
          const runner = await db
            .insertInto('runners')
            .values({
              race_id: race.id,
              runner_no: String(n + 1),
              horse_name: `Back-fill ${n}`,
              jockey_name: 'J. Uno',
              status: line.outcome === 'scratched' ? 'S' : 'A',
              odds: null,
              finish_position: line.position,
              horse_id: line.horse,
              jockey_id: ids.jockey,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await db
            .insertInto('runner_results')
            .values({
              runner_id: runner.id,
              race_id: race.id,
              horse_id: line.horse,
              jockey_id: ids.jockey,
              trainer_id: line.trainer,
              race_date: day,
              track,
              outcome: line.outcome,
              position: line.position,
              margin_hundredths: null,
              time_ms: null,
              track_condition: null,
              distance_m: distance,
              race_class: null,
              field_size: 2,
              created_at: now,
            })
            .execute();
        }
      }
    } finally {
      await handle.close();
    }
    // The app migrates the database to the latest on start.
    t = await createTestApp(legacy.env);
  });
  afterAll(async () => {
    await t?.close();
    await legacy?.drop();
  });

  it('counts rides and wins by day, and each horse’s career, last five, distances and tracks', async () => {
    const db = t.app.db;
    const people = async (table: 'jockey_day_tallies' | 'trainer_day_tallies') =>
      (await db.selectFrom(table).select(['race_date', 'rides', 'wins']).orderBy('race_date').execute()).map((row) => [
        row.race_date,
        Number(row.rides),
        Number(row.wins),
      ]);
    expect(await people('jockey_day_tallies')).toEqual([
      ['2026-11-01', 2, 2],
      ['2026-11-08', 2, 0],
    ]);
    expect(await people('trainer_day_tallies')).toEqual([
      ['2026-11-01', 2, 2],
      ['2026-11-08', 1, 0],
    ]);
    const summaries = await db
      .selectFrom('horse_form_summaries')
      .select(['horse_id', 'starts', 'wins', 'seconds', 'thirds', 'last_start_date', 'last_five'])
      .orderBy('horse_id')
      .execute();
    expect(summaries.map((row) => ({ ...row, starts: Number(row.starts), wins: Number(row.wins) }))).toEqual([
      { horse_id: ids.h1, starts: 2, wins: 1, seconds: 0, thirds: 0, last_start_date: '2026-11-08', last_five: '1-D' },
      { horse_id: ids.h2, starts: 2, wins: 1, seconds: 0, thirds: 1, last_start_date: '2026-11-08', last_five: '1-3' },
    ]);
    const distances = await db
      .selectFrom('horse_distance_tallies')
      .select(['horse_id', 'distance_m', 'starts', 'wins', 'thirds'])
      .orderBy('horse_id')
      .orderBy('distance_m')
      .execute();
    expect(distances.map((row) => Object.values(row).map(Number))).toEqual([
      [ids.h1, 1200, 1, 1, 0],
      [ids.h1, 1400, 1, 0, 0],
      [ids.h2, 1200, 1, 1, 0],
      [ids.h2, 1400, 1, 0, 1],
    ]);
    const tracks = await db
      .selectFrom('horse_track_tallies')
      .select(['horse_id', 'track_key', 'starts', 'wins', 'thirds'])
      .orderBy('horse_id')
      .execute();
    expect(tracks.map((row) => ({ ...row, starts: Number(row.starts), wins: Number(row.wins) }))).toEqual([
      { horse_id: ids.h1, track_key: 'metro turf', starts: 2, wins: 1, thirds: 0 },
      { horse_id: ids.h2, track_key: 'metro turf', starts: 2, wins: 1, thirds: 1 },
    ]);
  });
});
