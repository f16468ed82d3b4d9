import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToteOperations, type Operation } from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { registerPlayer } from '../../../test/player-flow.ts';
import { adminPoster, fundPlayer, winRaceDay } from '../../../test/win-race.ts';

/** The tote's calls answer what the API's contract declares, and the description says so. */
describe(`the tote's calls and their contract (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Calls the operation and checks the answer against its schema (a parse that throws is a mismatch). */
  async function answer(operation: Operation, url: string, payload?: object, cookie = admin) {
    const response = await t.app.inject({
      method: operation.method,
      url,
      ...(payload === undefined ? {} : { payload }),
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return operation.response.parse(response.json());
  }

  it('describes every tote operation with its answer, refusals and security', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>;
    }>();
    for (const operation of Object.values(ToteOperations)) {
      const path = operation.path.replace(/:(\w+)/g, '{$1}');
      const described = document.paths[path]?.[operation.method.toLowerCase()];
      expect(described, `${operation.method} ${path}`).toBeDefined();
      expect(Object.keys(described?.responses ?? {})).toEqual(expect.arrayContaining(['200', '4XX', '5XX']));
      expect(described?.security ?? []).toEqual(operation.auth === 'staff' ? [{ staffSession: [] }] : []);
    }
  });

  it('previews, confirms and reports a settled race, and lists settings and carryovers, as declared', async () => {
    const day = await winRaceDay(t.app, admin, `Contract ${randomUUID()}`);
    const player = await registerPlayer(t.app);
    await fundPlayer(t.app, admin, player, 10_000);
    expect((await day.bet(player, { betType: 'W', selections: [[1]], amount: 1_000 })).statusCode).toBe(200);
    await adminPoster(t.app, admin)(`/api/backoffice/racing/races/${day.raceId}/status`, { status: 'C' });
    const race = `/api/backoffice/tote/races/${day.raceId}`;
    const finish = { finish: [[1], [2], [3]] };

    await answer(ToteOperations.previewResult, `${race}/result/preview`, finish);
    const confirmed = await answer(ToteOperations.confirmResult, `${race}/result/confirm`, {
      ...finish,
      idempotencyKey: randomUUID(),
    });
    expect(confirmed).toMatchObject({ report: { raceId: day.raceId, balanced: true } });
    await answer(ToteOperations.report, `${race}/report`);
    await answer(ToteOperations.settings, ToteOperations.settings.path);
    await answer(ToteOperations.carryovers, ToteOperations.carryovers.path);
    await answer(ToteOperations.getCarryovers, ToteOperations.getCarryovers.path, {});
    const result = await answer(
      ToteOperations.getGameResult,
      ToteOperations.getGameResult.path,
      { raceId: day.raceId, eventId: day.eventId },
      '',
    );
    expect(result).toMatchObject({ raceId: day.raceId, winners: expect.arrayContaining([expect.anything()]) });
  });
});
