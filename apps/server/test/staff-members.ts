import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../src/lib/passwords.ts';
import { findStaffByUsername, insertStaff } from '../src/modules/staff/staff.repo.ts';
import { staffCookie, TEST_ADMIN } from './test-app.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const PASSWORD = 'staff-member-password-1';
let made = 0;

export interface StaffMemberOptions {
  role: 'admin' | 'master_agent' | 'agent';
  displayName?: string;
  /** The upline: a master agent or an agent. */
  parentId?: number | null;
  referralCode?: string | null;
  /** Who created the account (decision 042); null: the system did, as it does the founding admins. */
  createdBy: number | null;
  /** How long ago the account was created: older than the 7-day probation for an established colleague. */
  ageDays?: number;
}

export interface StaffMember {
  id: number;
  username: string;
  cookie: string;
}

/**
 * A staff member as the back office would have made them, written directly (the staff module's own tests
 * cover how accounts are made): with its creator and its age, which decide whether it counts as an
 * independent second approver (decision 042). Signed in, with two factors where the role needs them.
 */
export async function insertStaffMember(app: FastifyInstance, options: StaffMemberOptions): Promise<StaffMember> {
  made += 1;
  const username = `${options.role.replace('_', '')}-${made}-${Date.now().toString(36)}`.slice(0, 32);
  const row = await insertStaff(app.db, {
    username,
    displayName: options.displayName ?? `Staff ${made}`,
    passwordHash: await hashPassword(PASSWORD),
    role: options.role,
    parentId: options.parentId ?? null,
    referralCode: options.referralCode ?? null,
    createdByStaffId: options.createdBy,
  });
  if (options.ageDays !== undefined) await backdateStaff(app, row.id, options.ageDays);
  return { id: row.id, username, cookie: await staffCookie(app, username, PASSWORD) };
}

/** Moves a staff account's creation back by `days` (past or within the probation of decision 042). */
export async function backdateStaff(app: FastifyInstance, staffId: number, days: number): Promise<void> {
  const createdAt = new Date(Date.now() - days * DAY_MS).toISOString();
  await app.db.updateTable('staff_users').set({ created_at: createdAt }).where('id', '=', staffId).execute();
}

/** The id of the test app's first admin (system-created, like an installation's first admin). */
export async function testAdminId(app: FastifyInstance): Promise<number> {
  const admin = await findStaffByUsername(app.db, TEST_ADMIN.username);
  if (!admin) throw new Error('no test admin');
  return admin.id;
}
