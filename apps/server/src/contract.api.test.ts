import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameOperations, PromoOperations, PublicOperations, type Operation } from '@karera/shared';
import { createTestApp, testDialect, type TestApp } from '../test/test-app.ts';
import { registerPlayer } from '../test/player-flow.ts';

/** The operations registered from the contract (packages/shared api/operations). */
const CONTRACT: readonly Operation[] = [
  ...Object.values(PublicOperations),
  ...Object.values(GameOperations),
  ...Object.values(PromoOperations),
];

interface OpenApiOperation {
  summary?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

describe(`the API description is the contract (${testDialect})`, () => {
  let t: TestApp;
  let document: {
    paths: Record<string, Record<string, OpenApiOperation>>;
    components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
  };
  beforeAll(async () => {
    t = await createTestApp();
    document = (await t.app.inject({ url: '/api/docs/json' })).json();
  });
  afterAll(async () => {
    await t.close();
  });

  it('names both sessions as security schemes', () => {
    expect(document.components.securitySchemes).toEqual({
      playerSession: { type: 'apiKey', in: 'cookie', name: 'karera_session' },
      staffSession: { type: 'apiKey', in: 'cookie', name: 'karera_staff' },
    });
  });

  it.each(CONTRACT.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
    '%s declares its answer, its refusals and who may call it',
    (_name, operation) => {
      const described = document.paths[operation.path]?.[operation.method.toLowerCase()];
      expect(described, 'in the description').toBeDefined();
      expect(described?.summary).toBe(operation.summary);
      for (const status of ['200', '4XX', '5XX']) {
        expect(described?.responses[status]?.content?.['application/json']?.schema, status).toBeDefined();
      }
      const security = { public: [], player: [{ playerSession: [] }], staff: [{ staffSession: [] }] }[operation.auth];
      expect(described?.security ?? []).toEqual(security);
    },
  );

  it('answers each call with what its schema declares', async () => {
    const player = await registerPlayer(t.app);
    const call = async (operation: Operation, payload?: object, cookie?: string) => {
      const response = await t.app.inject({
        method: operation.method,
        url: operation.path,
        ...(payload === undefined ? {} : { payload }),
        ...(cookie ? { headers: { cookie } } : {}),
      });
      expect(response.statusCode, response.body).toBe(200);
      // The schema's parse throws on a mismatch; an answer the server could not serialise would be a 500.
      return operation.response.parse(response.json());
    };
    await call(PublicOperations.siteConfig);
    await call(GameOperations.getGameInfo, {});
    await call(GameOperations.getBetHistory, {}, player.cookie);
    await call(PromoOperations.list, {}, player.cookie);
    await call(PromoOperations.history, {}, player.cookie);
  });
});
