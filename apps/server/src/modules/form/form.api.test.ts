import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FormOperations,
  FormRoutes,
  formGuideResponseSchema,
  RacingMessages,
  type FormGuideResponse,
  type FormGuideRunner,
  type Race,
  type RaceInfoResponse,
} from '@karera/shared';
import { loadConfig } from '../../config.ts';
import { createDatabase } from '../../db/connection.ts';
import { migrateToJustBefore } from '../../db/migrate.ts';
import { registerPlayer } from '../../../test/player-flow.ts';
import { recordRaceResults, type RunnerResultInput } from './form.service.ts';
import {
  createTestApp,
  createTestDatabase,
  staffCookie,
  TEST_ADMIN,
  testDialect,
  type TestApp,
  type TestDatabase,
} from '../../../test/test-app.ts';

const FORM_MIGRATION = '20261128133000_horses_jockeys_trainers';

/**
 * A database in use before horses and jockeys were records: its runners' names become records, and the
 * player API answers every runner as it did.
 */
describe(`the horses, jockeys and trainers migration back-fills the runners (${testDialect})`, () => {
  let legacy: TestDatabase;
  let t: TestApp;
  let eventId: number;

  beforeAll(async () => {
    legacy = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', DEMO: '0', LOG_LEVEL: 'silent', ...legacy.env });
    const handle = createDatabase(config.database);
    try {
      await migrateToJustBefore(handle.db, handle.dialect, FORM_MIGRATION);
      const now = new Date().toISOString();
      // Written as the code before the migration wrote them (no record columns yet).
      const event = await handle.db
        .insertInto('game_events')
        .values({
          name: 'Legacy day',
          arena: 'San Lazaro',
          stream_url: '',
          race_date: '2026-11-20',
          enabled_bet_types: '[]',
          created_by: 'staff:1',
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      eventId = event.id;
      const raceIds: number[] = [];
      for (const raceNo of [1, 2]) {
        const race = await handle.db
          .insertInto('races')
          .values({
            event_id: eventId,
            race_no: raceNo,
            status: 'A',
            start_time: `2026-11-20T0${raceNo + 5}:00:00.000Z`,
            enabled_bet_types: '[]',
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        raceIds.push(race.id);
      }
      const [race1, race2] = raceIds as [number, number];
      const legacyRunners = [
        { race_id: race1, runner_no: '1', horse_name: 'Bagyo', jockey_name: 'J. Cruz', status: 'A' as const },
        { race_id: race1, runner_no: '1A', horse_name: 'Kidlat', jockey_name: 'R. Reyes', status: 'A' as const },
        { race_id: race1, runner_no: '2', horse_name: 'Habagat', jockey_name: 'J. Cruz', status: 'S' as const },
        // The same horse and jockey again in another race: one record each.
        { race_id: race2, runner_no: '1', horse_name: 'Bagyo', jockey_name: 'R. Reyes', status: 'A' as const },
      ];
      await handle.db
        .insertInto('runners')
        .values(legacyRunners.map((runner) => ({ ...runner, odds: null, finish_position: null })))
        .execute();
    } finally {
      await handle.close();
    }
    // The app migrates the legacy database to the latest on start.
    t = await createTestApp(legacy.env);
  });
  afterAll(async () => {
    await t?.close();
    await legacy?.drop();
  });

  it('answers the same runners, names and numbers as before', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/game/getRaceInfo', payload: { eventId } });
    expect(response.statusCode, response.body).toBe(200);
    const info = response.json<RaceInfoResponse>();
    expect(
      info.races.map((race) =>
        race.runners.map(({ runnerNo, horseName, jockeyName, status }) => ({
          runnerNo,
          horseName,
          jockeyName,
          status,
        })),
      ),
    ).toEqual([
      [
        { runnerNo: '1', horseName: 'Bagyo', jockeyName: 'J. Cruz', status: 'A' },
        { runnerNo: '1A', horseName: 'Kidlat', jockeyName: 'R. Reyes', status: 'A' },
        { runnerNo: '2', horseName: 'Habagat', jockeyName: 'J. Cruz', status: 'S' },
      ],
      [{ runnerNo: '1', horseName: 'Bagyo', jockeyName: 'R. Reyes', status: 'A' }],
    ]);
  });

  it('makes one record per distinct name and links every runner to its records', async () => {
    const db = t.app.db;
    const horses = await db.selectFrom('horses').select(['id', 'name']).orderBy('name').execute();
    const jockeys = await db.selectFrom('jockeys').select(['id', 'name']).orderBy('name').execute();
    expect(horses.map((horse) => horse.name)).toEqual(['Bagyo', 'Habagat', 'Kidlat']);
    expect(jockeys.map((jockey) => jockey.name)).toEqual(['J. Cruz', 'R. Reyes']);
    const linked = await db
      .selectFrom('runners')
      .innerJoin('horses', 'horses.id', 'runners.horse_id')
      .innerJoin('jockeys', 'jockeys.id', 'runners.jockey_id')
      .select(['runners.horse_name', 'horses.name as horse', 'runners.jockey_name', 'jockeys.name as jockey'])
      .execute();
    expect(linked).toHaveLength(4);
    for (const row of linked) {
      expect(row.horse).toBe(row.horse_name);
      expect(row.jockey).toBe(row.jockey_name);
    }
  });

  it('links a runner entered after the migration to the existing records', async () => {
    const admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const [race2] = await t.app.db.selectFrom('races').select('id').where('race_no', '=', 2).execute();
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/racing/races/${race2?.id}/runners`,
      payload: { runnerNo: '2', horseName: 'Kidlat', jockeyName: 'J. Cruz' },
      headers: { cookie: admin },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<{ race: Race }>().race.runners.map((r) => r.horseName)).toEqual(['Bagyo', 'Kidlat']);
    expect(await t.app.db.selectFrom('horses').select('id').execute()).toHaveLength(3);
    expect(await t.app.db.selectFrom('jockeys').select('id').execute()).toHaveLength(2);
  });
});

/** The form guide of a race, from the results stored before its day (decision 053). */
describe(`a race's form guide (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let player: string;
  let raceId: number;
  let correctedRace: Race;

  const post = (url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie: admin } });

  async function raceDay(raceDate: string, arena = 'Metro Turf'): Promise<number> {
    const made = await post('/api/backoffice/racing/events', {
      name: `Day ${raceDate}`,
      arena,
      streamUrl: '',
      raceDate,
      enabledBetTypes: [],
    });
    expect(made.statusCode, made.body).toBe(200);
    return made.json<{ event: { id: number } }>().event.id;
  }
  async function raceWith(eventId: number, raceNo: number, raceDate: string, runners: [string, string, string][]) {
    const made = await post(`/api/backoffice/racing/events/${eventId}/races`, {
      raceNo,
      startDateTime: `${raceDate}T0${raceNo}:00:00Z`,
      enabledBetTypes: [],
    });
    expect(made.statusCode, made.body).toBe(200);
    let race = made.json<{ race: Race }>().race;
    for (const [runnerNo, horseName, jockeyName] of runners) {
      const added = await post(`/api/backoffice/racing/races/${race.raceId}/runners`, {
        runnerNo,
        horseName,
        jockeyName,
      });
      expect(added.statusCode, added.body).toBe(200);
      race = added.json<{ race: Race }>().race;
    }
    return race;
  }

  /** Stores a past race's official results as the result confirmation will . */
  async function storeResults(race: Race, distanceM: number, results: RunnerResultInput[]) {
    await t.app.db.updateTable('races').set({ distance_m: distanceM }).where('id', '=', race.raceId).execute();
    await recordRaceResults(t.app.db, race.raceId, results, { trackCondition: 'Good' });
  }

  const finished = (runnerNo: string, position: number): RunnerResultInput => ({
    runnerNo,
    outcome: 'finished',
    position,
  });
  const dq = (runnerNo: string): RunnerResultInput => ({ runnerNo, outcome: 'disqualified', position: null });
  const scratched = (runnerNo: string): RunnerResultInput => ({ runnerNo, outcome: 'scratched', position: null });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    player = (await registerPlayer(t.app)).cookie;
    const trainer = await t.app.db
      .insertInto('trainers')
      .values({ name: 'T. Santos', licence_no: 'TR-001', created_at: '2026-01-01', updated_at: '2026-01-01' })
      .returning('id')
      .executeTakeFirstOrThrow();

    // Three past days: Bagyo 2nd at San Lazaro 1200, disqualified at Metro Turf 1400, won a dead heat at
    // Metro Turf 1200 (with Habagat); Kidlat scratched once, then 4th.
    const d1 = await raceDay('2026-09-01', 'San Lazaro');
    const r1 = await raceWith(d1, 1, '2026-09-01', [
      ['1', 'Bagyo', 'J. Cruz'],
      ['2', 'Kidlat', 'R. Reyes'],
      ['3', 'Habagat', 'A. Dela Cruz'],
    ]);
    await storeResults(r1, 1200, [finished('1', 2), scratched('2'), finished('3', 1)]);
    // The trainer takes Bagyo on from here.
    await t.app.db.updateTable('horses').set({ trainer_id: trainer.id }).where('name', '=', 'Bagyo').execute();
    const d2 = await raceDay('2026-11-01');
    const r2 = await raceWith(d2, 1, '2026-11-01', [
      ['1', 'Bagyo', 'J. Cruz'],
      ['2', 'Kidlat', 'R. Reyes'],
    ]);
    await storeResults(r2, 1400, [dq('1'), finished('2', 4)]);
    const d3 = await raceDay('2026-11-20');
    const r3 = await raceWith(d3, 1, '2026-11-20', [
      ['1', 'Bagyo', 'R. Reyes'],
      ['2', 'Habagat', 'J. Cruz'],
    ]);
    await storeResults(r3, 1200, [finished('1', 1), finished('2', 1)]);
    correctedRace = r3;

    // Today's race at Metro Turf over 1200 m: Bagyo, Kidlat, and a first starter.
    const today = await raceDay('2026-11-28');
    const race = await raceWith(today, 1, '2026-11-28', [
      ['1', 'Bagyo', 'J. Cruz'],
      ['1A', 'Kidlat', 'R. Reyes'],
      ['2', 'Bituin', 'A. Dela Cruz'],
    ]);
    raceId = race.raceId;
    await t.app.db
      .updateTable('races')
      .set({ distance_m: 1200, race_class: 'Class 3' })
      .where('id', '=', raceId)
      .execute();
    await t.app.db
      .updateTable('runners')
      .set({ weight_kg_tenths: 545, gate: 4, rating: 62, equipment: '["B","TT"]' })
      .where('race_id', '=', raceId)
      .where('runner_no', '=', '1')
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  const guide = (cookie?: string, id: number = raceId) =>
    t.app.inject({
      method: 'GET',
      url: FormRoutes.raceFormGuide(id),
      ...(cookie ? { headers: { cookie } } : {}),
    });
  const line = (body: FormGuideResponse, runnerNo: string): FormGuideRunner => {
    const found = body.runners.find((runner) => runner.runnerNo === runnerNo);
    if (!found) throw new Error(`no runner ${runnerNo}`);
    return found;
  };

  it('is for signed-in players, and the API description says so', async () => {
    expect(FormOperations.raceFormGuide.auth).toBe('player');
    const response = await guide();
    expect(response.statusCode, response.body).toBe(401);
    const document = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>;
    }>();
    const described = document.paths['/api/game/races/{raceId}/form']?.get;
    expect(described?.security).toEqual([{ playerSession: [] }]);
    expect(Object.keys(described?.responses ?? {})).toEqual(expect.arrayContaining(['200', '4XX', '5XX']));
  });

  it('refuses a race id that is not a number with 400', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/game/races/abc/form',
      headers: { cookie: player },
    });
    expect(response.statusCode, response.body).toBe(400);
  });

  it("answers each runner's figures from the results before the race day", async () => {
    const response = await guide(player);
    expect(response.statusCode, response.body).toBe(200);
    const body = formGuideResponseSchema.parse(response.json());
    expect(body).toMatchObject({ raceId, asOf: '2026-11-28', track: 'Metro Turf', distanceM: 1200 });
    expect(body.runners.map((runner) => runner.runnerNo)).toEqual(['1', '1A', '2']);

    expect(line(body, '1')).toMatchObject({
      horseName: 'Bagyo',
      jockeyName: 'J. Cruz',
      trainerName: 'T. Santos',
      weightKg: '54.5',
      gate: 4,
      rating: 62,
      equipment: ['B', 'TT'],
      lastFinishes: '2-D-1',
      daysSinceLastRun: 8,
      firstStarter: false,
      career: { starts: 3, wins: 1, seconds: 1, thirds: 0, places: 1 },
      // 1200 m: the 2nd at San Lazaro and the dead heat at Metro Turf.
      atDistance: { starts: 2, wins: 1, seconds: 1, thirds: 0, places: 1 },
      // Metro Turf: the disqualification and the dead heat.
      atTrack: { starts: 2, wins: 1, seconds: 0, thirds: 0, places: 0 },
      // J. Cruz in the 30 days to 2026-11-28: the DQ on Bagyo (11-01) and the dead heat on Habagat (11-20).
      jockeyLast30Days: { wins: 1, rides: 2 },
      // The trainer's results since taking Bagyo on: the DQ and the dead heat (the 09-01 run was before).
      trainerLast30Days: { wins: 1, rides: 2 },
    });

    expect(line(body, '1A')).toMatchObject({
      horseName: 'Kidlat',
      lastFinishes: '4',
      daysSinceLastRun: 27,
      career: { starts: 1, wins: 0, seconds: 0, thirds: 0, places: 0 },
      atDistance: { starts: 0, wins: 0, seconds: 0, thirds: 0, places: 0 },
      // R. Reyes: Kidlat 4th (11-01) and Bagyo's dead heat (11-20).
      jockeyLast30Days: { wins: 1, rides: 2 },
      trainerLast30Days: null,
      weightKg: null,
      equipment: [],
    });

    expect(line(body, '2')).toMatchObject({
      horseName: 'Bituin',
      lastFinishes: '',
      daysSinceLastRun: null,
      firstStarter: true,
      career: { starts: 0, wins: 0, seconds: 0, thirds: 0, places: 0 },
      jockeyLast30Days: { wins: 0, rides: 0 },
    });
  });

  it('answers 404 for a race that does not exist', async () => {
    const response = await guide(player, 999_999);
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toMatchObject({ statusMessage: RacingMessages.raceNotFound });
  });

  it('counts a corrected result instead of the one stored before', async () => {
    // The dead heat of 2026-11-20 is corrected: Habagat won, Bagyo was second.
    await storeResults(correctedRace, 1200, [finished('1', 2), finished('2', 1)]);
    const body = formGuideResponseSchema.parse((await guide(player)).json());
    expect(line(body, '1')).toMatchObject({
      lastFinishes: '2-D-2',
      career: { starts: 3, wins: 0, seconds: 2, thirds: 0, places: 2 },
      jockeyLast30Days: { wins: 1, rides: 2 },
      trainerLast30Days: { wins: 0, rides: 2 },
    });
    expect(line(body, '1A').jockeyLast30Days).toEqual({ wins: 0, rides: 2 });
    expect(await t.app.db.selectFrom('runner_results').select('runner_id').execute()).toHaveLength(7);
  });
});
