import type { Kysely } from 'kysely';
import type { Database, StaffUser } from '../../db/schema.ts';
import { hashToken, newSessionToken } from '../../lib/tokens.ts';
import { isoAfter, nowIso } from '../../lib/time.ts';

/**
 * Back-office sessions: idle 2 hours (an operator steps away between races), absolute 12 hours
 * (one race day). Tokens are 256-bit, stored only hashed.
 */
export const STAFF_SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const STAFF_SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
export const STAFF_COOKIE = 'karera_staff';

export async function openStaffSession(db: Kysely<Database>, staffId: number): Promise<string> {
  const token = newSessionToken();
  const now = nowIso();
  await db
    .insertInto('staff_sessions')
    .values({
      token_hash: hashToken(token),
      staff_id: staffId,
      created_at: now,
      last_seen_at: now,
      expires_at: isoAfter(STAFF_SESSION_ABSOLUTE_MS),
      revoked_at: null,
    })
    .execute();
  return token;
}

/** The staff member behind a live session, refreshing its idle clock; undefined when it is not live. */
export async function resolveStaffSession(db: Kysely<Database>, token: string): Promise<StaffUser | undefined> {
  const now = new Date();
  const idleCutoff = new Date(now.getTime() - STAFF_SESSION_IDLE_MS).toISOString();
  const row = await db
    .selectFrom('staff_sessions')
    .innerJoin('staff_users', 'staff_users.id', 'staff_sessions.staff_id')
    .selectAll('staff_users')
    .select(['staff_sessions.id as session_id'])
    .where('staff_sessions.token_hash', '=', hashToken(token))
    .where('staff_sessions.revoked_at', 'is', null)
    .where('staff_sessions.expires_at', '>', now.toISOString())
    .where('staff_sessions.last_seen_at', '>', idleCutoff)
    .where('staff_users.disabled', '=', 0)
    .executeTakeFirst();
  if (!row) return undefined;
  await db
    .updateTable('staff_sessions')
    .set({ last_seen_at: now.toISOString() })
    .where('id', '=', row.session_id)
    .execute();
  const { session_id: _sessionId, ...staff } = row;
  return staff;
}

export async function revokeStaffSession(db: Kysely<Database>, token: string): Promise<void> {
  await db
    .updateTable('staff_sessions')
    .set({ revoked_at: nowIso() })
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .execute();
}
