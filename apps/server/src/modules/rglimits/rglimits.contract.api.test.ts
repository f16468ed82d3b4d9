import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ResponsibleGamingAdminOperations,
  ResponsibleGamingOperations,
  rgExclusionListResponseSchema,
  rgPlayerStatusResponseSchema,
  rgStatusResponseSchema,
  type Operation,
} from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { registerPlayer } from '../../../test/player-flow.ts';

interface Described {
  summary?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
}

describe(`responsible gaming's operations are the contract (${testDialect})`, () => {
  let t: TestApp;
  let paths: Record<string, Record<string, Described>>;
  beforeAll(async () => {
    t = await createTestApp();
    paths = (await t.app.inject({ url: '/api/docs/json' })).json<{ paths: typeof paths }>().paths;
  });
  afterAll(async () => {
    await t.close();
  });

  const operations: readonly Operation[] = [
    ...Object.values(ResponsibleGamingOperations),
    ...Object.values(ResponsibleGamingAdminOperations),
  ];
  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))('%s is described', (_name, op) => {
    const described = paths[op.path.replace(/:(\w+)/g, '{$1}')]?.[op.method.toLowerCase()];
    expect(described?.summary).toBe(op.summary);
    expect(described?.security).toEqual([op.auth === 'staff' ? { staffSession: [] } : { playerSession: [] }]);
    expect(Object.keys(described?.responses ?? {})).toEqual(expect.arrayContaining(['200', '4XX', '5XX']));
  });

  it('answers match their schemas', async () => {
    const p = await registerPlayer(t.app);
    const own = await t.app.inject({
      method: 'POST',
      url: ResponsibleGamingOperations.startBreak.path,
      payload: { period: 'coolOff24h', confirm: true },
      headers: { cookie: p.cookie },
    });
    expect(rgStatusResponseSchema.parse(own.json()).exclusion?.kind).toBe('coolOff');
    const admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const list = await t.app.inject({ url: '/api/backoffice/exclusions', headers: { cookie: admin } });
    expect(rgExclusionListResponseSchema.parse(list.json()).total).toBeGreaterThan(0);
    const state = await t.app.inject({
      url: `/api/backoffice/players/${p.playerId}/responsible-gaming`,
      headers: { cookie: admin },
    });
    expect(rgPlayerStatusResponseSchema.parse(state.json()).history).toHaveLength(1);
  });
});
