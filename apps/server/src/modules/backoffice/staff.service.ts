import type { Kysely } from 'kysely';
import { BackofficeMessages, type CreateStaffInput, type StaffMember } from '@karera/shared';
import type { Database, StaffUser } from '../../db/schema.ts';
import { badRequest, conflict, unauthorized } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/idempotency.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import {
  findStaffById,
  findStaffByReferralCode,
  findStaffByUsername,
  insertStaff,
  toStaffMember,
} from './staff.repo.ts';
import { openStaffSession } from './staff-sessions.ts';

/** Checks a staff login; the same answer and similar work whether or not the username exists. */
export async function loginStaff(
  db: Kysely<Database>,
  username: string,
  password: string,
  ip: string | null,
): Promise<{ staff: StaffUser; token: string }> {
  const staff = await findStaffByUsername(db, username);
  const ok = await verifyPassword(password, staff?.password_hash ?? (await dummyPasswordHash()));
  if (!staff || !ok || staff.disabled === 1) {
    await recordAudit(
      db,
      { type: 'staff', id: staff?.id ?? null, ip },
      {
        action: 'staff.login_failed',
        details: { username },
      },
    );
    throw unauthorized(BackofficeMessages.invalidLogin);
  }
  const token = await openStaffSession(db, staff.id);
  await recordAudit(db, { type: 'staff', id: staff.id, ip }, { action: 'staff.login' });
  return { staff, token };
}

type ParsedCreateStaff = Omit<CreateStaffInput, 'referralCode'> & { referralCode?: string | null | undefined };

export async function createStaff(
  db: Kysely<Database>,
  actor: AuditActor,
  input: ParsedCreateStaff,
): Promise<StaffMember> {
  if (await findStaffByUsername(db, input.username)) {
    throw badRequest(BackofficeMessages.usernameTaken, { username: BackofficeMessages.usernameTaken });
  }
  const referralCode = input.referralCode ?? null;
  if (referralCode && (await findStaffByReferralCode(db, referralCode))) {
    throw badRequest(BackofficeMessages.referralCodeTaken, { referralCode: BackofficeMessages.referralCodeTaken });
  }
  let parentId: number | null = null;
  if (input.role === 'agent') {
    if (!input.parentId)
      throw badRequest(BackofficeMessages.parentRequired, { parentId: BackofficeMessages.parentRequired });
    const parent = await findStaffById(db, input.parentId);
    if (parent?.role !== 'master_agent') {
      throw badRequest(BackofficeMessages.parentInvalid, { parentId: BackofficeMessages.parentInvalid });
    }
    parentId = parent.id;
  }
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await insertStaff(trx, {
        username: input.username,
        displayName: input.displayName,
        passwordHash,
        role: input.role,
        parentId,
        referralCode,
      });
      await recordAudit(trx, actor, {
        action: 'staff.created',
        targetType: 'staff',
        targetId: row.id,
        details: { username: row.username, role: row.role, parentId, referralCode },
      });
      return toStaffMember(row);
    });
  } catch (error) {
    // Two admins creating the same username at once: the unique index decides.
    if (isUniqueViolation(error)) throw conflict(BackofficeMessages.usernameTaken);
    throw error;
  }
}
