import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../src/lib/passwords.ts';
import { insertStaff } from '../src/modules/backoffice/staff.repo.ts';
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
