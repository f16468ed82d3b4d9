import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PromoAdminOperations, PromoOperations, type Operation } from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { registerPlayer } from '../../../test/player-flow.ts';

/** The promo calls answer what the API's contract declares, and the description says so. */
describe(`promos and their contract (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterAll(async () => {
    await t.close();
  });

  async function answer(operation: Operation, url: string, payload?: object, cookie = admin, key?: string) {
    const response = await t.app.inject({
      method: operation.method,
      url,
      ...(payload === undefined ? {} : { payload }),
      headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) },
    });
    expect(response.statusCode, response.body).toBe(200);
    return operation.response.parse(response.json());
  }

  it('describes every promo operation with its answer, refusals and security', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>;
    }>();
    for (const operation of [...Object.values(PromoOperations), ...Object.values(PromoAdminOperations)]) {
      const described = document.paths[operation.path.replace(/:(\w+)/g, '{$1}')]?.[operation.method.toLowerCase()];
      expect(described, `${operation.method} ${operation.path}`).toBeDefined();
      expect(Object.keys(described?.responses ?? {})).toEqual(expect.arrayContaining(['200', '4XX', '5XX']));
      const security = operation.auth === 'staff' ? [{ staffSession: [] }] : [{ playerSession: [] }];
      expect(described?.security).toEqual(security);
    }
  });

  it('answers a promo created, edited, paused and claimed as declared', async () => {
    const ops = PromoAdminOperations;
    const definition = {
      promoCode: `C${randomUUID().slice(0, 8)}`.toUpperCase(),
      name: 'Contract promo',
      description: 'A promo for the contract',
      creditTo: 'BONUS',
      kind: 'fixed',
      rewardAmount: 10_000,
      rateBasisPoints: 0,
      rewardCap: 0,
      remaining: 999,
      perPlayerLimit: 1,
      dailyDepositReq: 0,
      accountDaysReq: 0,
      validityInHours: 24,
      startsAt: '2026-01-01T00:00:00.000Z',
      endsAt: null,
      codeOnly: false,
    };
    const { promo } = (await answer(ops.create, ops.create.path, definition)) as { promo: { id: number } };
    const at = (operation: Operation) => operation.path.replace(':id', String(promo.id));
    await answer(ops.update, at(ops.update), { ...definition, name: 'Contract promo 2' });
    await answer(ops.setActive, at(ops.setActive), { active: false });
    await answer(ops.setActive, at(ops.setActive), { active: true });
    await answer(ops.list, ops.list.path);
    const player = await registerPlayer(t.app);
    await answer(PromoOperations.list, PromoOperations.list.path, {}, player.cookie);
    await answer(
      PromoOperations.claim,
      PromoOperations.claim.path,
      { promoCode: definition.promoCode, idempotencyKey: randomUUID() },
      player.cookie,
    );
    await answer(PromoOperations.history, PromoOperations.history.path, {}, player.cookie);
    const detail = await answer(ops.detail, at(ops.detail));
    expect(detail).toMatchObject({ promo: { name: 'Contract promo 2', claims: 1 } });
  });
});
