import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormRoutes, formGuideResponseSchema, ToteAdminRoutes, type FormGuideRunner, type Race } from '@karera/shared';
import { registerPlayer } from '../../../test/player-flow.ts';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';

/**
 * A race's result confirmed in the back office writes its runners' official results in the same
 * transaction (decision 053), and the form guide of a later race with the same horses changes.
 */
describe(`a confirmed result writes the runners' official results (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let player: string;
  let past: Race;
  let later: Race;

  const post = async (url: string, payload: Record<string, unknown>) => {
    const response = await t.app.inject({ method: 'POST', url, payload, headers: { cookie: admin } });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  async function raceOn(raceDate: string, horses: string[]): Promise<Race> {
    const event = (
      await post('/api/backoffice/racing/events', {
        name: `Day ${raceDate}`,
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
    for (const [index, horseName] of horses.entries()) {
      race = (
        await post(`/api/backoffice/racing/races/${race.raceId}/runners`, {
          runnerNo: String(index + 1),
          horseName,
          jockeyName: 'J. Cruz',
        })
      ).json<{ race: Race }>().race;
    }
    await t.app.db
      .updateTable('races')
      .set({ distance_m: 1400, race_class: 'Class 2' })
      .where('id', '=', race.raceId)
      .execute();
    return race;
  }
  async function guideOf(race: Race): Promise<Map<string, FormGuideRunner>> {
    const response = await t.app.inject({
      method: 'GET',
      url: FormRoutes.raceFormGuide(race.raceId),
      headers: { cookie: player },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = formGuideResponseSchema.parse(response.json());
    return new Map(body.runners.map((runner) => [runner.horseName, runner]));
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    player = (await registerPlayer(t.app)).cookie;
    past = await raceOn('2026-11-20', ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']);
    later = await raceOn('2026-11-27', ['Alpha', 'Bravo', 'Delta', 'Echo']);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('changes the form of a later race with the same horses', async () => {
    const before = await guideOf(later);
    expect(before.get('Alpha')).toMatchObject({ lastFinishes: '', firstStarter: true });

    await post(`/api/backoffice/racing/races/${past.raceId}/status`, { status: 'O' });
    const delta = past.runners.find((runner) => runner.horseName === 'Delta');
    await post(`/api/backoffice/racing/runners/${delta?.id}/scratch`, { scratched: true });
    await post(`/api/backoffice/racing/races/${past.raceId}/status`, { status: 'C' });
    // Bravo won; Alpha and Charlie dead-heated for second; Echo is left out of the entered finish.
    await post(ToteAdminRoutes.confirmResult(past.raceId), { finish: [[2], [1, 3]], idempotencyKey: randomUUID() });

    const rows = await t.app.db
      .selectFrom('runner_results')
      .innerJoin('horses', 'horses.id', 'runner_results.horse_id')
      .select(['horses.name', 'outcome', 'position', 'distance_m', 'race_class', 'race_date', 'field_size'])
      .where('race_id', '=', past.raceId)
      .orderBy('horses.name')
      .execute();
    expect(rows).toEqual([
      { name: 'Alpha', outcome: 'finished', position: 2, ...common(4) },
      { name: 'Bravo', outcome: 'finished', position: 1, ...common(4) },
      { name: 'Charlie', outcome: 'finished', position: 2, ...common(4) },
      { name: 'Delta', outcome: 'scratched', position: null, ...common(4) },
      // Unplaced: the place after the last one entered.
      { name: 'Echo', outcome: 'finished', position: 4, ...common(4) },
    ]);

    const after = await guideOf(later);
    expect(after.get('Alpha')).toMatchObject({
      lastFinishes: '2',
      firstStarter: false,
      daysSinceLastRun: 7,
      career: { starts: 1, wins: 0, seconds: 1, thirds: 0, places: 1 },
      atDistance: { starts: 1, wins: 0, seconds: 1, thirds: 0, places: 1 },
    });
    expect(after.get('Bravo')).toMatchObject({ lastFinishes: '1', career: { starts: 1, wins: 1 } });
    // A scratching is not a start.
    expect(after.get('Delta')).toMatchObject({ lastFinishes: '', firstStarter: true, career: { starts: 0 } });
    expect(after.get('Echo')).toMatchObject({ lastFinishes: '4' });
  });
});

function common(fieldSize: number) {
  return { distance_m: 1400, race_class: 'Class 2', race_date: '2026-11-20', field_size: fieldSize };
}
