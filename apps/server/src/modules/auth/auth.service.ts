import type { Kysely } from 'kysely';
import {
  loginMobile,
  normalizeMobile,
  PlayerMessages,
  StatusCode,
  type LoginResponse,
  type RegisterInput,
} from '@karera/shared';
import type { AppConfig } from '../../config.ts';
import type { Database, Player } from '../../db/schema.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/idempotency.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashToken } from '../../lib/tokens.ts';
import { nowIso } from '../../lib/time.ts';
import { recordAudit } from '../audit/index.ts';
import { findStaffByReferralCode } from '../staff/index.ts';
import type { SmsSender } from '../sms/index.ts';
import { openPlayerAccounts, playerBalances } from '../wallet/index.ts';
import { openPlayerSession, revokeOtherPlayerSessions } from '../sessions/index.ts';
import { assertMobileNotExcluded } from '../rglimits/index.ts';
import { findPlayerById, findPlayerByMobile } from './player-lookup.repo.ts';
import { holdRateLimitKey, pruneRateLimitsNowAndThen } from '../../plugins/rate-limit-store.ts';
import { consumeOtp, issueOtp, issueOtpUnlessThrottled, otpRefusal, recordCodeRequest } from './otp.ts';
import { codeRequestIdKey, codeRequestIdOf, mobileOfCodeRequestId } from './code-request-ids.ts';

export interface AuthDeps {
  db: Kysely<Database>;
  sms: SmsSender;
  config: AppConfig;
}

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

/** A code went out: to which account, and the seconds until another may be sent (the client's countdown). */
export interface OtpSent {
  playerId: number;
  resendAfterSeconds: number;
}

export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Failed logins of a number in the window after which it also needs a code sent to it (decision 022). */
export const LOGIN_MAX_FAILURES = 5;
/** Failed logins from one address in the window after which that address may not try for a while. */
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 20;

/** A logged-in answer: a new session (new token at every login) and the login fields. */
export async function startSession(
  db: Kysely<Database>,
  player: Player,
  client: ClientInfo,
  openedByStaffId: number | null = null,
): Promise<LoginResponse> {
  const token = await openPlayerSession(db, player.id, client, openedByStaffId);
  const balances = await playerBalances(db, player.id);
  return {
    statusCode: 200,
    sessionId: token,
    playerId: player.id,
    mobileNo: player.mobile_no,
    firstName: player.first_name,
    lastName: player.last_name,
    creditBalance: balances.creditBalance,
    bonusBalance: balances.bonusBalance,
    agentId: player.agent_id,
  };
}

export async function register(deps: AuthDeps, input: RegisterInput, client: ClientInfo): Promise<OtpSent> {
  const { db } = deps;
  const mobileNo = normalizeMobile(input.mobileNo);
  if (!mobileNo) throw badRequest(PlayerMessages.invalidMobile);
  // An excluded player may not open a new account with their number.
  await assertMobileNotExcluded(db, mobileNo);
  const code = input.referralCode?.trim() || deps.config.defaultReferralCode;
  const agent = await findStaffByReferralCode(db, code);
  if (!agent || agent.disabled === 1) throw badRequest(PlayerMessages.referralUnknown);
  if (await findPlayerByMobile(db, mobileNo)) throw badRequest(PlayerMessages.mobileTaken);

  const passwordHash = await hashPassword(input.password);
  let playerId: number;
  try {
    playerId = await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('players')
        .values({
          mobile_no: mobileNo,
          first_name: input.firstName.trim(),
          last_name: input.lastName.trim(),
          email: null,
          password_hash: passwordHash,
          verified: 0,
          agent_id: agent.id,
          created_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await openPlayerAccounts(trx, id);
      await recordAudit(
        trx,
        { type: 'player', id, ip: client.ip },
        {
          action: 'player.registered',
          targetType: 'player',
          targetId: id,
          details: { agentId: agent.id, referralCode: code },
        },
      );
      return id;
    });
  } catch (error) {
    // Two registrations of one number at once: the unique index decides.
    if (isUniqueViolation(error)) throw badRequest(PlayerMessages.mobileTaken);
    throw error;
  }
  const resendAfterSeconds = await issueOtp(db, deps.sms, playerId, 'verify', mobileNo);
  return { playerId, resendAfterSeconds };
}

export async function verifyRegistration(
  deps: AuthDeps,
  playerId: number,
  otp: string,
  client: ClientInfo,
): Promise<LoginResponse> {
  const { db } = deps;
  const player = await playerOfCodeStep(db, playerId);
  if (!player) throw badRequest(PlayerMessages.otpInvalid);
  const check = await consumeOtp(db, player.id, 'verify', otp);
  if (!check.ok) throw otpRefusal(check);
  await db.updateTable('players').set({ verified: 1 }).where('id', '=', player.id).execute();
  await recordAudit(
    db,
    { type: 'player', id: player.id, ip: client.ip },
    { action: 'player.verified', targetType: 'player', targetId: player.id },
  );
  return startSession(db, { ...player, verified: 1 }, client);
}

async function recentLoginFailures(
  db: Kysely<Database>,
  by: { column: 'mobile_no'; value: string } | { column: 'ip'; value: string },
  now: number,
): Promise<number> {
  const since = new Date(now - LOGIN_FAILURE_WINDOW_MS).toISOString();
  const { count } = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(by.column, '=', by.value)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export type LoginOutcome =
  | { kind: 'session'; response: LoginResponse }
  | { kind: 'unverified'; playerId: number; resendAfterSeconds: number }
  | { kind: 'otp-required'; playerId: number; resendAfterSeconds: number };

/** Sends a code of the purpose unless the number is throttled; answers the seconds until the next may go. */
function sendCodeUnlessThrottled(deps: AuthDeps, player: Player, purpose: 'verify' | 'login'): Promise<number> {
  return issueOtpUnlessThrottled(deps.db, deps.sms, player.id, purpose, player.mobile_no);
}

/** A login attempt, counted as a failure until its password proves right. */
interface LoginAttempt {
  /** The failure row that counts it. */
  failureId: number;
  /** The number had enough failures before this attempt that the right password needs a code too. */
  challenged: boolean;
}

/**
 * Starts a login attempt (decision 031): refused while the address has too many failures; otherwise
 * counted as a failure at once, before the password check, and told whether the number was challenged
 * before it. One transaction holding the address's and the number's keys (always in that order), so
 * attempts at once, on any instances, take turns here and each counts the ones before it: 25 at once
 * from one address get 20 password checks, and parallel guesses at a number get five unchallenged ones.
 */
async function beginLoginAttempt(db: Kysely<Database>, mobileNo: string, ip: string | null): Promise<LoginAttempt> {
  pruneRateLimitsNowAndThen(db);
  return db.transaction().execute(async (trx) => {
    if (ip) await holdRateLimitKey(trx, `login-address:${ip}`, LOGIN_FAILURE_WINDOW_MS);
    await holdRateLimitKey(trx, `login-number:${mobileNo}`, LOGIN_FAILURE_WINDOW_MS);
    const now = Date.now();
    if (ip && (await recentLoginFailures(trx, { column: 'ip', value: ip }, now)) >= LOGIN_MAX_FAILURES_PER_ADDRESS) {
      throw new AppError(429, StatusCode.TOO_MANY_REQUESTS, PlayerMessages.loginLimited);
    }
    const challenged =
      (await recentLoginFailures(trx, { column: 'mobile_no', value: mobileNo }, now)) >= LOGIN_MAX_FAILURES;
    const { id } = await trx
      .insertInto('login_failures')
      .values({ mobile_no: mobileNo, ip, created_at: new Date(now).toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { failureId: id, challenged };
  });
}

/**
 * Same answer, and the same password work, whether or not the number exists. An unverified account
 * with the right password gets statusCode 114 and a new code (unless the number is throttled).
 * After repeated failures the number is not locked (that would lock its owner out too): the right
 * password gets statusCode 115 and a code by SMS, and only the code opens the session (decision 022).
 * An address with many failures may not try for the rest of the window.
 */
export async function login(
  deps: AuthDeps,
  mobileInput: string,
  password: string,
  client: ClientInfo,
): Promise<LoginOutcome> {
  const { db } = deps;
  const mobileNo = normalizeMobile(loginMobile(mobileInput)) ?? loginMobile(mobileInput);
  const { failureId, challenged } = await beginLoginAttempt(db, mobileNo, client.ip);
  const player = await findPlayerByMobile(db, mobileNo);
  const ok = await verifyPassword(password, player?.password_hash ?? (await dummyPasswordHash()));
  // A wrong password leaves the failure counted at the start.
  if (!player || !ok) throw badRequest(PlayerMessages.invalidLogin);
  await db.deleteFrom('login_failures').where('id', '=', failureId).execute();
  if (player.verified !== 1) {
    // The sign-up code proves the number as a login code would.
    return {
      kind: 'unverified',
      playerId: player.id,
      resendAfterSeconds: await sendCodeUnlessThrottled(deps, player, 'verify'),
    };
  }
  if (challenged) {
    // The failures stay until the code comes back: the password alone does not lift the challenge.
    return {
      kind: 'otp-required',
      playerId: player.id,
      resendAfterSeconds: await sendCodeUnlessThrottled(deps, player, 'login'),
    };
  }
  // The failures before this attempt go; guesses begun after it (still in flight) stay counted.
  await db.deleteFrom('login_failures').where('mobile_no', '=', mobileNo).where('id', '<', failureId).execute();
  return { kind: 'session', response: await startSession(db, player, client) };
}

/** The second step of a challenged login: the code sent after the right password opens the session. */
export async function verifyLoginCode(
  deps: AuthDeps,
  playerId: number,
  otp: string,
  client: ClientInfo,
): Promise<LoginResponse> {
  const { db } = deps;
  const player = await findPlayerById(db, playerId);
  if (!player || player.verified !== 1) throw badRequest(PlayerMessages.otpInvalid);
  const check = await consumeOtp(db, playerId, 'login', otp);
  if (!check.ok) throw otpRefusal(check);
  await db.deleteFrom('login_failures').where('mobile_no', '=', player.mobile_no).execute();
  await recordAudit(
    db,
    { type: 'player', id: playerId, ip: client.ip },
    { action: 'player.login_after_code', targetType: 'player', targetId: playerId },
  );
  return startSession(db, player, client);
}

/** The answer to a code request, and the sending, which the route does only once the answer is out. */
export interface CodeRequest {
  answer: OtpSent;
  deliver: () => Promise<void>;
}

/**
 * The player a code step names: by the id forgotPassword or resendOTP answered (made from the number,
 * decision 043), or by the account's own id (register and login answer it). Undefined for a number
 * without an account: the step then answers as a wrong code would.
 */
async function playerOfCodeStep(db: Kysely<Database>, id: number): Promise<Player | undefined> {
  const mobileNo = mobileOfCodeRequestId(await codeRequestIdKey(db), id);
  return mobileNo === null ? findPlayerById(db, id) : findPlayerByMobile(db, mobileNo);
}

/**
 * forgotPassword and resendOTP (decision 043): every number gets the same answer after the same work,
 * account or not: the number's lookup, its request throttle (requests by number alone, recorded for
 * every number in the database, so on every instance), and an id made from the number that is the same
 * on every instance and restart. The code is stored and sent after the answer, and only if the number
 * has an account that needs one and no code went to it in the last minute (the sign-up code stands).
 */
async function requestCode(
  deps: AuthDeps,
  mobileInput: string,
  purpose: 'verify' | 'reset',
  needsCode: (player: Player) => boolean,
): Promise<CodeRequest> {
  const { db } = deps;
  const mobileNo = normalizeMobile(mobileInput);
  if (!mobileNo) throw badRequest(PlayerMessages.invalidMobile);
  const [player, key] = await Promise.all([findPlayerByMobile(db, mobileNo), codeRequestIdKey(db)]);
  const resendAfterSeconds = await recordCodeRequest(db, purpose, mobileNo);
  const answer = { playerId: codeRequestIdOf(key, mobileNo), resendAfterSeconds };
  if (!player || !needsCode(player)) return { answer, deliver: () => Promise.resolve() };
  return {
    answer,
    deliver: async () => {
      await issueOtpUnlessThrottled(db, deps.sms, player.id, purpose, player.mobile_no);
    },
  };
}

/** A new sign-up code, for an account not yet verified; any other number is answered alike and gets none. */
export function resendVerification(deps: AuthDeps, mobileInput: string): Promise<CodeRequest> {
  return requestCode(deps, mobileInput, 'verify', (player) => player.verified !== 1);
}

/** A password-reset code for an account; an unknown number is answered alike and gets none. */
export function forgotPassword(deps: AuthDeps, mobileInput: string): Promise<CodeRequest> {
  return requestCode(deps, mobileInput, 'reset', () => true);
}

/**
 * A wrong or expired code both read 'Invalid OTP number.' here (docs/product/accounts.md#one-time-codes). All sessions
 * end.
 */
export async function resetPassword(
  deps: AuthDeps,
  playerId: number,
  otp: string,
  password: string,
  client: ClientInfo,
): Promise<void> {
  const { db } = deps;
  const player = await playerOfCodeStep(db, playerId);
  if (!player) throw badRequest(PlayerMessages.otpInvalid);
  const check = await consumeOtp(db, player.id, 'reset', otp);
  if (!check.ok) throw otpRefusal(check, PlayerMessages.otpInvalid);
  // The code reached the account's own number, which also proves the number.
  await db
    .updateTable('players')
    .set({ password_hash: await hashPassword(password), verified: 1 })
    .where('id', '=', player.id)
    .execute();
  await revokeOtherPlayerSessions(db, player.id, null);
  await recordAudit(
    db,
    { type: 'player', id: player.id, ip: client.ip },
    { action: 'player.password_reset', targetType: 'player', targetId: player.id },
  );
}

/** Exchanges a single-use login link (?p=&s=) issued from the back office for a session. */
export async function loginWithLink(
  deps: AuthDeps,
  playerId: number,
  token: string,
  client: ClientInfo,
): Promise<LoginResponse> {
  const { db } = deps;
  const used = await db
    .updateTable('login_links')
    .set({ used_at: nowIso() })
    .where('token_hash', '=', hashToken(token))
    .where('player_id', '=', playerId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  const player = Number(used.numUpdatedRows) === 1 ? await findPlayerById(db, playerId) : undefined;
  if (!player || player.verified !== 1) throw badRequest(PlayerMessages.loginLinkInvalid);
  // The session is marked as staff's: it may look and bet, never move money or change the account (decision 020).
  const link = await db
    .selectFrom('login_links')
    .select('created_by_staff_id')
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirstOrThrow();
  await recordAudit(
    db,
    { type: 'player', id: playerId, ip: client.ip },
    {
      action: 'player.link_login',
      targetType: 'player',
      targetId: playerId,
      details: { staffId: link.created_by_staff_id },
    },
  );
  return startSession(db, player, client, link.created_by_staff_id);
}
