import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DualControlRoutes,
  FormRoutes,
  formGuideResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  ToteAdminRoutes,
  ToteMessages,
  type DualControlRequestResponse,
  type FormGuideRunner,
  type Race,
} from '@karera/shared';
import { call, registerPlayer } from '../../../test/player-flow.ts';
import { independentAdmin } from '../../../test/second-admin.ts';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { useLegacyTakeouts } from '../../../test/tote-policies.ts';

/**
 * The official result under dual control (decision 046): official dividends that differ from the tote's are
 * entered by one admin and approved by a second, independent one. Only the approval records the result, and
 * with it (the result.recorded hook, in the approval's transaction) the runners' official results: the form
 * guide of a later race with the same horses, read and cached before, changes then and not before.
 */
describe(`an official result approved by a second admin writes the runners' results (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let past: Race;
  let later: Race;
  let eventId: number;

  const post = async (url: string, payload: Record<string, unknown>, cookie = admin) => {
    const response = await t.app.inject({ method: 'POST', url, payload, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  async function raceOn(raceDate: string): Promise<{ eventId: number; race: Race }> {
    const event = (
      await post('/api/backoffice/racing/events', {
        name: `Official form ${raceDate} ${randomUUID().slice(0, 6)}`,
        arena: 'Metro Turf',
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
    for (const [index, horseName] of ['Amihan', 'Habagat', 'Bagyo'].entries()) {
      race = (
        await post(`/api/backoffice/racing/races/${race.raceId}/runners`, {
          runnerNo: String(index + 1),
          horseName: `${horseName} ${testDialect}`,
          jockeyName: index === 0 ? 'J. Santos' : 'J. Reyes',
        })
      ).json<{ race: Race }>().race;
    }
    return { eventId: event.id, race };
  }

  async function guide(): Promise<Map<string, FormGuideRunner>> {
    const response = await t.app.inject({
      method: 'GET',
      url: FormRoutes.raceFormGuide(later.raceId),
      headers: { cookie: viewer },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = formGuideResponseSchema.parse(response.json());
    return new Map(body.runners.map((runner) => [runner.runnerNo, runner]));
  }

  const officialResults = () =>
    t.app.db
      .selectFrom('runner_results')
      .select(['runner_id', 'outcome', 'position'])
      .where('race_id', '=', past.raceId)
      .orderBy('runner_id')
      .execute();

  beforeAll(async () => {
    t = await createTestApp();
    // The figures below are worked on the single takeouts of before the EO 194 split (decision 049).
    await useLegacyTakeouts(t.app.db);
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    viewer = (await registerPlayer(t.app)).cookie;
    const day = await raceOn('2026-11-20');
    past = day.race;
    eventId = day.eventId;
    later = (await raceOn('2026-11-27')).race;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('records nothing while the result waits, and the runners’ results and a changed guide once approved', async () => {
    // ₱10 on each runner: the tote pays 2.50 on the winner, the track's official dividend is 2.00.
    await post(`/api/backoffice/racing/races/${past.raceId}/status`, { status: 'O' });
    for (const runner of [1, 2, 3]) {
      const bettor = await registerPlayer(t.app);
      const funded = await t.app.inject({
        method: 'POST',
        url: `/api/backoffice/players/${bettor.playerId}/adjustments`,
        headers: { cookie: admin, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
        payload: { account: 'credit', amount: 10_000, reason: 'Test funds' },
      });
      expect(funded.statusCode, funded.body).toBe(200);
      const bet = await call(
        t.app,
        '../game/placeBet',
        {
          raceId: past.raceId,
          eventId,
          betType: 'W',
          selections: [[runner]],
          amount: 1000,
          useBonus: false,
          idempotencyKey: randomUUID(),
        },
        bettor.cookie,
      );
      expect(bet.statusCode, bet.body).toBe(200);
    }
    await post(`/api/backoffice/racing/races/${past.raceId}/status`, { status: 'C' });

    // Read (and cached) before: every horse a first starter, the jockeys without a ride.
    const before = await guide();
    expect(before.get('2')).toMatchObject({ firstStarter: true, lastFinishes: '', career: { starts: 0 } });
    expect(before.get('2')?.jockeyLast30Days).toEqual({ wins: 0, rides: 0 });

    // The first admin enters Habagat (2) first, Amihan (1) second, with the track's dividend.
    const proposed = await post(ToteAdminRoutes.confirmResult(past.raceId), {
      finish: [[2], [1]],
      officialDividends: [{ betType: 'W', combination: '2', dividend: 200 }],
      idempotencyKey: randomUUID(),
    });
    const pending = proposed.json<DualControlRequestResponse>();
    expect(pending.statusMessage).toBe(ToteMessages.officialNeedsSecondAdmin);
    expect(await officialResults()).toEqual([]);
    expect(await guide()).toEqual(before);

    // A second, independent admin approves: the result is recorded, and with it every runner's.
    const second = await independentAdmin(t.app);
    const approved = await t.app.inject({
      method: 'POST',
      url: DualControlRoutes.approve(pending.request.id),
      headers: { cookie: second.cookie, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      payload: {},
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const runnerIds = past.runners.map((runner) => runner.id).sort((a, b) => a - b);
    expect(await officialResults()).toEqual([
      { runner_id: runnerIds[0], outcome: 'finished', position: 2 },
      { runner_id: runnerIds[1], outcome: 'finished', position: 1 },
      // Not in the entered finish: unplaced, the place after the last one entered.
      { runner_id: runnerIds[2], outcome: 'finished', position: 3 },
    ]);

    const after = await guide();
    expect(after.get('2')).toMatchObject({
      firstStarter: false,
      lastFinishes: '1',
      daysSinceLastRun: 7,
      career: { starts: 1, wins: 1, seconds: 0, thirds: 0, places: 0 },
      atTrack: { starts: 1, wins: 1 },
      jockeyLast30Days: { wins: 1, rides: 2 },
    });
    expect(after.get('1')).toMatchObject({
      lastFinishes: '2',
      career: { starts: 1, wins: 0, seconds: 1 },
      jockeyLast30Days: { wins: 0, rides: 1 },
    });
    expect(after.get('3')).toMatchObject({ lastFinishes: '3', career: { starts: 1, thirds: 1 } });
  });
});
