import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlayerMessages, StatusCode, type ErrorBody, type RegisterResponse } from '@karera/shared';
import { createTestApp, testDialect, type TestApp } from '../../../test/test-app.ts';
import { uniqueMobile } from '../../../test/factories.ts';
import { call } from '../../../test/player-flow.ts';

/*
 * The resend countdown (docs/product/accounts.md#one-time-codes): every answer that sends a code says how many seconds
 * until the next one may be sent, and a throttled request says how many are left (body and Retry-After).
 */
describe(`OTP resend countdown (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const registration = () => ({
    mobileNo: uniqueMobile(),
    firstName: 'Ana',
    lastName: 'Reyes',
    password: 'secret-1',
    confirmPassword: 'secret-1',
    acceptTerms: true,
  });

  /**
   * Moves every code and code request of a number `ms` further into the past, keeping their spacing (the
   * codes throttle the login's code steps, the requests forgotPassword and resendOTP: decision 043).
   */
  async function ageCodes(mobileNo: string, ms: number) {
    for (const table of ['otp_codes', 'otp_requests'] as const) {
      const rows = await t.app.db
        .selectFrom(table)
        .select(['id', 'created_at'])
        .where('mobile_no', '=', mobileNo)
        .execute();
      for (const row of rows) {
        await t.app.db
          .updateTable(table)
          .set({ created_at: new Date(Date.parse(row.created_at) - ms).toISOString() })
          .where('id', '=', row.id)
          .execute();
      }
    }
  }

  async function refused(path: string, payload: Record<string, unknown>) {
    const response = await call(t.app, path, payload);
    expect(response.statusCode).toBe(429);
    const body = response.json<ErrorBody>();
    expect(response.headers['retry-after']).toBe(String(body.resendAfterSeconds));
    return body;
  }

  it('answers 60 seconds with the code of a registration, and keeps the existing fields', async () => {
    const payload = registration();
    const response = await call(t.app, 'register', payload);
    expect(response.statusCode).toBe(200);
    expect(response.json<RegisterResponse>()).toEqual({
      statusCode: 200,
      playerId: expect.any(Number),
      statusMessage: PlayerMessages.otpSent,
      resendAfterSeconds: 60,
    });
  });

  it('counts down a refused resend to the second, then sends and starts again at 60', async () => {
    const payload = registration();
    await call(t.app, 'register', payload);
    // The first request after the sign-up code is answered as for any number (decision 043); the next waits.
    const { playerId } = (await call(t.app, 'resendOTP', { mobileNo: payload.mobileNo })).json<RegisterResponse>();
    const atOnce = await refused('resendOTP', { mobileNo: payload.mobileNo });
    expect(atOnce).toMatchObject({ statusCode: 429, statusMessage: PlayerMessages.otpResendWait });
    expect(atOnce.resendAfterSeconds).toBeGreaterThanOrEqual(59);
    expect(atOnce.resendAfterSeconds).toBeLessThanOrEqual(60);

    await ageCodes(payload.mobileNo, 42_000);
    const later = await refused('resendOTP', { mobileNo: payload.mobileNo });
    expect(later.resendAfterSeconds).toBeGreaterThanOrEqual(17);
    expect(later.resendAfterSeconds).toBeLessThanOrEqual(18);

    await ageCodes(payload.mobileNo, 18_000);
    const resent = await call(t.app, 'resendOTP', { mobileNo: payload.mobileNo });
    expect(resent.json<RegisterResponse>()).toEqual({
      statusCode: 200,
      playerId,
      statusMessage: PlayerMessages.otpSent,
      resendAfterSeconds: 60,
    });
  });

  it('counts to the end of the hour once five codes were asked for in it', async () => {
    const payload = registration();
    await call(t.app, 'register', payload);
    const answers: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      if (i > 0) await ageCodes(payload.mobileNo, 61_000);
      const response = await call(t.app, 'resendOTP', { mobileNo: payload.mobileNo });
      expect(response.statusCode).toBe(200);
      answers.push(response.json<RegisterResponse>().resendAfterSeconds);
    }
    // Requests were made 0, 61, 122, 183 and 244 seconds ago: the next may be an hour after the oldest.
    expect(answers.slice(0, 4)).toEqual([60, 60, 60, 60]);
    expect(answers[4]).toBe(3600 - 4 * 61);
    const limited = await refused('resendOTP', { mobileNo: payload.mobileNo });
    expect(limited.statusMessage).toBe(PlayerMessages.otpResendLimit);
    expect(limited.resendAfterSeconds).toBeGreaterThanOrEqual(3600 - 4 * 61 - 1);
    expect(limited.resendAfterSeconds).toBeLessThanOrEqual(3600 - 4 * 61);
  });

  it('tells an unverified login the seconds left, whether it sent a new code or not', async () => {
    const payload = registration();
    const { playerId } = (await call(t.app, 'register', payload)).json<RegisterResponse>();
    const login = { mobileNo: payload.mobileNo, password: payload.password };
    await ageCodes(payload.mobileNo, 20_000);
    const throttled = await call(t.app, 'login', login);
    expect(throttled.json()).toMatchObject({ statusCode: StatusCode.UNVERIFIED, playerId });
    const seconds = throttled.json<{ resendAfterSeconds: number }>().resendAfterSeconds;
    expect(seconds).toBeGreaterThanOrEqual(39);
    expect(seconds).toBeLessThanOrEqual(40);
    const codes = () => t.app.db.selectFrom('otp_codes').select('id').where('player_id', '=', playerId).execute();
    expect(await codes()).toHaveLength(1);

    await ageCodes(payload.mobileNo, 61_000);
    const sent = await call(t.app, 'login', login);
    expect(sent.json()).toMatchObject({ statusCode: StatusCode.UNVERIFIED, playerId, resendAfterSeconds: 60 });
    expect(await codes()).toHaveLength(2);
  });

  it('answers the countdown with a password-reset code too', async () => {
    const payload = registration();
    await call(t.app, 'register', payload);
    const reset = await call(t.app, 'forgotPassword', { mobileNo: payload.mobileNo });
    expect(reset.json()).toMatchObject({ statusCode: 200, resendAfterSeconds: 60 });
    const again = await refused('forgotPassword', { mobileNo: payload.mobileNo });
    expect(again.statusMessage).toBe(PlayerMessages.otpResendWait);
  });
});
