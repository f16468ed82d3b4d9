import type { Kysely, Transaction } from 'kysely';
import QRCode from 'qrcode';
import {
  STAFF_ENROLMENT_LINK_HOURS,
  STAFF_ENROLMENT_PAGE,
  StaffRequestMessages,
  StaffSecurityMessages,
  StatusCode,
  maskMobile,
} from '@karera/shared';
import type { AppConfig } from '../../config.ts';
import type { Database, StaffUser } from '../../db/schema.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { hashToken, newSessionToken } from '../../lib/tokens.ts';
import { isoAfter, nowIso } from '../../lib/time.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { STAFF_ENROLMENT_SMS_PURPOSE, type SmsSender } from '../sms/index.ts';
import { replaceRecoveryCodes } from './staff.repo.ts';
import { revokeAllStaffSessions } from './staff-sessions.ts';
import {
  acceptedTotpStep,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  openTotpSecret,
  sealTotpSecret,
  totpUri,
} from './staff-totp.ts';

type Db = Kysely<Database> | Transaction<Database>;

const LINK_TTL_MS = STAFF_ENROLMENT_LINK_HOURS * 60 * 60 * 1000;

export interface EnrolmentLinkDeps {
  db: Kysely<Database>;
  sms: SmsSender;
  config: Pick<AppConfig, 'publicOrigin' | 'staffTwoFactor'>;
}

/**
 * Texts a new one-time enrolment link to the staff member's own number on file and revokes every older
 * one (decision 044). The token is 256 random bits, stored only as its hash, good for 24 hours and once.
 * It reaches the staff member's phone only: no answer, audit entry or log line carries it. Without an SMS
 * the link is revoked at once, and the caller hears it failed.
 */
export async function sendEnrolmentLink(
  deps: EnrolmentLinkDeps,
  actor: AuditActor,
  staff: Pick<StaffUser, 'id' | 'username' | 'mobile_no' | 'totp_secret'>,
): Promise<{ sentTo: string }> {
  const { db, sms, config } = deps;
  if (staff.totp_secret !== null) throw conflict(StaffRequestMessages.alreadyEnrolled);
  const mobileNo = staff.mobile_no;
  if (mobileNo === null) throw badRequest(StaffRequestMessages.noMobile);
  // Never the request's Host header: the staff member asking could forge it to send the token elsewhere.
  if (config.publicOrigin === null) {
    throw new AppError(503, StatusCode.SERVER_ERROR, StaffRequestMessages.linkSmsFailed);
  }
  const token = newSessionToken();
  const tokenHash = hashToken(token);
  const expiresAt = isoAfter(LINK_TTL_MS);
  await db.transaction().execute(async (trx) => {
    await revokeEnrolmentLinks(trx, staff.id);
    await trx
      .insertInto('staff_enrolment_links')
      .values({
        staff_id: staff.id,
        token_hash: tokenHash,
        mobile_no: mobileNo,
        created_at: nowIso(),
        expires_at: expiresAt,
        pending_totp_secret: null,
        used_at: null,
        revoked_at: null,
      })
      .execute();
    await recordAudit(trx, actor, {
      action: 'staff.enrolment_link_sent',
      targetType: 'staff',
      targetId: staff.id,
      // The number it went to, masked, and when it expires; never the link or its token.
      details: { username: staff.username, sentTo: maskMobile(mobileNo), expiresAt },
    });
  });
  const url = `${config.publicOrigin}${STAFF_ENROLMENT_PAGE}#${token}`;
  try {
    await sms.send({
      mobileNo,
      text: `Karera back office: set up your sign-in for ${staff.username} at ${url} (one use, ${STAFF_ENROLMENT_LINK_HOURS} hours). Do not share this link.`,
      purpose: STAFF_ENROLMENT_SMS_PURPOSE,
    });
  } catch {
    await db
      .updateTable('staff_enrolment_links')
      .set({ revoked_at: nowIso() })
      .where('token_hash', '=', tokenHash)
      .execute();
    throw new AppError(502, StatusCode.SERVER_ERROR, StaffRequestMessages.linkSmsFailed);
  }
  return { sentTo: maskMobile(mobileNo) };
}

/** Every unused link of a staff member stops working (a newer link, a new number, a reset). */
export async function revokeEnrolmentLinks(db: Db, staffId: number): Promise<void> {
  await db
    .updateTable('staff_enrolment_links')
    .set({ revoked_at: nowIso() })
    .where('staff_id', '=', staffId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The live link of a token with its staff member, or a refusal that says nothing about why. */
async function liveLink(db: Db, token: string) {
  const link = await db
    .selectFrom('staff_enrolment_links as l')
    .innerJoin('staff_users as s', 's.id', 'l.staff_id')
    .select([
      'l.id',
      'l.staff_id',
      'l.mobile_no as link_mobile',
      'l.expires_at',
      'l.used_at',
      'l.revoked_at',
      'l.pending_totp_secret',
      's.username',
      's.display_name',
      's.mobile_no',
      's.totp_secret',
      's.disabled',
    ])
    .where('l.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  // Used, replaced, expired, sent to a number the account no longer has, or the account already enrolled
  // or disabled: one answer for all, so a token tells nothing.
  const usable =
    link &&
    link.used_at === null &&
    link.revoked_at === null &&
    link.expires_at > nowIso() &&
    link.mobile_no === link.link_mobile &&
    link.totp_secret === null &&
    link.disabled === 0;
  if (!usable) throw badRequest(StaffRequestMessages.linkInvalid);
  return link;
}

/** The page of a live link: whose account, and a new secret (the same one on every visit until confirmed). */
export async function enrolmentLinkOffer(deps: Pick<EnrolmentLinkDeps, 'db' | 'config'>, token: string) {
  const { db, config } = deps;
  const link = await liveLink(db, token);
  let secret: string;
  if (link.pending_totp_secret) {
    secret = openTotpSecret(link.pending_totp_secret, config.staffTwoFactor.secretKey);
  } else {
    secret = newTotpSecret();
    const sealed = sealTotpSecret(secret, config.staffTwoFactor.secretKey);
    // Two first visits at once: the first secret stored wins, and both pages show it.
    await db
      .updateTable('staff_enrolment_links')
      .set({ pending_totp_secret: sealed })
      .where('id', '=', link.id)
      .where('pending_totp_secret', 'is', null)
      .execute();
    const stored = await db
      .selectFrom('staff_enrolment_links')
      .select('pending_totp_secret')
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    if (stored.pending_totp_secret)
      secret = openTotpSecret(stored.pending_totp_secret, config.staffTwoFactor.secretKey);
  }
  const otpauthUri = totpUri(secret, link.username);
  const qrCode = `data:image/svg+xml;base64,${Buffer.from(
    await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
  ).toString('base64')}`;
  return { username: link.username, displayName: link.display_name, secret, otpauthUri, qrCode };
}

/**
 * Spends a live link: the staff member's own password replaces the one their creator chose, the offered
 * secret becomes theirs with ten recovery codes, and every session of the account ends. The link is claimed
 * by a conditional update, so of two confirmations at once one wins. Signs nobody in: the staff member
 * then signs in with the new password and a code.
 */
export async function confirmEnrolmentLink(
  deps: Pick<EnrolmentLinkDeps, 'db' | 'config'>,
  input: { token: string; password: string; code: string },
  ip: string | null,
): Promise<{ username: string; recoveryCodes: string[] }> {
  const { db, config } = deps;
  const link = await liveLink(db, input.token);
  if (!link.pending_totp_secret) throw badRequest(StaffRequestMessages.linkInvalid);
  const secret = openTotpSecret(link.pending_totp_secret, config.staffTwoFactor.secretKey);
  const step = acceptedTotpStep(secret, input.code.trim(), null, config.staffTwoFactor.now());
  if (step === null) {
    throw badRequest(StaffSecurityMessages.invalidCode, { code: StaffSecurityMessages.invalidCode });
  }
  const passwordHash = await hashPassword(input.password);
  const recoveryCodes = newRecoveryCodes();
  await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('staff_enrolment_links')
      .set({ used_at: nowIso() })
      .where('id', '=', link.id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw badRequest(StaffRequestMessages.linkInvalid);
    const set = await trx
      .updateTable('staff_users')
      .set({
        password_hash: passwordHash,
        totp_secret: link.pending_totp_secret,
        totp_last_step: step,
        totp_enrolled_at: nowIso(),
      })
      .where('id', '=', link.staff_id)
      .where('totp_secret', 'is', null)
      .executeTakeFirst();
    if (Number(set.numUpdatedRows) !== 1) throw badRequest(StaffRequestMessages.linkInvalid);
    await replaceRecoveryCodes(trx, link.staff_id, recoveryCodes.map(hashRecoveryCode));
    await revokeAllStaffSessions(trx, link.staff_id);
    await recordAudit(
      trx,
      { type: 'staff', id: link.staff_id, ip },
      {
        action: 'staff.two_factor_enrolled',
        targetType: 'staff',
        targetId: link.staff_id,
        details: { through: 'enrolment_link', passwordChanged: true },
      },
    );
  });
  return { username: link.username, recoveryCodes };
}
