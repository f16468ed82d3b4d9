import type { Kysely } from 'kysely';
import {
  BackofficeMessages,
  StaffRequestMessages,
  StaffSecurityMessages,
  type CreateStaffInput,
  type StaffMember,
} from '@karera/shared';
import type { AppConfig } from '../../config.ts';
import type { Database, StaffUser } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, unauthorized } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/idempotency.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import {
  findStaffById,
  findStaffByReferralCode,
  findStaffByUsername,
  insertStaff,
  toStaffMember,
} from './staff.repo.ts';
import { openStaffSession, revokeStaffSessionById, type StaffSignInStep } from './staff-sessions.ts';
import { beginSignInAttempt, clearSignInFailures, forgiveSignInAttempt, recordSignInFailure } from './staff-lockout.ts';
import { checkSecondFactor, twoFactorRequired } from './staff-two-factor.service.ts';

export type StaffLoginResult =
  | { step: 'done'; staff: StaffUser; token: string }
  | { step: 'code' | 'enrol'; token: string }
  | { step: 'locked'; retryAfterSeconds: number };

/**
 * Checks a staff password (decision 003) under the per-account lockout (decision 021). A right password
 * signs in at once only where no second factor applies; otherwise it opens a session that reaches only
 * the next step: the code, or enrolment. The same answers and similar work whether or not the username
 * exists.
 */
export async function loginStaff(
  db: Kysely<Database>,
  config: AppConfig['staffTwoFactor'],
  username: string,
  password: string,
  ip: string | null,
): Promise<StaffLoginResult> {
  const attempt = await beginSignInAttempt(db, username);
  if (!attempt.allowed) {
    await recordAudit(db, { type: 'staff', id: null, ip }, { action: 'staff.login_locked', details: { username } });
    return { step: 'locked', retryAfterSeconds: attempt.retryAfterSeconds };
  }
  const staff = await findStaffByUsername(db, username);
  const ok = await verifyPassword(password, staff?.password_hash ?? (await dummyPasswordHash()));
  if (!staff || !ok || staff.disabled === 1) {
    await recordSignInFailure(db, username);
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
  const next = staff.totp_secret ? 'code' : twoFactorRequired(staff.role, config) ? 'enrol' : 'done';
  // Only accounts the system created enrol at sign-in (decision 044): anyone else's creator knows the
  // password, so the staff member enrols through the one-time link texted to their own number.
  if (next === 'enrol' && staff.created_by_staff_id !== null) {
    await forgiveSignInAttempt(db, username);
    await recordAudit(
      db,
      { type: 'staff', id: staff.id, ip },
      { action: 'staff.login_needs_enrolment_link', details: { username } },
    );
    throw forbidden(StaffRequestMessages.enrolThroughLink);
  }
  if (next !== 'done') {
    await forgiveSignInAttempt(db, username);
    const token = await openStaffSession(db, staff.id, next);
    await recordAudit(
      db,
      { type: 'staff', id: staff.id, ip },
      { action: 'staff.login_password_ok', details: { next } },
    );
    return { step: next, token };
  }
  await clearSignInFailures(db, username);
  const token = await openStaffSession(db, staff.id);
  await recordAudit(db, { type: 'staff', id: staff.id, ip }, { action: 'staff.login' });
  return { step: 'done', staff, token };
}

export type StaffCodeResult = { ok: true; staff: StaffUser; token: string } | { ok: false; retryAfterSeconds: number };

/**
 * The second step of a sign-in: a code from the authenticator app or a recovery code, on a session
 * that passed the password. A wrong code counts toward the account's lockout like a wrong password.
 */
export async function submitSignInCode(
  db: Kysely<Database>,
  config: AppConfig['staffTwoFactor'],
  step: StaffSignInStep,
  code: string,
  ip: string | null,
): Promise<StaffCodeResult> {
  if (step.stage !== 'code') throw unauthorized(StaffSecurityMessages.signInAgain);
  const { staff } = step;
  const attempt = await beginSignInAttempt(db, staff.username);
  if (!attempt.allowed) {
    await recordAudit(
      db,
      { type: 'staff', id: staff.id, ip },
      { action: 'staff.login_locked', details: { username: staff.username } },
    );
    return { ok: false, retryAfterSeconds: attempt.retryAfterSeconds };
  }
  const factor = await checkSecondFactor(db, config, staff, code);
  if (!factor) {
    await recordSignInFailure(db, staff.username);
    await recordAudit(
      db,
      { type: 'staff', id: staff.id, ip },
      { action: 'staff.login_failed', details: { username: staff.username, step: 'code' } },
    );
    throw unauthorized(StaffSecurityMessages.invalidCode);
  }
  await clearSignInFailures(db, staff.username);
  await revokeStaffSessionById(db, step.sessionId);
  const token = await openStaffSession(db, staff.id);
  await recordAudit(
    db,
    { type: 'staff', id: staff.id, ip },
    { action: 'staff.login', details: { secondFactor: factor } },
  );
  return { ok: true, staff, token };
}

export type ParsedCreateStaff = Omit<CreateStaffInput, 'referralCode' | 'mobileNo'> & {
  referralCode?: string | null | undefined;
};

/**
 * Makes a staff account at once: an agent, or (decision 044) an admin made by an installation's only
 * admin. Admins and master agents otherwise come from an approved request (staff-requests.service.ts).
 */
export async function createStaff(
  db: Kysely<Database>,
  actor: AuditActor,
  input: ParsedCreateStaff,
  options: { mobileNo?: string | null; aloneAsOnlyAdmin?: boolean } = {},
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
    // A master agent's agent, or an agent's sub-agent: the network is any depth (decision 040).
    const parent = await findStaffById(db, input.parentId);
    if (parent?.role !== 'master_agent' && parent?.role !== 'agent') {
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
        createdByStaffId: actor.type === 'staff' ? actor.id : null,
      });
      const mobileNo = options.mobileNo ?? null;
      if (mobileNo !== null) {
        await trx.updateTable('staff_users').set({ mobile_no: mobileNo }).where('id', '=', row.id).execute();
      }
      await recordAudit(trx, actor, {
        action: 'staff.created',
        targetType: 'staff',
        targetId: row.id,
        details: {
          username: row.username,
          role: row.role,
          parentId,
          referralCode,
          ...(options.aloneAsOnlyAdmin ? { aloneAsOnlyAdmin: true } : {}),
        },
      });
      return toStaffMember({ ...row, mobile_no: mobileNo });
    });
  } catch (error) {
    // Two admins creating the same username at once: the unique index decides.
    if (isUniqueViolation(error)) throw conflict(BackofficeMessages.usernameTaken);
    throw error;
  }
}
