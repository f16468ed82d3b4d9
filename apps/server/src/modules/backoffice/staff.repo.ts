import type { Kysely, Transaction } from 'kysely';
import type { StaffMember, StaffRole } from '@karera/shared';
import type { Database, StaffUser } from '../../db/schema.ts';
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
      created_at: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
