import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import type { Race } from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../test/test-app.ts';
import { registerPlayer, type RegisteredPlayer } from '../test/player-flow.ts';
import { checkLedger } from './modules/wallet/index.ts';
import { hashPassword } from './lib/passwords.ts';
import { insertStaff } from './modules/staff/index.ts';

/**
 * A property-based fuzz of the whole API, driven by the app's own OpenAPI description: every operation,
 * with a player, an agent, an admin and no session, gets generated requests (valid-shaped values,
 * boundaries, wrong types, extra and missing fields, huge strings and numbers, unicode; ids that exist
 * and ones that do not). No answer may be a 5xx; every answer is JSON in the app's error shape or in the
 * response schema the route declares; the ledger balances afterwards. Deterministic: FUZZ_SEED replays.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
/** On both dialects (about 15 s each on a quiet machine); FUZZ_REQUESTS sets another count for a deeper run. */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 20_000);

/** The dialect of JSON Schema the OpenAPI 3.0 description uses (what the zod schemas turn into). */
interface Schema {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI form: /api/backoffice/players/{playerId} */
  path: string;
  parameters: Parameter[];
  body?: Schema;
  /** Declared JSON answers by status key: '200', '4XX', 'default'. */
  responses: Record<string, Schema | undefined>;
}

type SessionName = 'none' | 'player' | 'agent' | 'admin';

interface FuzzRequest {
  operation: Operation;
  session: SessionName;
  pathValues: Record<string, string>;
  query: [string, string][];
  headers: Record<string, string>;
  body: { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; contentType: string };
  remoteAddress: string;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: Schema }> };
        responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
      }
    >
  >;
}

/**
 * Operations that end the session they are called with: in the random run they go without the
 * signed-in sessions (or the rest of the run would fuzz signed-out), and each is called once per
 * session at the end.
 */
const SESSION_ENDING = new Set(['POST /api/backoffice/auth/logout', 'POST /api/user/logout']);

/**
 * Operations that hash a password on every well-formed call (scrypt, deliberately slow: decision 003):
 * a tenth of the share of the others, or they alone would take most of the run.
 */
const PASSWORD_HASHING = new Set([
  'POST /api/user/register',
  'POST /api/user/login',
  'POST /api/user/resetPassword',
  'POST /api/user/changePassword',
  'POST /api/backoffice/auth/login',
  'POST /api/backoffice/staff',
  'POST /api/backoffice/master-agent-applications/{id}/approve',
  'POST /api/backoffice/master-agent-applications/{id}/send-sign-in-link',
]);

function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(byMethod)) {
      const responses: Record<string, Schema | undefined> = {};
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        responses[status] = response.content?.['application/json']?.schema;
      }
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema,
        responses,
      });
    }
  }
  return operations;
}

// ---- Values --------------------------------------------------------------------------------------

/** Ids the run makes before it starts, by the name of the field or parameter that takes them. */
type IdPool = Map<string, number[]>;

const MISSING_IDS = [999_999, 2 ** 31 - 1];
const ID_SPELLINGS = ['0', '-1', '0x2', '2.0', ' 2', '+2', '02', '1e0', 'abc', '2147483648', '١', '%', "1'--"];
const HUGE_TEXT = 'ñ'.repeat(70_000);
const WEIRD_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '1e3',
  '0x10',
  'null',
  'true',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  'Ñoño 🐎 日本 \u202e\u0000',
  '\uD800',
  '../../etc/passwd',
  'a'.repeat(5000),
];
const WEIRD_NUMBERS = [0, -1, -0.5, 1.5, 2 ** 31, 2 ** 53, 2 ** 53 + 2, -(2 ** 63), 1e21, 1e308, -1e308, 5e-324];

/** A value of any type but the usual: for wrong-type and hostile fields. */
const weird: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, [], {}, [[]], { a: { b: { c: [1] } } }, HUGE_TEXT),
  fc.constantFrom(...WEIRD_STRINGS),
  fc.constantFrom(...WEIRD_NUMBERS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.array(fc.integer({ min: -5, max: 200 }), { maxLength: 30 }),
);

const isIdName = (name: string | undefined) => name !== undefined && /(^id$|Id$)/.test(name);

function boundsOf(schema: Schema, fallback: [number, number]): [number, number] {
  let low = schema.minimum ?? fallback[0];
  let high = schema.maximum ?? fallback[1];
  if (schema.exclusiveMinimum === true) low += 1;
  if (typeof schema.exclusiveMinimum === 'number') low = schema.exclusiveMinimum + 1;
  if (schema.exclusiveMaximum === true) high -= 1;
  if (typeof schema.exclusiveMaximum === 'number') high = schema.exclusiveMaximum - 1;
  return [Math.max(low, Number.MIN_SAFE_INTEGER), Math.min(high, Number.MAX_SAFE_INTEGER)];
}

function stringOf(schema: Schema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 400));
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
      .map((date) => date.toISOString());
  }
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern), { size: 'small' });
    } catch {
      // A pattern fast-check cannot generate from: plain text instead.
    }
  }
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ minLength, maxLength, unit: 'grapheme' }),
    // Digits, where a text field would take some (a number, a reference, a code).
    fc.nat().map((n) => String(n).padStart(minLength, '1').slice(0, maxLength)),
  );
}

/** A value the schema accepts, as far as its shape goes (ids drawn mostly from rows that exist). */
function valid(schema: Schema | undefined, ids: IdPool, name?: string, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant(undefined);
  const base = validBase(schema, ids, name, depth);
  return schema.nullable ? fc.option(base, { nil: null, freq: 6 }) : base;
}

function validBase(schema: Schema, ids: IdPool, name: string | undefined, depth: number): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) return fc.oneof(...alternatives.map((s) => valid(s, ids, name, depth)));
  if (schema.allOf?.[0]) return valid(schema.allOf[0], ids, name, depth);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return stringOf(schema);
    case 'integer': {
      const [low, high] = boundsOf(schema, [-1e9, 1e9]);
      const range = fc.oneof(fc.integer({ min: low, max: high }), fc.constantFrom(low, high));
      const known = isIdName(name) ? [...(ids.get(name ?? '') ?? []), ...(ids.get('*') ?? [])] : [];
      return known.length > 0 ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, range) : range;
    }
    case 'number': {
      const [low, high] = boundsOf(schema, [-1e9, 1e9]);
      return fc.oneof(
        fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom(low, high),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valid(schema.items ?? {}, ids, name, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 6, 8)),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const keys = Object.keys(properties);
      if (keys.length === 0) return fc.constant({});
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const key of keys) record[key] = valid(properties[key], ids, key, depth + 1);
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((key) => key in record) });
    }
    default:
      return fc.oneof(fc.integer(), fc.string(), fc.boolean());
  }
}

/** A request body: mostly valid-shaped, else broken in one of the ways a client or an attacker would. */
function bodyOf(schema: Schema, ids: IdPool): fc.Arbitrary<FuzzRequest['body']> {
  const good = valid(schema, ids);
  const json = (value: fc.Arbitrary<unknown>) => value.map((v) => ({ kind: 'json' as const, value: v }));
  const mutatedObject = good.chain((value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return fc.constant(value);
    const object = value as Record<string, unknown>;
    const keys = Object.keys(schema.properties ?? {});
    const present = Object.keys(object);
    const options: fc.Arbitrary<unknown>[] = [
      fc
        .tuple(fc.oneof(fc.constantFrom('extra', '__proto__', 'constructor', 'playerId', 'role'), fc.string()), weird)
        .map(([key, extra]) => ({ ...object, [key]: extra })),
    ];
    if (keys.length > 0) {
      options.push(fc.tuple(fc.constantFrom(...keys), weird).map(([key, wrong]) => ({ ...object, [key]: wrong })));
    }
    if (present.length > 0) {
      options.push(
        fc.constantFrom(...present).map((key) => Object.fromEntries(Object.entries(object).filter(([k]) => k !== key))),
      );
    }
    return fc.oneof(...options);
  });
  return fc.oneof(
    { weight: 10, arbitrary: json(good) },
    { weight: 6, arbitrary: json(mutatedObject) },
    { weight: 1, arbitrary: json(weird) },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { kind: 'raw' as const, text: '{"a":', contentType: 'application/json' },
        { kind: 'raw' as const, text: '{"__proto__":{"admin":true}}', contentType: 'application/json' },
        { kind: 'raw' as const, text: 'amount=100', contentType: 'application/x-www-form-urlencoded' },
        { kind: 'raw' as const, text: '{}', contentType: 'text/plain' },
        { kind: 'raw' as const, text: '', contentType: 'application/json' },
      ),
    },
  );
}

/** A path or query value: existing and missing ids, other spellings, and what the schema allows. */
function parameterValue(parameter: Parameter, ids: IdPool): fc.Arbitrary<string> {
  const schemaValues = valid(parameter.schema, ids, parameter.name).map((value) =>
    typeof value === 'string' ? value : JSON.stringify(value),
  );
  const known = [...(ids.get(parameter.name) ?? []), ...(ids.get('*') ?? [])];
  const asId = isIdName(parameter.name) || parameter.name === 'page';
  return fc.oneof(
    { weight: asId ? 6 : 1, arbitrary: fc.constantFrom(...known, ...MISSING_IDS).map(String) },
    { weight: 2, arbitrary: fc.constantFrom(...ID_SPELLINGS) },
    { weight: 3, arbitrary: schemaValues },
    { weight: 1, arbitrary: fc.constantFrom(...WEIRD_STRINGS.filter((text) => text.length < 100)) },
  );
}

function requestOf(operation: Operation, ids: IdPool, sessions: readonly SessionName[]): fc.Arbitrary<FuzzRequest> {
  const pathParameters = operation.parameters.filter((p) => p.in === 'path');
  const queryParameters = operation.parameters.filter((p) => p.in === 'query');
  const pathValues = fc.record(
    Object.fromEntries(pathParameters.map((p) => [p.name, parameterValue(p, ids)])) as Record<
      string,
      fc.Arbitrary<string>
    >,
  );
  const query = fc
    .tuple(
      ...queryParameters.map((p) =>
        fc.option(
          parameterValue(p, ids).map((value): [string, string] => [p.name, value]),
          { nil: undefined, freq: 3 },
        ),
      ),
      fc.option(fc.constantFrom<[string, string]>(['extra', '1'], ['page', '1'], ['__proto__', 'x']), { freq: 8 }),
    )
    .map((pairs) => pairs.filter((pair): pair is [string, string] => pair !== undefined && pair !== null));
  const wantsIdempotency = operation.parameters.some((p) => p.in === 'header' && p.name === 'idempotency-key');
  const headers = fc
    .option(
      fc.oneof(
        { weight: 4, arbitrary: fc.uuid().map((uuid) => `k-${uuid}`) },
        { weight: 1, arbitrary: fc.constantFrom('', 'short', 'x'.repeat(500), 'ключ 🐎', 'k-fixed-key-0001') },
      ),
      { nil: undefined, freq: wantsIdempotency ? 6 : 2 },
    )
    .map((key): Record<string, string> => (key === undefined ? {} : { 'idempotency-key': key }));
  const body = operation.body ? bodyOf(operation.body, ids) : fc.constant<FuzzRequest['body']>({ kind: 'none' });
  return fc.record({
    operation: fc.constant(operation),
    session: fc.constantFrom(...sessions),
    pathValues,
    query,
    headers,
    body,
    remoteAddress: fc.constantFrom('127.0.0.1', '10.9.0.1', '10.9.0.2', '10.9.0.3', '2001:db8::7'),
  });
}

// ---- Answers -------------------------------------------------------------------------------------

/** Where a value breaks the schema, or null when it fits (the subset of JSON Schema zod emits). */
function mismatch(schema: Schema | undefined, value: unknown, at = '$'): string | null {
  if (!schema) return null;
  if (value === null && schema.nullable) {
    // OpenAPI 3.0.3: an enum lists every value allowed, so a nullable enum must list null too (issue 30).
    return schema.enum && !schema.enum.includes(null)
      ? `${at}: null is not one of ${JSON.stringify(schema.enum)}`
      : null;
  }
  if (schema.anyOf ?? schema.oneOf) {
    const alternatives = schema.anyOf ?? schema.oneOf ?? [];
    return alternatives.some((s) => mismatch(s, value, at) === null) ? null : `${at}: matches no alternative`;
  }
  for (const part of schema.allOf ?? []) {
    const wrong = mismatch(part, value, at);
    if (wrong) return wrong;
  }
  if (schema.enum && !schema.enum.some((allowed) => Object.is(allowed, value))) {
    return `${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`;
  }
  if (schema.const !== undefined && schema.const !== value) return `${at}: is not ${JSON.stringify(schema.const)}`;
  const types = schema.type === undefined ? [] : [schema.type].flat();
  if (types.length > 0 && !types.some((type) => hasType(type, value))) {
    return `${at}: ${JSON.stringify(value)?.slice(0, 80)} is not ${types.join('|')}`;
  }
  if (typeof value === 'number') {
    const [low, high] = boundsOf(schema, [-Infinity, Infinity]);
    if (value < low || value > high) return `${at}: ${value} is outside ${low}..${high}`;
  }
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.length < schema.minLength) return `${at}: too short`;
    if (schema.maxLength !== undefined && value.length > schema.maxLength) return `${at}: too long`;
    if (schema.pattern && !new RegExp(schema.pattern).test(value)) return `${at}: does not match ${schema.pattern}`;
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) return `${at}: too few items`;
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return `${at}: too many items`;
    for (const [index, item] of value.entries()) {
      const wrong = mismatch(schema.items, item, `${at}[${index}]`);
      if (wrong) return wrong;
    }
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const object = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!(key in object)) return `${at}.${key}: missing`;
    for (const [key, item] of Object.entries(object)) {
      const declared = schema.properties?.[key];
      if (declared) {
        const wrong = mismatch(declared, item, `${at}.${key}`);
        if (wrong) return wrong;
      } else if (schema.additionalProperties === false) {
        return `${at}.${key}: not declared`;
      } else if (typeof schema.additionalProperties === 'object') {
        const wrong = mismatch(schema.additionalProperties, item, `${at}.${key}`);
        if (wrong) return wrong;
      }
    }
  }
  return null;
}

function hasType(type: string, value: unknown): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    default:
      return typeof value === type;
  }
}

/** The app's error shape (ErrorBody): every refusal carries it. */
const ERROR_BODY: Schema = {
  type: 'object',
  properties: {
    statusCode: { type: 'integer' },
    statusMessage: { type: 'string' },
    fieldErrors: { type: 'object', additionalProperties: { type: 'string' } },
    resendAfterSeconds: { type: 'integer' },
  },
  required: ['statusCode', 'statusMessage'],
};

function declaredSchema(operation: Operation, status: number): Schema | undefined {
  const { responses } = operation;
  return responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
}

/** What is wrong with an answer, or null when it is one the contract allows. */
function problemOf(request: FuzzRequest, response: LightMyRequestResponse): string | null {
  const status = response.statusCode;
  if (status >= 500) return `answered ${status}`;
  const contentType = String(response.headers['content-type'] ?? '');
  if (!contentType.includes('application/json')) {
    // Images (channel images, master-agent photos) are the only non-JSON answers, and only when found.
    if (status === 200 && contentType.startsWith('image/')) return null;
    return `answered ${status} with ${contentType || 'no content type'}`;
  }
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `answered ${status} with a body that is not JSON`;
  }
  const schema = status >= 400 ? ERROR_BODY : undefined;
  const declared = declaredSchema(request.operation, status);
  const wrong = mismatch(schema, body) ?? mismatch(declared, body);
  return wrong ? `answered ${status} off its schema: ${wrong}` : null;
}

// ---- The run -------------------------------------------------------------------------------------

/** A path segment, percent-encoded; a lone surrogate goes as the invalid UTF-8 an attacker would send. */
function segmentOf(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

function urlOf(request: FuzzRequest): string {
  const path = request.operation.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    segmentOf(request.pathValues[name] ?? ''),
  );
  const query = new URLSearchParams(request.query).toString();
  return query ? `${path}?${query}` : path;
}

function describeRequest(request: FuzzRequest): string {
  const body =
    request.body.kind === 'json'
      ? JSON.stringify(request.body.value)
      : request.body.kind === 'raw'
        ? `${request.body.contentType} ${request.body.text}`
        : '(none)';
  return `${request.operation.method} ${urlOf(request)} as ${request.session} ${JSON.stringify(request.headers)} ${body.slice(0, 400)}`;
}

describe(`API fuzz from the OpenAPI description (${testDialect})`, () => {
  let t: TestApp;
  const cookies: Record<SessionName, string> = { none: '', player: '', agent: '', admin: '' };
  const ids: IdPool = new Map();
  let operations: Operation[];
  let adminId = 0;

  const inject = (method: 'GET' | 'POST', url: string, cookie: string, payload?: Record<string, unknown>) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, 'idempotency-key': `k-${randomUUID()}` },
      ...(payload ? { payload } : {}),
    });
  const made = async <T>(response: Promise<LightMyRequestResponse>): Promise<T> => {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<T>();
  };

  beforeAll(async () => {
    t = await createTestApp();
    cookies.admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const admin = (await made<{ staff: { id: number } }>(inject('GET', '/api/backoffice/auth/me', cookies.admin)))
      .staff;
    // The master agent and agent are made in the database: how staff are created (two admins, an
    // enrolment link) is other tests' subject, and the fuzz needs only their sessions.
    const staffPassword = 'staff-password-1';
    const passwordHash = await hashPassword(staffPassword);
    const master = {
      staff: await insertStaff(t.app.db, {
        username: `fuzz-master-${randomUUID().slice(0, 6)}`,
        displayName: 'Fuzz master',
        passwordHash,
        role: 'master_agent',
        parentId: null,
        referralCode: `FM${randomUUID().slice(0, 6)}`.toUpperCase(),
        createdByStaffId: null,
      }),
    };
    const agentName = `fuzz-agent-${randomUUID().slice(0, 6)}`;
    const referralCode = `FZ${randomUUID().slice(0, 6)}`.toUpperCase();
    const agent = {
      staff: await insertStaff(t.app.db, {
        username: agentName,
        displayName: 'Fuzz agent',
        passwordHash,
        role: 'agent',
        parentId: master.staff.id,
        referralCode,
        createdByStaffId: null,
      }),
    };
    cookies.agent = await staffCookie(t.app, agentName, staffPassword);
    const players: RegisteredPlayer[] = [];
    for (let i = 0; i < 2; i += 1) players.push(await registerPlayer(t.app, { referralCode }));
    const [player] = players;
    if (!player) throw new Error('no player');
    cookies.player = player.cookie;
    for (const { playerId } of players) {
      await made(
        inject('POST', `/api/backoffice/players/${playerId}/adjustments`, cookies.admin, {
          account: 'credit',
          amount: 500_000,
          reason: 'Fuzz funds',
        }),
      );
    }

    const { event } = await made<{ event: { id: number } }>(
      inject('POST', '/api/backoffice/racing/events', cookies.admin, {
        name: 'Fuzz Day',
        arena: 'Metro Turf',
        streamUrl: '',
        raceDate: '2026-11-22',
        enabledBetTypes: ['TRI', 'QRT', 'DD', 'PICK4', 'WTA', 'XD'],
      }),
    );
    const raceIds: number[] = [];
    const runnerIds: number[] = [];
    for (let raceNo = 1; raceNo <= 7; raceNo += 1) {
      const { race } = await made<{ race: Race }>(
        inject('POST', `/api/backoffice/racing/events/${event.id}/races`, cookies.admin, {
          raceNo,
          startDateTime: '2026-11-22T06:00:00Z',
          enabledBetTypes: ['TRI', 'QRT', 'DD', 'PICK4', 'WTA', 'XD'],
        }),
      );
      raceIds.push(race.raceId);
      for (const runnerNo of ['1', '2', '3', '4', '5', '6']) {
        const { race: withRunner } = await made<{ race: Race }>(
          inject('POST', `/api/backoffice/racing/races/${race.raceId}/runners`, cookies.admin, {
            runnerNo,
            horseName: `Horse ${runnerNo}`,
            jockeyName: 'J. Cruz',
          }),
        );
        runnerIds.push(withRunner.runners.at(-1)?.id ?? 0);
      }
      await made(inject('POST', `/api/backoffice/racing/races/${race.raceId}/status`, cookies.admin, { status: 'O' }));
    }

    ids.set(
      'playerId',
      players.map((p) => p.playerId),
    );
    ids.set('staffId', [agent.staff.id, master.staff.id]);
    ids.set('eventId', [event.id]);
    ids.set('raceId', raceIds);
    ids.set('runnerId', runnerIds);
    // Any other id: the first rows of every table exist by now.
    ids.set('*', [1, 2, 3]);
    adminId = admin.id;

    await t.app.ready();
    operations = operationsOf(t.app.swagger() as unknown as OpenApiDocument);
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (request: FuzzRequest) => {
    const cookie = cookies[request.session];
    const headers: Record<string, string> = { ...request.headers, ...(cookie ? { cookie } : {}) };
    const { body } = request;
    if (body.kind === 'json') headers['content-type'] = 'application/json';
    if (body.kind === 'raw') headers['content-type'] = body.contentType;
    const payload = body.kind === 'json' ? JSON.stringify(body.value) : body.kind === 'raw' ? body.text : undefined;
    return t.app.inject({
      method: request.operation.method,
      url: urlOf(request),
      headers,
      remoteAddress: request.remoteAddress,
      ...(payload === undefined ? {} : { payload }),
    });
  };

  it(`answers ${REQUESTS} generated requests over every operation without a fault, each as declared`, async () => {
    expect(operations.length).toBeGreaterThan(50);
    const everySession: SessionName[] = ['none', 'player', 'agent', 'admin'];
    const requests = fc
      .oneof(
        ...operations.map((operation) => {
          const key = `${operation.method} ${operation.path}`;
          const sessions = SESSION_ENDING.has(key) ? (['none'] as const) : everySession;
          return { weight: PASSWORD_HASHING.has(key) ? 1 : 10, arbitrary: requestOf(operation, ids, sessions) };
        }),
      )
      // Never the admin's own second factor: the rest of the run needs the admin signed in.
      .map((request) =>
        request.operation.path.includes('two-factor/reset') && request.pathValues.staffId === String(adminId)
          ? { ...request, pathValues: { staffId: '999999' } }
          : request,
      );
    const problems: string[] = [];
    const counts = new Map<string, number>();
    const milliseconds = new Map<string, number>();
    const answeredOk = new Set<string>();
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(requests, async (request) => {
        const key = `${request.operation.method} ${request.operation.path}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
        const sent = performance.now();
        const response = await send(request);
        milliseconds.set(key, (milliseconds.get(key) ?? 0) + performance.now() - sent);
        if (response.statusCode < 300) answeredOk.add(key);
        const problem = problemOf(request, response);
        if (problem && problems.length < 50) {
          problems.push(`${problem}: ${describeRequest(request)} -> ${response.body.slice(0, 300)}`);
        }
      }),
      { seed: SEED, numRuns: REQUESTS, endOnFailure: true },
    );
    // Every list, once, as the admin and the agent, on the rows the run made: nullable fields (a pending
    // payment's second approver, an open flag's resolution, a player's audit entries) are null in them,
    // and each answer must match its declared schema, null included (issue 30).
    // Each list also in every order or kind its query offers (the oldest audit entries are the players').
    for (const operation of operations.filter((o) => o.method === 'GET' && !o.path.includes('{'))) {
      const choices = operation.parameters.filter((p) => p.in === 'query' && p.schema?.enum);
      const queries: [string, string][][] = [
        [],
        ...choices.flatMap((p) => (p.schema?.enum ?? []).map((value): [string, string][] => [[p.name, String(value)]])),
      ];
      for (const [session, query] of (['admin', 'agent'] as const).flatMap((who) =>
        queries.map((q) => [who, q] as const),
      )) {
        const request: FuzzRequest = {
          operation,
          session,
          pathValues: {},
          query,
          headers: {},
          body: { kind: 'none' },
          remoteAddress: '127.0.0.1',
        };
        const problem = problemOf(request, await send(request));
        if (problem) problems.push(`${problem}: ${describeRequest(request)}`);
      }
    }
    // Each session-ending operation, once per session, last.
    for (const operation of operations.filter((o) => SESSION_ENDING.has(`${o.method} ${o.path}`))) {
      for (const session of everySession) {
        const request: FuzzRequest = {
          operation,
          session,
          pathValues: {},
          query: [],
          headers: {},
          body: { kind: 'json', value: {} },
          remoteAddress: '127.0.0.1',
        };
        const problem = problemOf(request, await send(request));
        if (problem) problems.push(`${problem}: ${describeRequest(request)}`);
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const slowest = [...milliseconds]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([key, ms]) => `${key} ${Math.round(ms)} ms`);
    console.info(
      `API fuzz (${testDialect}, seed ${SEED}): ${REQUESTS} requests over ${counts.size} of ${operations.length} operations in ${seconds} s, ${answeredOk.size} of them answering 2xx at least once; slowest: ${slowest.join(', ')}`,
    );
    expect(
      operations.filter((o) => !counts.has(`${o.method} ${o.path}`)).map((o) => `${o.method} ${o.path}`),
      'operations never tried',
    ).toEqual([]);
    expect(problems, `seed ${SEED} (FUZZ_SEED=${SEED} replays it)`).toEqual([]);
    expect(await checkLedger(t.app.db)).toEqual([]);
    // A ceiling, not a wait: thousands of requests, several times slower with both cores busy.
  }, 600_000);
});
