import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RacingMessages, StatusCode, type Race } from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';

describe(`updating a runner (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let runner: Race['runners'][number];

  const post = (url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie: admin } });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const made = await post('/api/backoffice/racing/events', {
      name: 'Runner Day',
      arena: 'Metro Turf',
      streamUrl: '',
      raceDate: '2026-11-22',
      enabledBetTypes: [],
    });
    const eventId = made.json<{ event: { id: number } }>().event.id;
    const race = (
      await post(`/api/backoffice/racing/events/${eventId}/races`, {
        raceNo: 1,
        startDateTime: '2026-11-22T06:00:00Z',
        enabledBetTypes: [],
      })
    ).json<{ race: Race }>().race;
    const added = await post(`/api/backoffice/racing/races/${race.raceId}/runners`, {
      runnerNo: '1',
      horseName: 'Bagyo',
      jockeyName: 'J. Cruz',
    });
    const [first] = added.json<{ race: Race }>().race.runners;
    if (!first) throw new Error('no runner');
    runner = first;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses an empty update with 400 and says what to send, changing and auditing nothing', async () => {
    const auditBefore = await t.app.db.selectFrom('audit_log').select('id').execute();
    const response = await post(`/api/backoffice/racing/runners/${runner.id}`, {});
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: StatusCode.BAD_REQUEST,
      statusMessage: RacingMessages.runnerUpdateEmpty,
    });
    expect(await t.app.db.selectFrom('audit_log').select('id').execute()).toEqual(auditBefore);
  });

  it('still changes one field', async () => {
    const response = await post(`/api/backoffice/racing/runners/${runner.id}`, { jockeyName: 'R. Reyes' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ race: Race }>().race.runners[0]).toMatchObject({
      jockeyName: 'R. Reyes',
      horseName: 'Bagyo',
    });
  });
});
