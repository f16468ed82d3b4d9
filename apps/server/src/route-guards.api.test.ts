import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../test/test-app.ts';
import { registerPlayer } from '../test/player-flow.ts';
import { hashPassword } from './lib/passwords.ts';
import { nowIso } from './lib/time.ts';

/**
 * Issue 30 §2: who the caller is and what they may do is decided before the body is read. Every staff
 * route answers a caller without a session 401 and a staff member without the route's role 403, whatever
 * the body, the query and the path hold (never 400 field errors, which would describe the route to anyone);
 * every player route answers a body whose playerId is not a plain id with 107, never a fault.
 */

interface DocumentOperation {
  security?: Record<string, string[]>[];
}
type OpenApiPaths = Record<string, Record<string, DocumentOperation>>;

interface RouteUnderTest {
  method: string;
  /** Fastify's form, /api/x/:id, the key of staffRouteRoles. */
  url: string;
  /** Garbage in every part the caller controls: path segments, query and body. */
  hostileUrl: string;
}

const STAFF_PASSWORD = 'staff-password-1';
/**
 * The steps of a staff sign-in: they read the step's own session (not a full one) in the handler, so no
 * role guard; a caller without any staff cookie is still refused 401 before the body.
 */
const SIGN_IN_STEPS = [
  'POST /api/backoffice/auth/code',
  'GET /api/backoffice/auth/enrolment',
  'POST /api/backoffice/auth/enrolment',
];
const HOSTILE_BODY = { playerId: { toString: 1 }, amount: '1e9', extra: [null], role: 'admin' };

function routesWith(paths: OpenApiPaths, scheme: 'staffSession' | 'playerSession'): RouteUnderTest[] {
  const routes: RouteUnderTest[] = [];
  for (const [path, byMethod] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(byMethod)) {
      if (!operation.security?.some((requirement) => scheme in requirement)) continue;
      routes.push({
        method: method.toUpperCase(),
        url: path.replace(/\{(\w+)\}/g, ':$1'),
        hostileUrl: `${path.replace(/\{\w+\}/g, '0x1%20')}?page=-1&page=abc&status=%00`,
      });
    }
  }
  return routes;
}

describe(`route guards before bodies (${testDialect})`, () => {
  let t: TestApp;
  const cookies = {} as Record<StaffRole, string>;
  let playerCookie = '';
  let staffRoutes: RouteUnderTest[] = [];
  let playerRoutes: RouteUnderTest[] = [];

  /** A staff member made in the database (creating staff through the back office is another test's subject). */
  async function signedInStaff(role: StaffRole): Promise<string> {
    const username = `guard-${role}-${Math.random().toString(36).slice(2, 8)}`;
    await t.app.db
      .insertInto('staff_users')
      .values({
        username,
        display_name: `Guard ${role}`,
        password_hash: await hashPassword(STAFF_PASSWORD),
        role,
        parent_id: null,
        referral_code: role === 'admin' ? null : username.toUpperCase().replace(/-/g, '').slice(0, 12),
        created_at: nowIso(),
      })
      .execute();
    return staffCookie(t.app, username, STAFF_PASSWORD);
  }

  beforeAll(async () => {
    t = await createTestApp();
    cookies.admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    cookies.master_agent = await signedInStaff('master_agent');
    cookies.agent = await signedInStaff('agent');
    playerCookie = (await registerPlayer(t.app)).cookie;
    await t.app.ready();
    const { paths } = t.app.swagger() as unknown as { paths: OpenApiPaths };
    staffRoutes = routesWith(paths, 'staffSession');
    playerRoutes = routesWith(paths, 'playerSession');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const send = (route: RouteUnderTest, cookie: string, payload?: string) =>
    t.app.inject({
      method: route.method as 'GET',
      url: route.hostileUrl,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(route.method === 'GET' || payload === undefined ? {} : { payload }),
    });

  it('knows the role of every staff route but the sign-in steps from its guard', () => {
    expect(staffRoutes.length).toBeGreaterThan(40);
    const unguarded = staffRoutes.filter((route) => !t.app.staffRouteRoles.has(`${route.method} ${route.url}`));
    expect(unguarded.map((route) => `${route.method} ${route.url}`).sort()).toEqual([...SIGN_IN_STEPS].sort());
  });

  it('answers every staff route 401 without a session, whatever the body', async () => {
    const wrong: string[] = [];
    for (const route of staffRoutes) {
      for (const payload of [JSON.stringify(HOSTILE_BODY), '{not json', undefined]) {
        const response = await send(route, '', payload);
        if (response.statusCode !== 401)
          wrong.push(`${route.method} ${route.url} ${payload}: ${response.statusCode} ${response.body}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers every staff route 403 to a staff member without its role, whatever the body', async () => {
    const wrong: string[] = [];
    let refusals = 0;
    for (const route of staffRoutes) {
      const roles = t.app.staffRouteRoles.get(`${route.method} ${route.url}`) ?? [];
      if (roles.length === 0) continue;
      for (const role of (['agent', 'master_agent', 'admin'] as const).filter((r) => !roles.includes(r))) {
        for (const payload of [JSON.stringify(HOSTILE_BODY), '{not json', undefined]) {
          const response = await send(route, cookies[role], payload);
          refusals += 1;
          if (response.statusCode !== 403) {
            wrong.push(`${route.method} ${route.url} as ${role} ${payload}: ${response.statusCode} ${response.body}`);
          }
        }
      }
    }
    expect(refusals).toBeGreaterThan(50);
    expect(wrong).toEqual([]);
  });

  it('answers every player route 107 to a playerId that is not a plain id, with or without a session', async () => {
    expect(playerRoutes.length).toBeGreaterThan(15);
    const wrong: string[] = [];
    for (const route of playerRoutes.filter((r) => r.method === 'POST')) {
      for (const cookie of [playerCookie, '']) {
        for (const body of [
          { playerId: { toString: 1 } },
          { playerId: { valueOf: 1 } },
          { playerId: [1] },
          HOSTILE_BODY,
        ]) {
          const response = await t.app.inject({
            method: 'POST',
            url: route.url.replace(/:\w+/g, '1'),
            headers: cookie ? { cookie } : {},
            payload: body,
          });
          const answer = response.json<{ statusCode: number }>();
          if (response.statusCode !== 401 || answer.statusCode !== 107) {
            wrong.push(
              `${route.url} ${cookie ? 'signed in' : 'signed out'} ${JSON.stringify(body)}: ${response.statusCode} ${response.body}`,
            );
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
