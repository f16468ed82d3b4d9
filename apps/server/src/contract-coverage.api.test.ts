import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../test/test-app.ts';

/** Routes that answer image bytes, not JSON: they stay out of the JSON contract (see their modules). */
const BINARY_ANSWERS = new Set([
  'GET /api/payment/channel-images/{hash}',
  'GET /api/backoffice/payments/{id}/receipt',
  'GET /api/backoffice/master-agent-applications/{id}/photos/{kind}',
  'GET /api/backoffice/kyc/{id}/photos/{kind}',
  'GET /api/statement/{month}/csv',
  'GET /api/statement/{month}/pdf',
  'GET /api/backoffice/agents/report.csv',
  'GET /api/backoffice/reports/tax-certificates/{playerId}/{year}/pdf',
  'GET /api/tax-certificates/{year}/pdf',
]);

interface Described {
  summary?: string;
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

describe(`every operation of the API description is the contract (${testDialect})`, () => {
  let t: TestApp;
  let paths: Record<string, Record<string, Described>>;
  beforeAll(async () => {
    t = await createTestApp();
    paths = (await t.app.inject({ url: '/api/docs/json' })).json<{ paths: typeof paths }>().paths;
  });
  afterAll(async () => {
    await t.close();
  });

  it('declares its answer, its refusals and faults, and a summary, for each JSON operation', () => {
    const operations = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, described]) => ({ name: `${method.toUpperCase()} ${path}`, described })),
    );
    expect(operations.length).toBeGreaterThan(90);
    const undeclared = operations
      .filter(({ name }) => !BINARY_ANSWERS.has(name))
      .filter(({ described }) =>
        ['200', '4XX', '5XX'].some((status) => !described.responses[status]?.content?.['application/json']?.schema),
      )
      .map(({ name }) => name);
    expect(undeclared).toEqual([]);
    const unsummarised = operations.filter(({ described }) => !described.summary).map(({ name }) => name);
    expect(unsummarised).toEqual([]);
  });

  it('names the staff session every back-office operation needs', () => {
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, described] of Object.entries(methods)) {
        // Sign-in and sign-out are reached before (or whatever) a session is; everything else needs one.
        const staffOnly =
          path.startsWith('/api/backoffice/') && !/^\/api\/backoffice\/auth\/(login|logout)$/.test(path);
        if (staffOnly && !BINARY_ANSWERS.has(`${method.toUpperCase()} ${path}`)) {
          expect(described.security, `${method.toUpperCase()} ${path}`).toEqual([{ staffSession: [] }]);
        }
      }
    }
  });

  it('lists null in the enum of every nullable field, as OpenAPI 3.0.3 reads an enum (issue 30)', () => {
    const wrong: string[] = [];
    let nullableEnums = 0;
    const walk = (node: unknown, at: string) => {
      if (typeof node !== 'object' || node === null) return;
      const schema: { nullable?: unknown; enum?: unknown } = node;
      if (schema.nullable === true && Array.isArray(schema.enum)) {
        nullableEnums += 1;
        if (!schema.enum.includes(null)) wrong.push(`${at}: ${JSON.stringify(schema.enum)}`);
      }
      for (const [key, value] of Object.entries(node)) walk(value, `${at}.${key}`);
    };
    walk(paths, '$');
    expect(wrong).toEqual([]);
    // secondApproverRole, resolution, actorRole and the others: the fields the check is about exist.
    expect(nullableEnums).toBeGreaterThanOrEqual(9);
  });
});
