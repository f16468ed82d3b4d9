import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FORM_PAGE_SIZE,
  FormMessages,
  FormOperations,
  FormRoutes,
  horsePageResponseSchema,
  ridesPageResponseSchema,
  type Race,
} from '@karera/shared';
import { registerPlayer } from '../../../test/player-flow.ts';
import { recordRaceResults, type RunnerResultInput } from './form.service.ts';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';

/** The horse, jockey and trainer pages (issue 34 §3): records, figures and past runs, paged. */
describe(`horse, jockey and trainer pages (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let player: string;
  let bagyoId: number;
  let cruzId: number;
  let trainerId: number;
  let wonRaceId: number;

  const post = (url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie: admin } });
  const get = (url: string, signedIn = true) =>
    t.app.inject({ method: 'GET', url, ...(signedIn ? { headers: { cookie: player } } : {}) });

  async function raceWith(raceDate: string, arena: string, runners: [string, string, string][]): Promise<Race> {
    const day = await post('/api/backoffice/racing/events', {
      name: `Day ${raceDate}`,
      arena,
      streamUrl: '',
      raceDate,
      enabledBetTypes: [],
    });
    expect(day.statusCode, day.body).toBe(200);
    const eventId = day.json<{ event: { id: number } }>().event.id;
    const made = await post(`/api/backoffice/racing/events/${eventId}/races`, {
      raceNo: 1,
      startDateTime: `${raceDate}T05:00:00Z`,
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

  const finished = (runnerNo: string, position: number, marginHundredths?: number): RunnerResultInput => ({
    runnerNo,
    outcome: 'finished',
    position,
    marginHundredths: marginHundredths ?? null,
  });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    player = (await registerPlayer(t.app)).cookie;
    const trainer = await t.app.db
      .insertInto('trainers')
      .values({ name: 'T. Santos', licence_no: 'TR-101', created_at: '2026-01-01', updated_at: '2026-01-01' })
      .returning('id')
      .executeTakeFirstOrThrow();
    trainerId = trainer.id;

    // Bagyo: 2nd at San Lazaro, then (trained by T. Santos) won at Metro Turf, a race with a replay and a
    // Win dividend of 4.20; a scratching is not a run and is not listed.
    const r1 = await raceWith('2026-10-01', 'San Lazaro', [
      ['1', 'Bagyo', 'J. Cruz'],
      ['2', 'Kidlat', 'R. Reyes'],
    ]);
    await t.app.db.updateTable('races').set({ distance_m: 1200 }).where('id', '=', r1.raceId).execute();
    await recordRaceResults(t.app.db, r1.raceId, [finished('1', 2, 125), finished('2', 1)]);
    await t.app.db.updateTable('horses').set({ trainer_id: trainerId, sex: 'G' }).where('name', '=', 'Bagyo').execute();
    const r2 = await raceWith('2026-10-20', 'Metro Turf', [
      ['1', 'Kidlat', 'R. Reyes'],
      ['2', 'Bagyo', 'J. Cruz'],
    ]);
    wonRaceId = r2.raceId;
    await t.app.db
      .updateTable('runners')
      .set({ weight_kg_tenths: 545 })
      .where('race_id', '=', r2.raceId)
      .where('runner_no', '=', '2')
      .execute();
    await recordRaceResults(t.app.db, r2.raceId, [finished('1', 2, 50), finished('2', 1)]);
    await t.app.db.updateTable('races').set({ status: 'D' }).where('id', '=', r2.raceId).execute();
    await t.app.db
      .insertInto('race_results')
      .values({
        race_id: r2.raceId,
        finish: '[[2],[1]]',
        official_dividends: JSON.stringify([{ betType: 'W', combination: '2', dividend: 420 }]),
        confirmed_by: 'staff:1',
        confirmed_at: '2026-10-20T06:00:00.000Z',
      })
      .execute();
    await t.app.db
      .insertInto('demo_race_runs')
      .values({
        race_id: r2.raceId,
        started_at: '2026-10-20T05:00:00.000Z',
        duration_ms: 60_000,
        seed: 7,
        runner_order: '2,1',
      })
      .execute();
    const r3 = await raceWith('2026-11-02', 'Metro Turf', [
      ['1', 'Bagyo', 'R. Reyes'],
      ['2', 'Kidlat', 'J. Cruz'],
    ]);
    await recordRaceResults(t.app.db, r3.raceId, [
      { runnerNo: '1', outcome: 'scratched', position: null },
      finished('2', 1),
    ]);

    const ids = await t.app.db.selectFrom('horses').select('id').where('name', '=', 'Bagyo').executeTakeFirstOrThrow();
    bagyoId = ids.id;
    const cruz = await t.app.db
      .selectFrom('jockeys')
      .select('id')
      .where('name', '=', 'J. Cruz')
      .executeTakeFirstOrThrow();
    cruzId = cruz.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('are for signed-in players', async () => {
    expect(FormOperations.horsePage.auth).toBe('player');
    expect(FormOperations.jockeyPage.auth).toBe('player');
    expect(FormOperations.trainerPage.auth).toBe('player');
    for (const url of [
      FormRoutes.horsePage(bagyoId),
      FormRoutes.jockeyPage(cruzId),
      FormRoutes.trainerPage(trainerId),
    ]) {
      const response = await get(url, false);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(401);
    }
  });

  it("answer a horse's details, career and runs, latest first, with the jockey, weight, dividend and replay", async () => {
    const response = await get(FormRoutes.horsePage(bagyoId));
    expect(response.statusCode, response.body).toBe(200);
    const body = horsePageResponseSchema.parse(response.json());
    expect(body.horse).toMatchObject({ id: bagyoId, name: 'Bagyo', sex: 'G', trainerId, trainerName: 'T. Santos' });
    expect(body).toMatchObject({
      career: { starts: 2, wins: 1, seconds: 1, thirds: 0, places: 1 },
      lastFinishes: '2-1',
      firstStarter: false,
      page: 1,
      pageSize: FORM_PAGE_SIZE,
      hasMore: false,
    });
    expect(body.runs).toEqual([
      {
        raceId: wonRaceId,
        raceNo: 1,
        raceDate: '2026-10-20',
        track: 'Metro Turf',
        distanceM: null,
        raceClass: null,
        outcome: 'finished',
        position: 1,
        fieldSize: 2,
        hasReplay: true,
        runnerNo: '2',
        marginLengths: null,
        jockeyId: cruzId,
        jockeyName: 'J. Cruz',
        weightKg: '54.5',
        winDividend: '4.20',
      },
      expect.objectContaining({
        raceDate: '2026-10-01',
        track: 'San Lazaro',
        distanceM: 1200,
        position: 2,
        marginLengths: '1.25',
        hasReplay: false,
        winDividend: null,
        weightKg: null,
      }),
    ]);
  });

  it("answer a jockey's record, last 30 days and rides", async () => {
    const response = await get(FormRoutes.jockeyPage(cruzId));
    expect(response.statusCode, response.body).toBe(200);
    const body = ridesPageResponseSchema.parse(response.json());
    expect(body.person).toEqual({ id: cruzId, name: 'J. Cruz', licenceNo: null });
    // Bagyo 2nd, Bagyo won, Kidlat won.
    expect(body.career).toEqual({ starts: 3, wins: 2, seconds: 1, thirds: 0, places: 1 });
    expect(body.rides.map((ride) => [ride.raceDate, ride.horseName, ride.position])).toEqual([
      ['2026-11-02', 'Kidlat', 1],
      ['2026-10-20', 'Bagyo', 1],
      ['2026-10-01', 'Bagyo', 2],
    ]);
    expect(body.last30Days.rides).toBeLessThanOrEqual(3);
  });

  it("answer a trainer's runners since they trained the horse", async () => {
    const response = await get(FormRoutes.trainerPage(trainerId));
    expect(response.statusCode, response.body).toBe(200);
    const body = ridesPageResponseSchema.parse(response.json());
    expect(body.person).toEqual({ id: trainerId, name: 'T. Santos', licenceNo: 'TR-101' });
    expect(body.career).toEqual({ starts: 1, wins: 1, seconds: 0, thirds: 0, places: 0 });
    expect(body.rides.map((ride) => [ride.horseName, ride.jockeyName, ride.hasReplay])).toEqual([
      ['Bagyo', 'J. Cruz', true],
    ]);
  });

  it("mark a finished race with an operator's replay video as replayable", async () => {
    const first = horsePageResponseSchema.parse((await get(FormRoutes.horsePage(bagyoId))).json()).runs[1];
    expect(first?.hasReplay).toBe(false);
    const raceId = first?.raceId ?? 0;
    await t.app.db
      .updateTable('races')
      .set({ status: 'D', replay_url: 'https://video.example/replay.m3u8' })
      .where('id', '=', raceId)
      .execute();
    const again = horsePageResponseSchema.parse((await get(FormRoutes.horsePage(bagyoId))).json()).runs[1];
    expect(again).toMatchObject({ raceId, hasReplay: true });
  });

  it('page their runs: a page past the last is empty', async () => {
    const second = horsePageResponseSchema.parse((await get(`${FormRoutes.horsePage(bagyoId)}?page=2`)).json());
    expect(second).toMatchObject({ page: 2, hasMore: false, runs: [] });
    // The career figures do not depend on the page.
    expect(second.career.starts).toBe(2);
  });

  it('answer 404 with a clear message for an id that names no record', async () => {
    const cases = [
      [FormRoutes.horsePage(999_999), FormMessages.horseNotFound],
      [FormRoutes.jockeyPage(999_999), FormMessages.jockeyNotFound],
      [FormRoutes.trainerPage(999_999), FormMessages.trainerNotFound],
    ] as const;
    for (const [url, message] of cases) {
      const response = await get(url);
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toMatchObject({ statusMessage: message });
    }
  });

  it('refuse a malformed id, a bad page and an unknown query field with 400', async () => {
    for (const url of [
      '/api/game/horses/abc',
      '/api/game/horses/0',
      '/api/game/jockeys/1e3',
      '/api/game/trainers/-1',
      `${FormRoutes.horsePage(bagyoId)}?page=0`,
      `${FormRoutes.horsePage(bagyoId)}?page=abc`,
      `${FormRoutes.jockeyPage(cruzId)}?size=500`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
    }
  });
});
