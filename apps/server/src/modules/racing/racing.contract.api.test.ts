import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RacingAdminOperations, type Operation } from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';

/** Race control answers what the API's contract declares, and the description says so. */
describe(`race control and its contract (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterAll(async () => {
    await t.close();
  });

  async function answer(operation: Operation, url: string, payload?: object) {
    const response = await t.app.inject({
      method: operation.method,
      url,
      ...(payload === undefined ? {} : { payload }),
      headers: { cookie: admin },
    });
    expect(response.statusCode, response.body).toBe(200);
    return operation.response.parse(response.json());
  }
  const at = (operation: Operation, ids: Record<string, number>) =>
    operation.path.replace(/:(\w+)/g, (_match, name: string) => String(ids[name]));

  it('describes every race-control operation for staff, with its answer and refusals', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>;
    }>();
    for (const operation of Object.values(RacingAdminOperations)) {
      const described = document.paths[operation.path.replace(/:(\w+)/g, '{$1}')]?.[operation.method.toLowerCase()];
      expect(described, `${operation.method} ${operation.path}`).toBeDefined();
      expect(Object.keys(described?.responses ?? {})).toEqual(expect.arrayContaining(['200', '4XX', '5XX']));
      expect(described?.security).toEqual([{ staffSession: [] }]);
    }
  });

  it('answers a race day built, changed and run from the back office as declared', async () => {
    const ops = RacingAdminOperations;
    const input = {
      name: 'Contract day',
      arena: 'Metro Turf',
      streamUrl: '',
      raceDate: '2026-11-22',
      enabledBetTypes: [],
    };
    const { event } = (await answer(ops.createEvent, ops.createEvent.path, input)) as { event: { id: number } };
    await answer(ops.updateEvent, at(ops.updateEvent, { eventId: event.id }), { ...input, name: 'Contract day 2' });
    const { race } = (await answer(ops.createRace, at(ops.createRace, { eventId: event.id }), {
      raceNo: 1,
      startDateTime: '2026-11-22T06:00:00Z',
      enabledBetTypes: [],
    })) as { race: { raceId: number } };
    await answer(ops.updateRace, at(ops.updateRace, { raceId: race.raceId }), {
      startDateTime: '2026-11-22T07:00:00Z',
    });
    let runnerId = 0;
    for (const runnerNo of ['1', '2', '3']) {
      const added = (await answer(ops.addRunner, at(ops.addRunner, { raceId: race.raceId }), {
        runnerNo,
        horseName: `Horse ${runnerNo}`,
        jockeyName: 'J. Cruz',
      })) as { race: { runners: { id: number }[] } };
      runnerId = added.race.runners.at(-1)?.id ?? 0;
    }
    await answer(ops.updateRunner, at(ops.updateRunner, { runnerId }), { jockeyName: 'A. Reyes' });
    await answer(ops.scratch, at(ops.scratch, { runnerId }), { scratched: true });
    await answer(ops.raceStatus, at(ops.raceStatus, { raceId: race.raceId }), { status: 'O' });
    await answer(ops.listEvents, ops.listEvents.path);
    const detail = await answer(ops.event, at(ops.event, { eventId: event.id }));
    expect(detail).toMatchObject({ event: { id: event.id, name: 'Contract day 2' } });
  });
});
