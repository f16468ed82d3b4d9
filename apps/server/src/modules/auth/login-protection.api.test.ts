import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  Messages,
  PlayerMessages,
  StatusCode,
  type LoginOtpRequiredResponse,
  type LoginResponse,
  type RegisterResponse,
} from '@karera/shared';
import { createTestApp, testDialect, type TestApp } from '../../../test/test-app.ts';
import { uniqueMobile } from '../../../test/factories.ts';
import {
  call,
  lastOtp,
  otpTextedBy,
  PLAYER_PASSWORD,
  registerPlayer,
  sessionCookieOf,
} from '../../../test/player-flow.ts';
import { LOGIN_MAX_FAILURES_PER_ADDRESS } from './auth.service.ts';
import { CODE_REQUEST_ID_BASE } from './code-request-ids.ts';

/*
 * Limits that cannot be dodged or turned against players (decision 022): forgotPassword and resendOTP do
 * not tell a registered number from another one (decision 043; enumeration.api.test.ts compares their
 * answers over time, across a registration, a restart and two instances).
 */

/** The answer as a client sees it, its player id blanked; headers that differ per request left out. */
function shapeOf(response: LightMyRequestResponse) {
  const { date: _date, 'content-length': _length, ...headers } = response.headers;
  return { status: response.statusCode, headers, body: response.body.replace(/"playerId":\d+/, '"playerId":#') };
}

describe(`code requests tell no number apart (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const unverified = async () => {
    const mobileNo = uniqueMobile();
    const response = await call(t.app, 'register', {
      mobileNo,
      firstName: 'Ana',
      lastName: 'Reyes',
      password: PLAYER_PASSWORD,
      confirmPassword: PLAYER_PASSWORD,
      acceptTerms: true,
    });
    return { mobileNo, playerId: response.json<RegisterResponse>().playerId };
  };
  let address = 0;
  /** Each from an address of its own, so that the per-address limit's headers are alike too. */
  const ask = (path: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/user/${path}`,
      payload,
      remoteAddress: `198.51.100.${(address += 1)}`,
    });
  /** The codes stored for the number, and its requests by number (which alone throttle these calls). */
  const recorded = async (mobileNo: string) => {
    const codes = await t.app.db.selectFrom('otp_codes').select('id').where('mobile_no', '=', mobileNo).execute();
    const requests = await t.app.db.selectFrom('otp_requests').select('id').where('mobile_no', '=', mobileNo).execute();
    return { codes: codes.length, requests: requests.length };
  };

  it('forgotPassword: a registered and an unknown number get the same answer, then the same refusal', async () => {
    const player = await registerPlayer(t.app);
    const unknown = uniqueMobile();
    const known = await otpTextedBy(t.app.db, player.mobileNo, () =>
      ask('forgotPassword', { mobileNo: player.mobileNo }),
    );
    const stranger = await ask('forgotPassword', { mobileNo: unknown });
    expect(shapeOf(stranger)).toEqual(shapeOf(known.result));
    expect(known.result.json()).toEqual({
      statusCode: 200,
      playerId: expect.any(Number),
      statusMessage: PlayerMessages.otpSent,
      resendAfterSeconds: 60,
    });
    // Not the account's own id: an id of the kind every number gets.
    expect(known.result.json<RegisterResponse>().playerId).toBeGreaterThanOrEqual(CODE_REQUEST_ID_BASE);
    // At once again: both throttled alike, to the same text and countdown.
    const knownAgain = await ask('forgotPassword', { mobileNo: player.mobileNo });
    const strangerAgain = await ask('forgotPassword', { mobileNo: unknown });
    expect(knownAgain.statusCode).toBe(429);
    expect(shapeOf(strangerAgain)).toEqual(shapeOf(knownAgain));
  });

  it('resendOTP: an unverified (just registered), a verified and an unknown number get the same answer', async () => {
    // The sign-up code went out a moment ago: the request is answered as any other (decision 043).
    const fresh = await unverified();
    const verified = await registerPlayer(t.app);
    const unknown = uniqueMobile();
    const answers = [];
    for (const mobileNo of [fresh.mobileNo, verified.mobileNo, unknown]) {
      answers.push(await ask('resendOTP', { mobileNo }));
    }
    const [first, ...others] = answers.map(shapeOf);
    for (const other of others) expect(other).toEqual(first);
    const ids = answers.map((answer) => answer.json<RegisterResponse>().playerId);
    expect(ids.every((id) => id >= CODE_REQUEST_ID_BASE)).toBe(true);
    expect(ids).not.toContain(fresh.playerId);
    expect(new Set(ids).size).toBe(3);
  });

  it('does the same work on both paths: one recorded request, and no SMS before the answer', async () => {
    const player = await registerPlayer(t.app);
    const unknown = uniqueMobile();
    const sends: string[] = [];
    const spy = vi.spyOn(t.app.sms, 'send').mockImplementation(async (message) => {
      sends.push(message.mobileNo);
    });
    try {
      const before = { known: await recorded(player.mobileNo), unknown: await recorded(unknown) };
      await ask('forgotPassword', { mobileNo: player.mobileNo });
      expect(sends).toEqual([]);
      await ask('forgotPassword', { mobileNo: unknown });
      // Each path recorded one request, the one thing the throttle counts.
      expect((await recorded(player.mobileNo)).requests).toBe(before.known.requests + 1);
      expect(await recorded(unknown)).toEqual({ codes: 0, requests: before.unknown.requests + 1 });
      // The account's code is stored and goes out after its answer; the other number never gets one.
      await vi.waitFor(() => expect(sends).toEqual([player.mobileNo]), { timeout: 30_000, interval: 10 });
      expect((await recorded(player.mobileNo)).codes).toBe(before.known.codes + 1);
    } finally {
      spy.mockRestore();
    }
  });

  it('answers an unknown number with a stable id above every row id, whose reset simply fails', async () => {
    await registerPlayer(t.app);
    const unknown = uniqueMobile();
    const { playerId } = (await ask('forgotPassword', { mobileNo: unknown })).json<RegisterResponse>();
    expect(playerId).toBeGreaterThanOrEqual(CODE_REQUEST_ID_BASE);
    // The same number again (a minute later): the same id.
    await t.app.db
      .updateTable('otp_requests')
      .set({ created_at: new Date(Date.now() - 61_000).toISOString() })
      .where('mobile_no', '=', unknown)
      .execute();
    expect((await ask('forgotPassword', { mobileNo: unknown })).json<RegisterResponse>().playerId).toBe(playerId);
    const reset = await call(t.app, 'resetPassword', {
      playerId,
      otp: '123456',
      password: 'new-pass',
      confirmPassword: 'new-pass',
    });
    expect(reset.json()).toEqual({ statusCode: 400, statusMessage: PlayerMessages.otpInvalid });
  });

  it('registration still says the number is taken (behind its per-address limit)', async () => {
    const player = await registerPlayer(t.app);
    const again = await call(t.app, 'register', {
      mobileNo: player.mobileNo,
      firstName: 'Ana',
      lastName: 'Reyes',
      password: PLAYER_PASSWORD,
      confirmPassword: PLAYER_PASSWORD,
      acceptTerms: true,
    });
    expect(again.json()).toEqual({ statusCode: 400, statusMessage: 'Mobile number already exist.' });
  });
});

describe(`repeated failed logins ask for a code, never lock the owner out (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // One proxy in front, and the per-address call limit out of the way: the failure counts are under test.
    t = await createTestApp({ TRUST_PROXY: '1', PLAYER_AUTH_RATE_LIMIT: '1000' });
  });
  afterAll(async () => {
    await t.close();
  });

  let n = 0;
  /** A login through the proxy (10.0.0.1) from `client`, with a made-up address the client wrote in front. */
  const login = (mobileNo: string, password: string, client: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': `203.0.113.${(n += 1) % 250}, ${client}` },
      payload: { mobileNo, password },
    });
  const loginCodes = (mobileNo: string) =>
    t.app.db
      .selectFrom('sms_outbox')
      .select('id')
      .where('mobile_no', '=', mobileNo)
      .where('purpose', '=', 'otp-login')
      .execute();

  it('6 wrong passwords, then the right one: a code is needed, and its owner gets in with it', async () => {
    const player = await registerPlayer(t.app);
    for (let i = 0; i < 6; i += 1) {
      expect((await login(player.mobileNo, `wrong-${i}`, '198.51.100.50')).json()).toEqual({
        statusCode: 400,
        statusMessage: Messages.invalidLogin,
      });
    }
    expect(await loginCodes(player.mobileNo)).toHaveLength(0);

    // The owner, elsewhere: the right password is not enough, and no session is opened by it.
    const challenged = await login(player.mobileNo, PLAYER_PASSWORD, '198.51.100.51');
    expect(challenged.json()).toEqual({
      statusCode: StatusCode.LOGIN_OTP_REQUIRED,
      playerId: player.playerId,
      statusMessage: PlayerMessages.loginOtpRequired,
      resendAfterSeconds: 60,
    } satisfies LoginOtpRequiredResponse);
    expect(challenged.cookies).toHaveLength(0);
    expect(await loginCodes(player.mobileNo)).toHaveLength(1);

    const otp = await lastOtp(t.app.db, player.mobileNo);
    const wrongCode = otp === '000000' ? '000001' : '000000';
    expect((await call(t.app, 'otp', { otp: wrongCode, playerId: player.playerId, type: 'L' })).json()).toEqual({
      statusCode: 400,
      statusMessage: PlayerMessages.otpInvalid,
    });
    // A sign-up code check does not take a login code.
    expect((await call(t.app, 'otp', { otp, playerId: player.playerId, type: 'P' })).statusCode).toBe(400);
    const inside = await call(t.app, 'otp', { otp, playerId: player.playerId, type: 'L' });
    expect(inside.json<LoginResponse>()).toMatchObject({ statusCode: 200, playerId: player.playerId });
    expect((await call(t.app, 'getBalance', {}, sessionCookieOf(inside))).statusCode).toBe(200);
    // Single use; and the failures are cleared, so the next login is a plain one.
    expect((await call(t.app, 'otp', { otp, playerId: player.playerId, type: 'L' })).statusCode).toBe(400);
    expect((await login(player.mobileNo, PLAYER_PASSWORD, '198.51.100.51')).json()).toMatchObject({ statusCode: 200 });
  });

  it('gives no code for a wrong password, and at most one a minute for the right one', async () => {
    const player = await registerPlayer(t.app);
    for (let i = 0; i < 5; i += 1) await login(player.mobileNo, 'wrong-pw', '198.51.100.60');
    expect((await login(player.mobileNo, 'still-wrong', '198.51.100.60')).json().statusMessage).toBe(
      Messages.invalidLogin,
    );
    expect(await loginCodes(player.mobileNo)).toHaveLength(0);
    await login(player.mobileNo, PLAYER_PASSWORD, '198.51.100.61');
    const again = (await login(player.mobileNo, PLAYER_PASSWORD, '198.51.100.61')).json<LoginOtpRequiredResponse>();
    expect(again.statusCode).toBe(StatusCode.LOGIN_OTP_REQUIRED);
    expect(again.resendAfterSeconds).toBeGreaterThan(0);
    expect(again.resendAfterSeconds).toBeLessThanOrEqual(60);
    expect(await loginCodes(player.mobileNo)).toHaveLength(1);
  });

  it('stops an address after many failures, however it rotates X-Forwarded-For; other addresses go on', async () => {
    const owner = await registerPlayer(t.app);
    const attacker = '198.51.100.70';
    const statuses = new Set<number>();
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ADDRESS; i += 1) {
      statuses.add((await login(uniqueMobile(), 'guess', attacker)).statusCode);
    }
    expect([...statuses]).toEqual([400]);
    expect((await login(owner.mobileNo, PLAYER_PASSWORD, attacker)).json()).toEqual({
      statusCode: 429,
      statusMessage: PlayerMessages.loginLimited,
    });
    // The owner, from their own address, is not caught by the attacker's limit.
    expect((await login(owner.mobileNo, PLAYER_PASSWORD, '198.51.100.71')).json()).toMatchObject({ statusCode: 200 });
  });
});
