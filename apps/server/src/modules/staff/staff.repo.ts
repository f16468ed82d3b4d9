import type { Kysely, Transaction } from 'kysely';
import type { StaffMember, StaffRole } from '@karera/shared';
import type { Database, StaffUser } from '../../db/schema.ts';
import { toSafeInteger } from '../../db/connection.ts';
import { nowIso } from '../../lib/time.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function toStaffMember(row: StaffUser): StaffMember {
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    role: row.role,
    parentId: row.parent_id,
    referralCode: row.referral_code,
    mobileNo: row.mobile_no,
    createdAt: row.created_at,
  };
}

export function findStaffByUsername(db: Db, username: string): Promise<StaffUser | undefined> {
  return db
    .selectFrom('staff_users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
}

export function findStaffById(db: Db, id: number): Promise<StaffUser | undefined> {
  return db.selectFrom('staff_users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findStaffByReferralCode(db: Db, code: string): Promise<StaffUser | undefined> {
  return db.selectFrom('staff_users').selectAll().where('referral_code', '=', code.toUpperCase()).executeTakeFirst();
}

export function listStaff(db: Db): Promise<StaffUser[]> {
  return db.selectFrom('staff_users').selectAll().orderBy('id').execute();
}

export interface NewStaff {
  username: string;
  displayName: string;
  passwordHash: string;
  role: StaffRole;
  parentId: number | null;
  referralCode: string | null;
  /** The staff member creating the account; null when the system does (bootstrap). */
  createdByStaffId: number | null;
}

export async function insertStaff(db: Db, staff: NewStaff): Promise<StaffUser> {
  return db
    .insertInto('staff_users')
    .values({
      username: staff.username,
      display_name: staff.displayName,
      password_hash: staff.passwordHash,
      role: staff.role,
      parent_id: staff.parentId,
      referral_code: staff.referralCode,
      created_by_staff_id: staff.createdByStaffId,
      created_at: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Accepts a TOTP time step for a staff member only when it is later than the last one accepted: of two
 * sign-ins racing with one code, one wins.
 */
export async function claimTotpStep(db: Db, staffId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('staff_users')
    .set({ totp_last_step: step })
    .where('id', '=', staffId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Uses one recovery code (by its hash) if it is the staff member's and still unused. */
export async function useRecoveryCode(db: Db, staffId: number, codeHash: string): Promise<boolean> {
  const result = await db
    .updateTable('staff_recovery_codes')
    .set({ used_at: nowIso() })
    .where('staff_id', '=', staffId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Replaces every recovery code of a staff member with new ones (their hashes). */
export async function replaceRecoveryCodes(db: Db, staffId: number, codeHashes: string[]): Promise<void> {
  await db.deleteFrom('staff_recovery_codes').where('staff_id', '=', staffId).execute();
  if (codeHashes.length === 0) return;
  const now = nowIso();
  await db
    .insertInto('staff_recovery_codes')
    .values(codeHashes.map((codeHash) => ({ staff_id: staffId, code_hash: codeHash, created_at: now, used_at: null })))
    .execute();
}

export async function countUnusedRecoveryCodes(db: Db, staffId: number): Promise<number> {
  const row = await db
    .selectFrom('staff_recovery_codes')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('staff_id', '=', staffId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return toSafeInteger(row.count);
}

/** Sets (sealed) or clears a staff member's TOTP secret; a new secret starts from its confirmed step. */
export async function setTotpSecret(
  db: Db,
  staffId: number,
  sealed: string | null,
  lastStep: number | null,
): Promise<void> {
  await db
    .updateTable('staff_users')
    .set({ totp_secret: sealed, totp_last_step: lastStep, totp_enrolled_at: sealed ? nowIso() : null })
    .where('id', '=', staffId)
    .execute();
}
