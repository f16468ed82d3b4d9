import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { vi } from 'vitest';
import type { Kysely } from 'kysely';
import type { LoginResponse } from '@karera/shared';
import type { Database } from '../src/db/schema.ts';
import { uniqueMobile } from './factories.ts';

export const PLAYER_PASSWORD = 'secret-1';

export function call(app: FastifyInstance, path: string, payload: Record<string, unknown> = {}, cookie?: string) {
  return app.inject({ method: 'POST', url: `/api/user/${path}`, payload, headers: cookie ? { cookie } : {} });
}

/** The newest code sent to a number, read from the SMS outbox as staff would. */
export async function lastOtp(db: Kysely<Database>, mobileNo: string): Promise<string> {
  const row = await db
    .selectFrom('sms_outbox')
    .select('message')
    .where('mobile_no', '=', mobileNo)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const code = /\b(\d{6})\b/.exec(row.message)?.[1];
  if (!code) throw new Error(`no code in: ${row.message}`);
  return code;
}

/**
 * Runs `request` and waits for the code it texts to the number: forgotPassword and resendOTP answer
 * first and send after (decision 022), so the code is not in the outbox yet when the answer is.
 */
export async function otpTextedBy<T>(
  db: Kysely<Database>,
  mobileNo: string,
  request: () => Promise<T>,
): Promise<{ result: T; otp: string }> {
  const newestId = async () =>
    (
      await db
        .selectFrom('sms_outbox')
        .select('id')
        .where('mobile_no', '=', mobileNo)
        .orderBy('id', 'desc')
        .executeTakeFirst()
    )?.id ?? 0;
  const before = await newestId();
  const result = await request();
  await vi.waitFor(
    async () => {
      if ((await newestId()) <= before) throw new Error(`no new SMS to ${mobileNo}`);
    },
    // A limit for a loaded machine (the send follows the answer on its own turn), not a wait: it polls.
    { timeout: 20_000, interval: 10 },
  );
  return { result, otp: await lastOtp(db, mobileNo) };
}

export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'karera_session');
  if (!cookie) throw new Error(`no session cookie: ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

export interface RegisteredPlayer {
  playerId: number;
  mobileNo: string;
  cookie: string;
  login: LoginResponse;
}

/** Registers, verifies with the code from the outbox, and returns the logged-in player. */
export async function registerPlayer(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<RegisteredPlayer> {
  const mobileNo = (overrides.mobileNo as string | undefined) ?? uniqueMobile();
  const registered = await call(app, 'register', {
    mobileNo,
    firstName: 'Maria',
    lastName: 'Santos',
    password: PLAYER_PASSWORD,
    confirmPassword: PLAYER_PASSWORD,
    acceptTerms: true,
    ...overrides,
  });
  if (registered.statusCode !== 200) throw new Error(`register failed: ${registered.body}`);
  const { playerId } = registered.json<{ playerId: number }>();
  const verified = await call(app, 'otp', { otp: await lastOtp(app.db, mobileNo), playerId, type: 'P' });
  if (verified.statusCode !== 200) throw new Error(`otp failed: ${verified.body}`);
  return { playerId, mobileNo, cookie: sessionCookieOf(verified), login: verified.json<LoginResponse>() };
}
