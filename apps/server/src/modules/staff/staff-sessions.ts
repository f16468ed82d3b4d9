import type { Kysely } from 'kysely';
import type { Database, StaffSessionStage, StaffUser } from '../../db/schema.ts';
import { hashToken, newSessionToken } from '../../lib/tokens.ts';
import { isoAfter, nowIso } from '../../lib/time.ts';

/**
 * Back-office sessions: idle 2 hours (an operator steps away between races), absolute 12 hours
 * (one race day). Tokens are 256-bit, stored only hashed.
 */
export const STAFF_SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const STAFF_SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
export const STAFF_COOKIE = 'karera_staff';
/** A session that is only a step of the sign-in (the code, or enrolment) lasts 10 minutes. */
export const STAFF_SIGN_IN_STEP_MS = 10 * 60 * 1000;

/**
 * A new session: `full` reaches the back office; `code` and `enrol` (decision 021) only that step of the
 * sign-in, which then opens a new full session (a new token: the step's token never becomes a session).
 */
export async function openStaffSession(
  db: Kysely<Database>,
  staffId: number,
  stage: StaffSessionStage = 'full',
): Promise<string> {
  const token = newSessionToken();
  const now = nowIso();
  await db
    .insertInto('staff_sessions')
    .values({
      token_hash: hashToken(token),
      staff_id: staffId,
      created_at: now,
      last_seen_at: now,
      expires_at: isoAfter(stage === 'full' ? STAFF_SESSION_ABSOLUTE_MS : STAFF_SIGN_IN_STEP_MS),
      revoked_at: null,
      stage,
    })
    .execute();
  return token;
}

export interface StaffSignInStep {
  sessionId: number;
  stage: StaffSessionStage;
  pendingTotpSecret: string | null;
  staff: StaffUser;
}

/** The live session behind a token, whatever its stage, with its staff member; undefined when not live. */
export async function resolveStaffSignInStep(
  db: Kysely<Database>,
  token: string,
): Promise<StaffSignInStep | undefined> {
  const now = new Date();
  const idleCutoff = new Date(now.getTime() - STAFF_SESSION_IDLE_MS).toISOString();
  const row = await db
    .selectFrom('staff_sessions')
    .innerJoin('staff_users', 'staff_users.id', 'staff_sessions.staff_id')
    .selectAll('staff_users')
    .select([
      'staff_sessions.id as session_id',
      'staff_sessions.stage as session_stage',
      'staff_sessions.pending_totp_secret as session_pending_secret',
    ])
    .where('staff_sessions.token_hash', '=', hashToken(token))
    .where('staff_sessions.revoked_at', 'is', null)
    .where('staff_sessions.expires_at', '>', now.toISOString())
    .where('staff_sessions.last_seen_at', '>', idleCutoff)
    .where('staff_users.disabled', '=', 0)
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_id: sessionId, session_stage: stage, session_pending_secret: pendingTotpSecret, ...staff } = row;
  return { sessionId, stage, pendingTotpSecret, staff };
}

/** Keeps the secret offered to a staff member enrolling on this session until they confirm it. */
export async function setPendingTotpSecret(db: Kysely<Database>, sessionId: number, sealed: string): Promise<void> {
  await db.updateTable('staff_sessions').set({ pending_totp_secret: sealed }).where('id', '=', sessionId).execute();
}

export async function revokeStaffSessionById(db: Kysely<Database>, sessionId: number): Promise<void> {
  await db
    .updateTable('staff_sessions')
    .set({ revoked_at: nowIso() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of a staff member (their two-factor sign-in was reset). */
export async function revokeAllStaffSessions(db: Kysely<Database>, staffId: number): Promise<void> {
  await db
    .updateTable('staff_sessions')
    .set({ revoked_at: nowIso() })
    .where('staff_id', '=', staffId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * The staff member behind a live full session, refreshing its idle clock; undefined when it is not live
 * or is only a step of the sign-in (which reaches nothing else).
 */
export async function resolveStaffSession(db: Kysely<Database>, token: string): Promise<StaffUser | undefined> {
  const now = new Date();
  const idleCutoff = new Date(now.getTime() - STAFF_SESSION_IDLE_MS).toISOString();
  const row = await db
    .selectFrom('staff_sessions')
    .innerJoin('staff_users', 'staff_users.id', 'staff_sessions.staff_id')
    .selectAll('staff_users')
    .select(['staff_sessions.id as session_id'])
    .where('staff_sessions.token_hash', '=', hashToken(token))
    .where('staff_sessions.stage', '=', 'full')
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
