import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Messages, PlayerMessages, StatusCode, type RegisterResponse } from '@karera/shared';
import { buildApp } from '../../app.ts';
import { createTestApp, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { uniqueMobile } from '../../../test/factories.ts';
import { lastOtp, PLAYER_PASSWORD, registerPlayer } from '../../../test/player-flow.ts';
import { LOGIN_MAX_FAILURES_PER_ADDRESS } from './auth.service.ts';
import { OTP_MAX_ATTEMPTS } from './otp.ts';

/*
 * Limits, throttles and lockouts are decided atomically in the database (decision 031): N attempts at
 * once are limited exactly, never N let through, and on PostgreSQL attempts spread over several instances
 * of the server are limited as one.
 */

/** Sends `count` requests at once, the i-th to `apps[i % apps.length]`. */
function atOnce(
  apps: readonly FastifyInstance[],
  count: number,
  request: (app: FastifyInstance, i: number) => Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => request(apps[i % apps.length] as FastifyInstance, i)));
}

/** How many answers had each status and message, e.g. { '400 Invalid…': 20, '429 Too many…': 5 }. */
function tally(answers: readonly LightMyRequestResponse[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    const label = `${answer.statusCode} ${answer.json<{ statusMessage?: string }>().statusMessage ?? ''}`;
    counts[label] = (counts[label] ?? 0) + 1;
  }
  return counts;
}

const userCall = (app: FastifyInstance, path: string, payload: Record<string, unknown>, remoteAddress: string) =>
  app.inject({ method: 'POST', url: `/api/user/${path}`, payload, remoteAddress });

const staffLogin = (app: FastifyInstance, username: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/backoffice/auth/login', payload: { username, password }, remoteAddress });

/** A six-digit code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

let address = 0;
/** A new client address for each check, so that no check shares a per-address count with another. */
const newAddress = () => `198.51.100.${(address += 1)}`;

/** The checks, run against one instance or spread over several sharing one database. */
function limitChecks(apps: () => readonly FastifyInstance[]) {
  const first = () => apps()[0] as FastifyInstance;

  it('sends one password-reset code of 10 asked for at once, and refuses the rest with the wait', async () => {
    const player = await registerPlayer(first());
    const answers = await atOnce(apps(), 10, (app) =>
      userCall(app, 'forgotPassword', { mobileNo: player.mobileNo }, newAddress()),
    );
    expect(tally(answers)).toEqual({
      [`200 ${PlayerMessages.otpSent}`]: 1,
      [`429 ${PlayerMessages.otpResendWait}`]: 9,
    });
    // The code is stored and sent after the answer (decision 043).
    await vi.waitFor(
      async () => {
        const codes = await first()
          .db.selectFrom('otp_codes')
          .select('id')
          .where('mobile_no', '=', player.mobileNo)
          .where('purpose', '=', 'reset')
          .execute();
        expect(codes).toHaveLength(1);
      },
      { timeout: 30_000, interval: 10 },
    );
  });

  it('records one request of 10 at once for a number without an account, like one with', async () => {
    const mobileNo = uniqueMobile();
    const answers = await atOnce(apps(), 10, (app) => userCall(app, 'forgotPassword', { mobileNo }, newAddress()));
    expect(tally(answers)).toEqual({
      [`200 ${PlayerMessages.otpSent}`]: 1,
      [`429 ${PlayerMessages.otpResendWait}`]: 9,
    });
    const requests = await first()
      .db.selectFrom('otp_requests')
      .select('id')
      .where('mobile_no', '=', mobileNo)
      .execute();
    expect(requests).toHaveLength(1);
  });

  it('checks 20 passwords of 25 wrong logins at once from one address, and stops the other 5', async () => {
    const attacker = newAddress();
    const answers = await atOnce(apps(), 25, (app) =>
      userCall(app, 'login', { mobileNo: uniqueMobile(), password: 'guess' }, attacker),
    );
    expect(tally(answers)).toEqual({
      [`400 ${PlayerMessages.invalidLogin}`]: LOGIN_MAX_FAILURES_PER_ADDRESS,
      [`429 ${PlayerMessages.loginLimited}`]: 25 - LOGIN_MAX_FAILURES_PER_ADDRESS,
    });
  });

  it('compares five of 10 wrong sign-up codes sent at once, then the code is void', async () => {
    const mobileNo = uniqueMobile();
    const registered = await userCall(
      first(),
      'register',
      {
        mobileNo,
        firstName: 'Ana',
        lastName: 'Reyes',
        password: PLAYER_PASSWORD,
        confirmPassword: PLAYER_PASSWORD,
        acceptTerms: true,
      },
      newAddress(),
    );
    const { playerId } = registered.json<RegisterResponse>();
    const code = await lastOtp(first().db, mobileNo);
    const answers = await atOnce(apps(), 10, (app) =>
      userCall(app, 'otp', { otp: otherThan(code), playerId, type: 'P' }, newAddress()),
    );
    expect(tally(answers)).toEqual({ [`400 ${PlayerMessages.otpInvalid}`]: 10 });
    const row = await first()
      .db.selectFrom('otp_codes')
      .select(['attempts', 'consumed_at'])
      .where('player_id', '=', playerId)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(OTP_MAX_ATTEMPTS);
    expect(row.consumed_at).not.toBeNull();
    // Five wrong tries void the code, so the right one no longer works either.
    const right = await userCall(first(), 'otp', { otp: code, playerId, type: 'P' }, newAddress());
    expect(right.json()).toMatchObject({
      statusCode: StatusCode.BAD_REQUEST,
      statusMessage: PlayerMessages.otpInvalid,
    });
  });

  it('checks five of 12 wrong staff passwords sent at once, and makes the account wait for the rest', async () => {
    const answers = await atOnce(apps(), 12, (app) =>
      staffLogin(app, TEST_ADMIN.username, 'wrong-password', newAddress()),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });
}

describe(`limits hold under attempts at once (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PLAYER_AUTH_RATE_LIMIT: '1000', STAFF_LOGIN_RATE_LIMIT: '1000' });
  });
  afterAll(async () => {
    await t?.close();
  });

  limitChecks(() => [t.app]);
});

describe.runIf(testDialect === 'postgres')('limits hold across instances on one PostgreSQL', () => {
  let t: TestApp;
  let second: FastifyInstance;
  const routeLimit = 25;
  beforeAll(async () => {
    t = await createTestApp({ PLAYER_AUTH_RATE_LIMIT: String(routeLimit), STAFF_LOGIN_RATE_LIMIT: '1000' });
    second = await buildApp(t.config);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  limitChecks(() => [t.app, second]);

  it('counts the calls of one address to a route on both instances together', async () => {
    const client = newAddress();
    const answers = await atOnce([t.app, second], 30, (app) =>
      userCall(app, 'login', { mobileNo: uniqueMobile(), password: 'guess' }, client),
    );
    // The route's limit (25 a minute) first, then the address's failed logins (20 in 15 minutes).
    expect(tally(answers)).toEqual({
      [`400 ${PlayerMessages.invalidLogin}`]: LOGIN_MAX_FAILURES_PER_ADDRESS,
      [`429 ${PlayerMessages.loginLimited}`]: routeLimit - LOGIN_MAX_FAILURES_PER_ADDRESS,
      [`429 ${Messages.tooManyRequests}`]: 30 - routeLimit,
    });
    // Either instance goes on refusing the address on that route.
    for (const app of [t.app, second]) {
      expect((await userCall(app, 'login', { mobileNo: uniqueMobile(), password: 'guess' }, client)).statusCode).toBe(
        429,
      );
    }
  });
});
