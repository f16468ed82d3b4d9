import type { Kysely } from 'kysely';
import { normalizeMobile, PlayerMessages, type ProfileResponse, type UpdateProfileResponse } from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/idempotency.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { recordAudit } from '../audit/index.ts';
import { consumeOtp, issueOtp, otpRefusal, findPlayerById, findPlayerByMobile } from '../auth/index.ts';
import { revokeOtherPlayerSessions, type PlayerSession, invalidSession } from '../sessions/index.ts';
import type { SmsSender } from '../sms/index.ts';
import { playerBalances } from '../wallet/index.ts';

export async function getProfile(db: Kysely<Database>, playerId: number): Promise<ProfileResponse> {
  const player = await findPlayerById(db, playerId);
  if (!player) throw invalidSession();
  const balances = await playerBalances(db, playerId);
  return {
    statusCode: 200,
    playerId: player.id,
    mobileNo: player.mobile_no,
    firstName: player.first_name,
    lastName: player.last_name,
    emailAddress: player.email,
    creditBalance: balances.creditBalance,
    bonusBalance: balances.bonusBalance,
  };
}

/**
 * Names and email change at once. A new mobile number changes only after the code sent to that
 * number comes back (otp type M), so nobody moves an account to a number they do not hold.
 */
export async function updateProfile(
  db: Kysely<Database>,
  sms: SmsSender,
  session: PlayerSession,
  input: { firstName: string; lastName: string; email: string; mobileNo: string },
  ip: string | null,
): Promise<UpdateProfileResponse> {
  const player = await findPlayerById(db, session.playerId);
  if (!player) throw invalidSession();
  const email = input.email.trim() === '' ? null : input.email.trim();
  const changes = { first_name: input.firstName.trim(), last_name: input.lastName.trim(), email };
  await db.updateTable('players').set(changes).where('id', '=', player.id).execute();
  await recordAudit(
    db,
    { type: 'player', id: player.id, ip },
    {
      action: 'player.profile_updated',
      targetType: 'player',
      targetId: player.id,
      details: { firstName: changes.first_name, lastName: changes.last_name, email },
    },
  );

  const newMobile = normalizeMobile(input.mobileNo);
  let otpRequired = false;
  if (newMobile && newMobile !== player.mobile_no) {
    if (await findPlayerByMobile(db, newMobile))
      throw badRequest(PlayerMessages.mobileTaken, { mobileNo: PlayerMessages.mobileTaken });
    await issueOtp(db, sms, player.id, 'mobile', newMobile);
    otpRequired = true;
  }
  return {
    statusCode: 200,
    firstName: changes.first_name,
    lastName: changes.last_name,
    statusMessage: otpRequired ? PlayerMessages.mobileChangeOtpSent : PlayerMessages.profileUpdated,
    otpRequired,
  };
}

export async function confirmMobileChange(
  db: Kysely<Database>,
  session: PlayerSession,
  otp: string,
  ip: string | null,
): Promise<ProfileResponse> {
  const check = await consumeOtp(db, session.playerId, 'mobile', otp);
  if (!check.ok) throw otpRefusal(check);
  try {
    await db.updateTable('players').set({ mobile_no: check.mobileNo }).where('id', '=', session.playerId).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(PlayerMessages.mobileTaken);
    throw error;
  }
  await recordAudit(
    db,
    { type: 'player', id: session.playerId, ip },
    {
      action: 'player.mobile_changed',
      targetType: 'player',
      targetId: session.playerId,
      details: { mobileNo: check.mobileNo },
    },
  );
  return getProfile(db, session.playerId);
}

/** A new password ends every other session of the player; this one stays. */
export async function changePassword(
  db: Kysely<Database>,
  session: PlayerSession,
  currentPassword: string,
  newPassword: string,
  ip: string | null,
): Promise<void> {
  const player = await findPlayerById(db, session.playerId);
  if (!player) throw invalidSession();
  if (!(await verifyPassword(currentPassword, player.password_hash))) {
    throw badRequest(PlayerMessages.currentPasswordWrong, { currentPassword: PlayerMessages.currentPasswordWrong });
  }
  await db
    .updateTable('players')
    .set({ password_hash: await hashPassword(newPassword) })
    .where('id', '=', player.id)
    .execute();
  await revokeOtherPlayerSessions(db, player.id, session.sessionId);
  await recordAudit(
    db,
    { type: 'player', id: player.id, ip },
    { action: 'player.password_changed', targetType: 'player', targetId: player.id },
  );
}
