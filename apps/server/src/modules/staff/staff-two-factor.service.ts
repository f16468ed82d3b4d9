import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import { StaffSecurityMessages, type StaffRole } from '@karera/shared';
import type { AppConfig } from '../../config.ts';
import type { Database, StaffUser } from '../../db/schema.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import {
  claimTotpStep,
  countUnusedRecoveryCodes,
  findStaffById,
  replaceRecoveryCodes,
  setTotpSecret,
  useRecoveryCode,
} from './staff.repo.ts';
import {
  openStaffSession,
  revokeAllStaffSessions,
  setPendingTotpSecret,
  type StaffSignInStep,
} from './staff-sessions.ts';
import {
  acceptedTotpStep,
  hashRecoveryCode,
  isRecoveryCodeShape,
  newRecoveryCodes,
  newTotpSecret,
  openTotpSecret,
  sealTotpSecret,
  totpUri,
} from './staff-totp.ts';

type TwoFactorConfig = AppConfig['staffTwoFactor'];

/** Admins and master agents always sign in with two factors; agents when the setting says so. */
export function twoFactorRequired(role: StaffRole, config: TwoFactorConfig): boolean {
  return role !== 'agent' || config.agentsRequired;
}

export type SecondFactor = 'totp' | 'recovery_code';

/**
 * Checks a code from the authenticator app (once per time step, never an older one) or one unused
 * recovery code; the kind that matched, or null.
 */
export async function checkSecondFactor(
  db: Kysely<Database>,
  config: TwoFactorConfig,
  staff: StaffUser,
  code: string,
): Promise<SecondFactor | null> {
  if (!staff.totp_secret) return null;
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const secret = openTotpSecret(staff.totp_secret, config.secretKey);
    const step = acceptedTotpStep(secret, trimmed, staff.totp_last_step, config.now());
    return step !== null && (await claimTotpStep(db, staff.id, step)) ? 'totp' : null;
  }
  if (isRecoveryCodeShape(trimmed) && (await useRecoveryCode(db, staff.id, hashRecoveryCode(trimmed)))) {
    return 'recovery_code';
  }
  return null;
}

/**
 * The secret a staff member is enrolling with: the one already offered on this session, or a new one.
 * Only a session in the enrolment step, or a full session of someone without two factors, may enrol.
 */
export async function enrolmentOffer(
  db: Kysely<Database>,
  config: TwoFactorConfig,
  step: StaffSignInStep,
): Promise<{ secret: string; otpauthUri: string; qrCode: string }> {
  assertMayEnrol(step);
  let secret: string;
  if (step.pendingTotpSecret) {
    secret = openTotpSecret(step.pendingTotpSecret, config.secretKey);
  } else {
    secret = newTotpSecret();
    await setPendingTotpSecret(db, step.sessionId, sealTotpSecret(secret, config.secretKey));
  }
  const otpauthUri = totpUri(secret, step.staff.username);
  const qrCode = `data:image/svg+xml;base64,${Buffer.from(
    await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
  ).toString('base64')}`;
  return { secret, otpauthUri, qrCode };
}

function assertMayEnrol(step: StaffSignInStep): void {
  if (step.stage === 'code') throw unauthorized(StaffSecurityMessages.signInAgain);
  if (step.staff.totp_secret) throw badRequest(StaffSecurityMessages.alreadyEnrolled);
}

/**
 * Confirms enrolment with a first code of the offered secret: the secret is kept (sealed), ten recovery
 * codes are made (only their hashes kept) and a new full session replaces the enrolment session.
 * Returns null when the code does not match.
 */
export async function confirmEnrolment(
  db: Kysely<Database>,
  config: TwoFactorConfig,
  step: StaffSignInStep,
  code: string,
  ip: string | null,
): Promise<{ token: string; recoveryCodes: string[] } | null> {
  assertMayEnrol(step);
  if (!step.pendingTotpSecret) throw badRequest(StaffSecurityMessages.signInAgain);
  const secret = openTotpSecret(step.pendingTotpSecret, config.secretKey);
  const accepted = acceptedTotpStep(secret, code.trim(), null, config.now());
  if (accepted === null) return null;
  const recoveryCodes = newRecoveryCodes();
  const token = await db.transaction().execute(async (trx) => {
    // Two confirmations racing: the first one that sets the secret wins, the other is refused.
    const set = await trx
      .updateTable('staff_users')
      .set({
        totp_secret: step.pendingTotpSecret,
        totp_last_step: accepted,
        totp_enrolled_at: new Date().toISOString(),
      })
      .where('id', '=', step.staff.id)
      .where('totp_secret', 'is', null)
      .executeTakeFirst();
    if (Number(set.numUpdatedRows) !== 1) throw badRequest(StaffSecurityMessages.alreadyEnrolled);
    await replaceRecoveryCodes(trx, step.staff.id, recoveryCodes.map(hashRecoveryCode));
    await trx
      .updateTable('staff_sessions')
      .set({ revoked_at: new Date().toISOString() })
      .where('id', '=', step.sessionId)
      .execute();
    await recordAudit(
      trx,
      { type: 'staff', id: step.staff.id, ip },
      { action: 'staff.two_factor_enrolled', targetType: 'staff', targetId: step.staff.id },
    );
    return openStaffSession(trx, step.staff.id);
  });
  return { token, recoveryCodes };
}

/** New recovery codes for a signed-in staff member who proves the authenticator app with a code. */
export async function regenerateRecoveryCodes(
  db: Kysely<Database>,
  config: TwoFactorConfig,
  staff: StaffUser,
  code: string,
  ip: string | null,
): Promise<string[]> {
  if (!staff.totp_secret) throw badRequest(StaffSecurityMessages.notEnrolled);
  if (!/^\d{6}$/.test(code.trim()) || (await checkSecondFactor(db, config, staff, code)) !== 'totp') {
    throw badRequest(StaffSecurityMessages.invalidCode, { code: StaffSecurityMessages.invalidCode });
  }
  const recoveryCodes = newRecoveryCodes();
  await db.transaction().execute(async (trx) => {
    await replaceRecoveryCodes(trx, staff.id, recoveryCodes.map(hashRecoveryCode));
    await recordAudit(
      trx,
      { type: 'staff', id: staff.id, ip },
      { action: 'staff.recovery_codes_replaced', targetType: 'staff', targetId: staff.id },
    );
  });
  return recoveryCodes;
}

/**
 * An admin resets another staff member's two-factor sign-in (a lost phone): the secret and recovery
 * codes go, every session of theirs ends, and they enrol again at their next sign-in.
 */
export async function resetTwoFactor(db: Kysely<Database>, actor: AuditActor & { id: number }, staffId: number) {
  if (actor.id === staffId) throw forbidden(StaffSecurityMessages.resetSelf);
  const target = await findStaffById(db, staffId);
  if (!target) throw notFound(StaffSecurityMessages.staffNotFound);
  await db.transaction().execute(async (trx) => {
    await setTotpSecret(trx, staffId, null, null);
    await replaceRecoveryCodes(trx, staffId, []);
    await revokeAllStaffSessions(trx, staffId);
    await recordAudit(trx, actor, {
      action: 'staff.two_factor_reset',
      targetType: 'staff',
      targetId: staffId,
      details: { username: target.username, wasEnrolled: target.totp_secret !== null },
    });
  });
}

export async function securityStatus(db: Kysely<Database>, config: TwoFactorConfig, staff: StaffUser) {
  return {
    twoFactorEnabled: staff.totp_secret !== null,
    twoFactorRequired: twoFactorRequired(staff.role, config),
    enrolledAt: staff.totp_enrolled_at,
    recoveryCodesLeft: staff.totp_secret ? await countUnusedRecoveryCodes(db, staff.id) : 0,
  };
}
