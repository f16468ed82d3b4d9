import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { DualControlRoutes, IDEMPOTENCY_KEY_HEADER } from '@karera/shared';
import { hashPassword } from '../src/lib/passwords.ts';
import { insertStaff } from '../src/modules/staff/staff.repo.ts';
import { staffCookie } from './test-app.ts';

let made = 0;

/**
 * An admin the system created (as the installation's founding admins are): outside every other staff
 * member's line of creation and past any probation, so it counts as the independent second admin of a
 * change another admin proposed (decisions 042, 045). Signed in, enrolled in two factors.
 */
export async function independentAdmin(
  app: FastifyInstance,
  prefix = 'second-admin',
): Promise<{ id: number; username: string; cookie: string }> {
  made += 1;
  const username = `${prefix}-${made}-${Date.now().toString(36)}`.slice(0, 32);
  const password = 'second-admin-password-1';
  const row = await insertStaff(app.db, {
    username,
    displayName: `Independent admin ${made}`,
    passwordHash: await hashPassword(password),
    role: 'admin',
    parentId: null,
    referralCode: null,
    createdByStaffId: null,
  });
  return { id: row.id, username, cookie: await staffCookie(app, username, password) };
}

const secondAdmins = new WeakMap<FastifyInstance, Promise<{ id: number; username: string; cookie: string }>>();

/** The app's independent second admin, made once per app. */
export function secondAdminOf(app: FastifyInstance): Promise<{ id: number; username: string; cookie: string }> {
  let admin = secondAdmins.get(app);
  if (!admin) {
    admin = independentAdmin(app);
    secondAdmins.set(app, admin);
  }
  return admin;
}

/**
 * Approves a proposed change (decision 045) as the app's independent second admin: what a settings form or
 * a promo proposed is in force afterwards. Fails the test when the approval is refused.
 */
export async function approveAsSecondAdmin(app: FastifyInstance, requestId: number): Promise<void> {
  const { cookie } = await secondAdminOf(app);
  const response = await app.inject({
    method: 'POST',
    url: DualControlRoutes.approve(requestId),
    headers: { cookie, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    payload: {},
  });
  if (response.statusCode !== 200) throw new Error(`second admin's approval refused: ${response.body}`);
}

/**
 * Sends a settings form as `cookie`'s admin and has the second admin approve what it proposed: the one-step
 * change of before decision 045, in two people's steps.
 */
export async function proposeAndApprove(
  app: FastifyInstance,
  cookie: string,
  url: string,
  payload: object,
): Promise<LightMyRequestResponse> {
  const proposed = await app.inject({ method: 'POST', url, headers: { cookie }, payload });
  if (proposed.statusCode !== 200) return proposed;
  const body = proposed.json<{ request?: { id: number } | null; approvalRequest?: { id: number } | null }>();
  const requestId = body.request?.id ?? body.approvalRequest?.id;
  if (requestId !== undefined) await approveAsSecondAdmin(app, requestId);
  return proposed;
}
