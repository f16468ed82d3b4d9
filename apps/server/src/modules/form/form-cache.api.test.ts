import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormRoutes, formGuideResponseSchema, ToteAdminRoutes, type FormGuideRunner, type Race } from '@karera/shared';
import { registerPlayer } from '../../../test/player-flow.ts';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';

/**
 * The form guide is cached per race (decision 053): a result written behind the cache's back does not
 * show, a confirmed result clears it, and an edited runner never answers stale.
 */
describe(`the race form guide's cache (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let player: string;
  let past: Race;
  let other: Race;
  let later: Race;

  const post = async (url: string, payload: Record<string, unknown>) => {
    const response = await t.app.inject({ method: 'POST', url, payload, headers: { cookie: admin } });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  async function raceOn(raceDate: string, raceNo: number, horses: string[]): Promise<Race> {
    const event = (
      await post('/api/backoffice/racing/events', {
        name: `Day ${raceDate} ${raceNo}`,
        arena: 'Metro Turf',
        streamUrl: '',
        raceDate,
        enabledBetTypes: [],
      })
    ).json<{ event: { id: number } }>().event;
    let race = (
      await post(`/api/backoffice/racing/events/${event.id}/races`, {
        raceNo,
        startDateTime: `${raceDate}T06:00:00Z`,
        enabledBetTypes: [],
      })
    ).json<{ race: Race }>().race;
    for (const [index, horseName] of horses.entries()) {
      race = (
        await post(`/api/backoffice/racing/races/${race.raceId}/runners`, {
          runnerNo: String(index + 1),
          horseName,
          jockeyName: 'J. Cruz',
        })
      ).json<{ race: Race }>().race;
    }
    return race;
  }
  async function alpha(): Promise<FormGuideRunner | undefined> {
    const response = await t.app.inject({
      method: 'GET',
      url: FormRoutes.raceFormGuide(later.raceId),
      headers: { cookie: player },
    });
    expect(response.statusCode, response.body).toBe(200);
    return formGuideResponseSchema.parse(response.json()).runners.find((runner) => runner.horseName === 'Alpha');
  }
  async function confirm(race: Race, finish: number[][]) {
    await post(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'O' });
    await post(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'C' });
    await post(ToteAdminRoutes.confirmResult(race.raceId), { finish, idempotencyKey: randomUUID() });
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    player = (await registerPlayer(t.app)).cookie;
    past = await raceOn('2026-11-10', 1, ['Alpha', 'Bravo', 'Charlie']);
    other = await raceOn('2026-11-15', 1, ['Alpha', 'Bravo', 'Charlie']);
    later = await raceOn('2026-11-27', 1, ['Alpha', 'Bravo']);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers from the cache until a result is confirmed, then shows the new figure', async () => {
    await confirm(past, [[1], [2], [3]]);
    expect(await alpha()).toMatchObject({ lastFinishes: '1', career: { starts: 1, wins: 1 } });

    // A result written straight into the table, behind the cache's back: the cached answer stands.
    const runner = await t.app.db
      .selectFrom('runners')
      .select(['id', 'horse_id', 'jockey_id'])
      .where('race_id', '=', other.raceId)
      .where('runner_no', '=', '1')
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('runner_results')
      .values({
        runner_id: runner.id,
        race_id: other.raceId,
        horse_id: runner.horse_id ?? 0,
        jockey_id: runner.jockey_id,
        trainer_id: null,
        race_date: '2026-11-15',
        track: 'Metro Turf',
        outcome: 'finished',
        position: 3,
        field_size: 3,
        created_at: new Date().toISOString(),
      })
      .execute();
    expect(await alpha()).toMatchObject({ lastFinishes: '1' });

    // A result confirmed (any race): every guide is read again, with the new figure.
    await confirm(other, [[2], [3], [1]]);
    expect(await alpha()).toMatchObject({ lastFinishes: '1-3', career: { starts: 2, wins: 1, thirds: 1 } });
  });

  it('never answers a runner edited since as it was', async () => {
    expect(await alpha()).toMatchObject({ rating: null });
    await t.app.db
      .updateTable('runners')
      .set({ rating: 71 })
      .where('race_id', '=', later.raceId)
      .where('runner_no', '=', '1')
      .execute();
    expect(await alpha()).toMatchObject({ rating: 71 });
  });
});
