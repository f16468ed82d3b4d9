import type { Kysely } from 'kysely';
import type { Database, StaffUser } from '../../db/schema.ts';
import { hashToken, newSessionToken } from '../../lib/tokens.ts';
import { isoAfter, nowIso } from '../../lib/time.ts';
import { recordAudit } from '../audit/audit.service.ts';

export const LOGIN_LINK_TTL_MS = 10 * 60 * 1000;

/**
 * A single-use, short-lived link that logs one player in (?p=<player>&s=<token>). The token is not a
 * session: the player site exchanges it once for a new session, and only its hash is stored.
 */
export async function issueLoginLink(
  db: Kysely<Database>,
  staff: Pick<StaffUser, 'id'>,
  playerId: number,
  ip: string | null,
): Promise<{ url: string; expiresAt: string }> {
  const token = newSessionToken();
  const expiresAt = isoAfter(LOGIN_LINK_TTL_MS);
  await db
    .insertInto('login_links')
    .values({
      token_hash: hashToken(token),
      player_id: playerId,
      created_by_staff_id: staff.id,
      created_at: nowIso(),
      expires_at: expiresAt,
      used_at: null,
    })
    .execute();
  await recordAudit(
    db,
    { type: 'staff', id: staff.id, ip },
    { action: 'player.login_link_issued', targetType: 'player', targetId: playerId, details: { expiresAt } },
  );
  return { url: `/?p=${playerId}&s=${encodeURIComponent(token)}`, expiresAt };
}
