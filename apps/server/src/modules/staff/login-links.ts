import type { Kysely } from 'kysely';
import { BackofficeMessages, StatusCode } from '@karera/shared';
import type { Database, StaffUser } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken, newSessionToken } from '../../lib/tokens.ts';
import { isoAfter, nowIso } from '../../lib/time.ts';
import { recordAudit } from '../audit/index.ts';
import type { SmsSender } from '../sms/index.ts';

export const LOGIN_LINK_TTL_MS = 10 * 60 * 1000;

/** What the player reads when staff open a session on their account. */
export const STAFF_SESSION_SMS =
  'Karera: our staff opened a session on your account to help you. If you did not ask for help, please contact customer service.';

/**
 * A single-use, short-lived link that logs one player in (?p=<player>&s=<token>), issued by an admin for
 * a written reason (decision 020). The token is not a session: the player site exchanges it once for a
 * session marked as opened by staff, which may look and bet but not move money or change the account.
 * Only the token's hash is stored; the issue and its reason are audited, and the player is told by SMS.
 * No SMS, no link: the player must be able to know.
 */
export async function issueLoginLink(
  db: Kysely<Database>,
  sms: SmsSender,
  staff: Pick<StaffUser, 'id'>,
  player: { playerId: number; mobileNo: string },
  reason: string,
  ip: string | null,
): Promise<{ url: string; expiresAt: string }> {
  const token = newSessionToken();
  const tokenHash = hashToken(token);
  const expiresAt = isoAfter(LOGIN_LINK_TTL_MS);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('login_links')
      .values({
        token_hash: tokenHash,
        player_id: player.playerId,
        created_by_staff_id: staff.id,
        created_at: nowIso(),
        expires_at: expiresAt,
        used_at: null,
        reason,
      })
      .execute();
    await recordAudit(
      trx,
      { type: 'staff', id: staff.id, ip },
      {
        action: 'player.login_link_issued',
        targetType: 'player',
        targetId: player.playerId,
        details: { expiresAt, reason },
      },
    );
  });
  try {
    await sms.send({ mobileNo: player.mobileNo, text: STAFF_SESSION_SMS, purpose: 'staff-session' });
  } catch {
    // The link is spent before anyone can use it: a session the player cannot hear about is not opened.
    await db.updateTable('login_links').set({ used_at: nowIso() }).where('token_hash', '=', tokenHash).execute();
    throw new AppError(502, StatusCode.SERVER_ERROR, BackofficeMessages.loginLinkSmsFailed);
  }
  return { url: `/?p=${player.playerId}&s=${encodeURIComponent(token)}`, expiresAt };
}
