import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as shared from '@karera/shared';
import { Audiences, STAFF_ROLES, type Audience, type Operation, type StaffRole } from '@karera/shared';
import type { Database } from './db/schema.ts';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../test/test-app.ts';
import { registerPlayer } from '../test/player-flow.ts';
import { hashPassword } from './lib/passwords.ts';
import { nowIso } from './lib/time.ts';

/**
 * Decision 051: each operation of the contract names who may call it, and its route's guard comes from that
 * audience alone. Every operation is called by everyone it is not for: without a session, with a player's
 * session, with an agent's and with a master agent's (and an admin's, on a player's operation). Each answers
 * 401 (no session of the kind the operation needs) or 403 (a staff member without the role), never 200 nor
 * a validation error, and no row of the money tables changes.
 */

interface Route {
  method: 'GET' | 'POST';
  /** Fastify's form, /api/x/:id. */
  path: string;
  audience: Audience;
}

/**
 * The routes outside the JSON contract: their answers are file bytes (images, CSV, PDF). Their guards are
 * written at the route; their audiences are written here, so this test checks them like the operations.
 */
const FILE_ROUTES: readonly Route[] = [
  { method: 'GET', path: '/api/payment/channel-images/:hash', audience: Audiences.public },
  { method: 'GET', path: '/api/backoffice/payments/:id/receipt', audience: Audiences.anyStaff },
  { method: 'GET', path: '/api/backoffice/master-agent-applications/:id/photos/:kind', audience: Audiences.admins },
  { method: 'GET', path: '/api/backoffice/kyc/:id/photos/:kind', audience: Audiences.admins },
  { method: 'GET', path: '/api/statement/:month/csv', audience: Audiences.player },
  { method: 'GET', path: '/api/statement/:month/pdf', audience: Audiences.player },
  { method: 'GET', path: '/api/backoffice/agents/report.csv', audience: Audiences.anyStaff },
  { method: 'GET', path: '/api/backoffice/reports/tax-certificates/:playerId/:year/pdf', audience: Audiences.admins },
  { method: 'GET', path: '/api/tax-certificates/:year/pdf', audience: Audiences.player },
];

/** Where money, bets and decisions are kept: a refused call changes none of them. */
const MONEY_TABLES = [
  'accounts',
  'ledger_transactions',
  'ledger_postings',
  'idempotency_keys',
  'bet_tickets',
  'race_results',
  'pool_settlements',
  'payment_requests',
  'payment_receipts',
  'deposit_accounts',
  'payment_settings',
  'balance_adjustments',
  'promos',
  'promo_claims',
  'dual_control_requests',
  'tote_settings',
  'aml_flags',
  'aml_flag_events',
  'kyc_submissions',
  'rg_limits',
  'rg_exclusions',
  'staff_users',
  'staff_requests',
  'login_links',
  'master_agent_applications',
] as const satisfies readonly (keyof Database)[];

function isOperation(value: unknown): value is Operation {
  return typeof value === 'object' && value !== null && 'path' in value && 'method' in value && 'response' in value;
}

/** Every operation the shared package exports, from each of its `...Operations` groups. */
function contractOperations(): { name: string; operation: Operation }[] {
  const found: { name: string; operation: Operation }[] = [];
  for (const [group, operations] of Object.entries(shared)) {
    if (!group.endsWith('Operations') || typeof operations !== 'object' || operations === null) continue;
    for (const [name, operation] of Object.entries(operations)) {
      if (isOperation(operation)) found.push({ name: `${group}.${name}`, operation });
    }
  }
  return found;
}

/** Whether a value is an audience the guards know: a staff audience names at least one known role. */
function isAudience(value: unknown): value is Audience {
  if (typeof value !== 'object' || value === null || !('kind' in value)) return false;
  if (value.kind === 'public' || value.kind === 'player' || value.kind === 'staffSignIn') return true;
  if (value.kind !== 'staff' || !('roles' in value) || !Array.isArray(value.roles)) return false;
  const roles: unknown[] = value.roles;
  return roles.length > 0 && roles.every((role) => STAFF_ROLES.some((known) => known === role));
}

type Caller = 'nobody' | 'player' | StaffRole;

/** What a caller who is not the route's audience hears; undefined where the caller is of its audience. */
function refusalFor(audience: Audience, caller: Caller): 401 | 403 | undefined {
  switch (audience.kind) {
    case 'public':
      return undefined;
    case 'player':
      return caller === 'player' ? undefined : 401;
    case 'staffSignIn':
      // A full staff session is also a step of the sign-in (an agent may enrol later): only non-staff are refused.
      return caller === 'nobody' || caller === 'player' ? 401 : undefined;
    case 'staff':
      if (caller === 'nobody' || caller === 'player') return 401;
      return audience.roles.includes(caller) ? undefined : 403;
  }
}

/** A body that passes no schema: the guard answers before it is validated (or, for staff, read). */
const HOSTILE_BODY = { amount: 100_000_00, playerId: 1, role: 'admin', extra: true };

const key = (method: string, path: string) => `${method} ${path}`;

describe(`every route is guarded as its audience says (${testDialect})`, () => {
  let t: TestApp;
  const cookies = {} as Record<Caller, string>;
  let described: Set<string>;
  const operations = contractOperations();

  async function signedInStaff(role: StaffRole): Promise<string> {
    const username = `aud-${role}-${Math.random().toString(36).slice(2, 8)}`;
    await t.app.db
      .insertInto('staff_users')
      .values({
        username,
        display_name: `Audience ${role}`,
        password_hash: await hashPassword('staff-password-1'),
        role,
        parent_id: null,
        referral_code: role === 'admin' ? null : username.toUpperCase().replace(/-/g, '').slice(0, 12),
        created_at: nowIso(),
      })
      .execute();
    return staffCookie(t.app, username, 'staff-password-1');
  }

  async function rowCounts(): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of MONEY_TABLES) {
      const row = await t.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      counts[table] = Number(row.n);
    }
    return counts;
  }

  beforeAll(async () => {
    t = await createTestApp();
    cookies.nobody = '';
    cookies.player = (await registerPlayer(t.app)).cookie;
    cookies.admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    cookies.master_agent = await signedInStaff('master_agent');
    cookies.agent = await signedInStaff('agent');
    await t.app.ready();
    const { paths } = t.app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> };
    described = new Set(
      Object.entries(paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => key(method.toUpperCase(), path.replace(/\{(\w+)\}/g, ':$1'))),
      ),
    );
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('gives every operation of the contract an audience the guards know', () => {
    expect(operations.length).toBeGreaterThan(130);
    const without = operations.filter(({ operation }) => !isAudience(operation.audience)).map(({ name }) => name);
    expect(without).toEqual([]);
    for (const route of FILE_ROUTES) expect(isAudience(route.audience), route.path).toBe(true);
  });

  it('serves no route that is neither an operation of the contract nor a known file route', () => {
    const known = new Set([
      ...operations.map(({ operation }) => key(operation.method, operation.path)),
      ...FILE_ROUTES.map((route) => key(route.method, route.path)),
    ]);
    expect([...described].filter((route) => !known.has(route)).sort()).toEqual([]);
    expect([...known].filter((route) => !described.has(route)).sort()).toEqual([]);
    // One operation per route: two operations of one method and path would hide each other.
    expect(known.size).toBe(operations.length + FILE_ROUTES.length);
  });

  it('refuses each operation to everyone it is not for, 401 or 403 before the body, and moves nothing', async () => {
    const before = await rowCounts();
    const routes: Route[] = [...operations.map(({ operation }) => operation), ...FILE_ROUTES];
    const wrong: string[] = [];
    let refusals = 0;
    for (const route of routes) {
      for (const caller of ['nobody', 'player', 'agent', 'master_agent', 'admin'] as const) {
        const expected = refusalFor(route.audience, caller);
        if (expected === undefined) continue;
        const payloads = route.method === 'POST' ? [HOSTILE_BODY, undefined] : [undefined];
        for (const payload of payloads) {
          const response = await t.app.inject({
            method: route.method,
            url: route.path.replace(/:\w+/g, '1'),
            headers: { ...(cookies[caller] ? { cookie: cookies[caller] } : {}), 'idempotency-key': 'audience-test-1' },
            ...(payload ? { payload } : {}),
          });
          refusals += 1;
          if (response.statusCode !== expected) {
            wrong.push(
              `${route.method} ${route.path} as ${caller}: ${response.statusCode} ${response.body.slice(0, 120)}`,
            );
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(refusals).toBeGreaterThan(400);
    expect(await rowCounts()).toEqual(before);
  }, 120_000);
});
