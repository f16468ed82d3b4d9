import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { OTP_LENGTH, PlayerMessages } from '@karera/shared';
import type { Database, OtpPurpose } from '../../db/schema.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { isoAfter, nowIso } from '../../lib/time.ts';
import { holdRateLimitKey, pruneRateLimitsNowAndThen } from '../../plugins/rate-limit-store.ts';
import { type SmsSender, SmsDeliveryError } from '../sms/index.ts';

export const OTP_TTL_MS = 5 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_GAP_MS = 60 * 1000;
export const OTP_MAX_PER_HOUR = 5;

/** Six digits from the CSPRNG, leading zeros kept. */
export function generateOtp(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/** Codes are stored hashed with their row's own salt (the id is not known before insert, so a random one). */
function hashOtp(code: string, salt: string): string {
  return `${salt}:${createHash('sha256').update(`${salt}:${code}`).digest('hex')}`;
}

function matches(code: string, stored: string): boolean {
  const [salt = '', expected = ''] = stored.split(':');
  const actual = hashOtp(code, salt).split(':')[1] ?? '';
  return actual.length === expected.length && timingSafeEqual(Buffer.from(actual), Buffer.from(expected));
}

const TEXT: Record<OtpPurpose, (code: string) => string> = {
  verify: (code) => `Your Karera verification code is ${code}. It expires in 5 minutes. Never share it with anyone.`,
  reset: (code) => `Your Karera password reset code is ${code}. It expires in 5 minutes. Never share it with anyone.`,
  mobile: (code) => `Your Karera code to confirm this new mobile number is ${code}. It expires in 5 minutes.`,
  // Sent only after the right password, on a number with repeated failed logins: a warning as much as a code.
  login: (code) =>
    `Your Karera login code is ${code}. It expires in 5 minutes. Never share it. Not you? Reset your password now.`,
};

export type ThrottleVerdict = 'ok' | 'wait' | 'hourly-limit';

const HOUR_MS = 60 * 60 * 1000;

/** The verdict for a new code now, and how long until one may be sent (0 when it may at once). */
export interface ThrottleState {
  verdict: ThrottleVerdict;
  resendAfterSeconds: number;
}

/** Where the throttles read the last hour from: the codes sent, or the requests by number (decision 043). */
type ThrottledTable = 'otp_codes' | 'otp_requests';

/** When rows of the table were recorded for the number and purpose in the last hour, newest first (ms). */
async function timesOfLastHour(
  db: Kysely<Database>,
  table: ThrottledTable,
  mobileNo: string,
  purpose: OtpPurpose,
  now: number,
): Promise<number[]> {
  const since = new Date(now - HOUR_MS).toISOString();
  const rows = await db
    .selectFrom(table)
    .select('created_at')
    .where('mobile_no', '=', mobileNo)
    .where('purpose', '=', purpose)
    .where('created_at', '>', since)
    .execute();
  return rows.map((row) => Date.parse(row.created_at)).sort((a, b) => b - a);
}

/**
 * Resend rules per destination number and purpose: one code a minute, five an hour. The wait ends when
 * both allow a code: a minute after the newest, and, with five in the hour, an hour after the fifth newest.
 */
export function throttleOf(sentAt: readonly number[], now: number): ThrottleState {
  const newest = sentAt[0];
  const fifth = sentAt[OTP_MAX_PER_HOUR - 1];
  const allowedAt = Math.max(
    newest === undefined ? 0 : newest + OTP_RESEND_GAP_MS,
    fifth === undefined ? 0 : fifth + HOUR_MS,
  );
  const verdict: ThrottleVerdict =
    sentAt.length >= OTP_MAX_PER_HOUR ? 'hourly-limit' : newest !== undefined && now < allowedAt ? 'wait' : 'ok';
  return { verdict, resendAfterSeconds: Math.max(0, Math.ceil((allowedAt - now) / 1000)) };
}

/**
 * Decides the throttle of a number and purpose over the rows of `table` and, when it allows one, records
 * the request with `record` (in the same transaction), as one step: the transaction first holds the
 * number's key (decision 031), so requests racing on any instance take turns and each reads what the one
 * before it recorded; of N at once exactly the throttle's share go through. Answers the throttle after
 * the request, or the refusing throttle. Per number and purpose: a password-reset code right after the
 * sign-up code is a new request, not a resend. Codes sent (`otp_codes`) and requests by number
 * (`otp_requests`) are two throttles with two keys (decision 043).
 */
async function throttled(
  db: Kysely<Database>,
  table: ThrottledTable,
  mobileNo: string,
  purpose: OtpPurpose,
  record: (trx: Kysely<Database>, sentAt: Date) => Promise<void>,
): Promise<{ recorded: true; resendAfterSeconds: number } | { recorded: false; refusal: ThrottleState }> {
  pruneRateLimitsNowAndThen(db);
  const key = table === 'otp_codes' ? `otp:${purpose}:${mobileNo}` : `otp-request:${purpose}:${mobileNo}`;
  return db.transaction().execute(async (trx) => {
    await holdRateLimitKey(trx, key, HOUR_MS);
    // Read the clock once the key is ours: a request that waited for it is later than the one it waited for.
    const sentAt = new Date();
    const earlier = await timesOfLastHour(trx, table, mobileNo, purpose, sentAt.getTime());
    const state = throttleOf(earlier, sentAt.getTime());
    if (state.verdict !== 'ok') return { recorded: false, refusal: state };
    await record(trx, sentAt);
    return {
      recorded: true,
      resendAfterSeconds: throttleOf([sentAt.getTime(), ...earlier], sentAt.getTime()).resendAfterSeconds,
    };
  });
}

/** 429 with the rule's message and, for the client's countdown, the seconds until a code may be sent. */
export function throttleError(state: ThrottleState): AppError {
  const message = state.verdict === 'wait' ? PlayerMessages.otpResendWait : PlayerMessages.otpResendLimit;
  return new AppError(429, 429, message, undefined, { resendAfterSeconds: state.resendAfterSeconds });
}

/** A code stored and ready to go: the seconds until another may be sent, and the sending itself. */
export interface PreparedOtp {
  resendAfterSeconds: number;
  /** Sends the SMS; rejects with a 503 AppError when it cannot be sent. */
  deliver: () => Promise<void>;
}

/**
 * Issues a new code for (player, purpose) to the given number and sends it. Earlier open codes for the
 * same purpose stop working. Throws 429 when the number is throttled, 503 when the SMS cannot be sent.
 * Answers the seconds until another code may be sent to the number.
 */
export async function issueOtp(
  db: Kysely<Database>,
  sms: SmsSender,
  playerId: number,
  purpose: OtpPurpose,
  mobileNo: string,
): Promise<number> {
  const prepared = await prepareOtp(db, sms, playerId, purpose, mobileNo);
  await prepared.deliver();
  return prepared.resendAfterSeconds;
}

/**
 * issueOtp, but a throttled number is not an error: no code goes and the answer is the seconds left
 * (a login's code step, where the code already sent stands).
 */
export async function issueOtpUnlessThrottled(
  db: Kysely<Database>,
  sms: SmsSender,
  playerId: number,
  purpose: OtpPurpose,
  mobileNo: string,
): Promise<number> {
  const stored = await storeOtp(db, sms, playerId, purpose, mobileNo);
  if (!stored.recorded) return stored.refusal.resendAfterSeconds;
  await stored.prepared.deliver();
  return stored.prepared.resendAfterSeconds;
}

/**
 * A request for a code by number (forgotPassword, resendOTP), recorded and throttled alike whether or not
 * the number has an account and whether or not a code will go (decision 043): these requests alone decide
 * what those calls answer, so neither the answer nor the next one's tells a known number from an unknown
 * one, nor a number just registered (whose sign-up code is in otp_codes) from any other. Throws 429 when
 * the number is throttled; answers the seconds until another may be asked for.
 */
export async function recordCodeRequest(db: Kysely<Database>, purpose: OtpPurpose, mobileNo: string): Promise<number> {
  const outcome = await throttled(db, 'otp_requests', mobileNo, purpose, async (trx, sentAt) => {
    await trx
      .insertInto('otp_requests')
      .values({ mobile_no: mobileNo, purpose, created_at: sentAt.toISOString() })
      .execute();
  });
  if (!outcome.recorded) throw throttleError(outcome.refusal);
  return outcome.resendAfterSeconds;
}

/** issueOtp without the sending: the code is stored (the throttle counts it) and `deliver` sends it. */
export async function prepareOtp(
  db: Kysely<Database>,
  sms: SmsSender,
  playerId: number,
  purpose: OtpPurpose,
  mobileNo: string,
): Promise<PreparedOtp> {
  const stored = await storeOtp(db, sms, playerId, purpose, mobileNo);
  if (!stored.recorded) throw throttleError(stored.refusal);
  return stored.prepared;
}

/** Stores a new code unless the number is throttled (atomically, see `throttled`). */
async function storeOtp(
  db: Kysely<Database>,
  sms: SmsSender,
  playerId: number,
  purpose: OtpPurpose,
  mobileNo: string,
): Promise<{ recorded: true; prepared: PreparedOtp } | { recorded: false; refusal: ThrottleState }> {
  const code = generateOtp();
  const outcome = await throttled(db, 'otp_codes', mobileNo, purpose, async (trx, sentAt) => {
    const now = sentAt.toISOString();
    await trx
      .updateTable('otp_codes')
      .set({ consumed_at: now })
      .where('player_id', '=', playerId)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .execute();
    await trx
      .insertInto('otp_codes')
      .values({
        player_id: playerId,
        purpose,
        mobile_no: mobileNo,
        code_hash: hashOtp(code, generateOtp() + generateOtp()),
        expires_at: isoAfter(OTP_TTL_MS, sentAt),
        created_at: now,
      })
      .execute();
  });
  if (!outcome.recorded) return outcome;
  return {
    recorded: true,
    prepared: {
      resendAfterSeconds: outcome.resendAfterSeconds,
      deliver: async () => {
        try {
          await sms.send({ mobileNo, text: TEXT[purpose](code), purpose: `otp-${purpose}` });
        } catch (error) {
          if (error instanceof SmsDeliveryError) throw new AppError(503, 503, PlayerMessages.otpSendFailed);
          throw error;
        }
      },
    },
  };
}

export type OtpCheck = { ok: true; mobileNo: string } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Checks a code against the player's latest open code for the purpose. A right code is consumed at
 * once (single use, even under racing requests); a wrong one counts, and the fifth wrong try voids it.
 * Each try is counted before the code is compared, in one statement that also refuses a sixth: N tries
 * at once, on any instances, get five comparisons between them, not N.
 */
export async function consumeOtp(
  db: Kysely<Database>,
  playerId: number,
  purpose: OtpPurpose,
  code: string,
): Promise<OtpCheck> {
  const row = await db
    .selectFrom('otp_codes')
    .select(['id', 'code_hash', 'attempts', 'expires_at', 'mobile_no'])
    .where('player_id', '=', playerId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row || row.attempts >= OTP_MAX_ATTEMPTS) return { ok: false, reason: 'invalid' };
  const now = nowIso();
  if (row.expires_at <= now) return { ok: false, reason: 'expired' };
  const counted = await db
    .updateTable('otp_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', row.id)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', OTP_MAX_ATTEMPTS)
    .returning('attempts')
    .executeTakeFirst();
  if (!counted) return { ok: false, reason: 'invalid' };
  if (!matches(code.trim(), row.code_hash)) {
    if (counted.attempts >= OTP_MAX_ATTEMPTS) {
      await db
        .updateTable('otp_codes')
        .set({ consumed_at: now })
        .where('id', '=', row.id)
        .where('consumed_at', 'is', null)
        .execute();
    }
    return { ok: false, reason: 'invalid' };
  }
  const consumed = await db
    .updateTable('otp_codes')
    .set({ consumed_at: now })
    .where('id', '=', row.id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  if (Number(consumed.numUpdatedRows) !== 1) return { ok: false, reason: 'invalid' };
  return { ok: true, mobileNo: row.mobile_no };
}

export function otpRefusal(
  check: Extract<OtpCheck, { ok: false }>,
  expiredMessage: string = PlayerMessages.otpExpired,
) {
  return badRequest(check.reason === 'expired' ? expiredMessage : PlayerMessages.otpInvalid);
}
