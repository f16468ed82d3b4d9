import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { Messages, PlayerMessages, StatusCode, type LoginResponse } from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { createStaffAccount } from '../../../test/staff-accounts.ts';
import { uniqueMobile } from '../../../test/factories.ts';
import {
  PLAYER_SESSION_ABSOLUTE_MS,
  PLAYER_SESSION_IDLE_MS,
  revokeOtherPlayerSessions,
  SESSION_TOUCH_INTERVAL_MS,
} from '../sessions/index.ts';
import {
  call,
  lastOtp,
  otpTextedBy,
  PLAYER_PASSWORD,
  registerPlayer,
  sessionCookieOf,
} from '../../../test/player-flow.ts';

describe(`player accounts: register, OTP, login (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const base = () => ({
    mobileNo: uniqueMobile(),
    firstName: 'Ana',
    lastName: 'Reyes',
    password: 'secret-1',
    confirmPassword: 'secret-1',
    acceptTerms: true,
  });
  const refusal = async (path: string, payload: Record<string, unknown>, cookie?: string) => {
    const response = await call(t.app, path, payload, cookie);
    return { http: response.statusCode, ...response.json<{ statusCode: number; statusMessage: string }>() };
  };
  /**
   * Moves the number's codes and code requests `ms` into the past (both throttles read them), once every
   * code on its way after an answer is stored: a code stored after the move would still be new.
   */
  const ageCodes = async (mobileNo: string, ms: number) => {
    await t.app.codeDeliveries.settled();
    const at = new Date(Date.now() - ms).toISOString();
    await sql`update otp_codes set created_at = ${at} where mobile_no = ${mobileNo}`.execute(t.app.db);
    await sql`update otp_requests set created_at = ${at} where mobile_no = ${mobileNo}`.execute(t.app.db);
  };

  describe('register', () => {
    it.each([
      ['an empty field', { firstName: '' }, Messages.fillAllFields],
      ['a short password', { password: 'abc12', confirmPassword: 'abc12' }, Messages.passwordLength],
      ['a long password', { password: 'x'.repeat(19), confirmPassword: 'x'.repeat(19) }, Messages.passwordLength],
      ['a different confirmation', { confirmPassword: 'secret-2' }, Messages.confirmMismatch],
      ['terms not accepted', { acceptTerms: false }, Messages.acceptTerms],
      ['a bad mobile number', { mobileNo: '0817123456' }, Messages.invalidMobile],
      ['a name over 30 characters', { lastName: 'x'.repeat(31) }, PlayerMessages.nameTooLong],
      ['an unknown referral code', { referralCode: 'NOSUCHCODE' }, PlayerMessages.referralUnknown],
    ])('refuses %s with its message and creates nothing', async (_case, change, message) => {
      const payload = { ...base(), ...change };
      expect(await refusal('register', payload)).toMatchObject({ http: 400, statusMessage: message });
      const found = await t.app.db
        .selectFrom('players')
        .select('id')
        .where('mobile_no', '=', String(payload.mobileNo))
        .execute();
      expect(found).toEqual([]);
    });

    it('refuses unknown fields and non-boolean terms', async () => {
      expect((await refusal('register', { ...base(), isAdmin: true })).http).toBe(400);
      expect((await refusal('register', { ...base(), acceptTerms: 'yes' })).statusMessage).toBe(Messages.acceptTerms);
    });

    it('stores +63 numbers in the 09 form, links the default agent, sends a code, and refuses the number twice', async () => {
      const local = uniqueMobile();
      const response = await call(t.app, 'register', { ...base(), mobileNo: `+63${local.slice(1)}` });
      expect(response.statusCode).toBe(200);
      const { playerId } = response.json<{ playerId: number }>();
      const player = await t.app.db
        .selectFrom('players')
        .selectAll()
        .where('id', '=', playerId)
        .executeTakeFirstOrThrow();
      expect(player).toMatchObject({ mobile_no: local, verified: 0 });
      const agent = await t.app.db
        .selectFrom('staff_users')
        .select('id')
        .where('referral_code', '=', 'KARERA')
        .executeTakeFirstOrThrow();
      expect(player.agent_id).toBe(agent.id);
      expect(await lastOtp(t.app.db, local)).toMatch(/^\d{6}$/);
      expect(await refusal('register', { ...base(), mobileNo: local })).toMatchObject({
        statusMessage: PlayerMessages.mobileTaken,
      });
    });

    it('links the player to the agent of the referral code given', async () => {
      const admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
      const staff = await createStaffAccount(t.app, admin, {
        role: 'master_agent',
        username: `m${Date.now()}`,
        displayName: 'M',
        password: 'master-pass-1',
        referralCode: `R${Date.now()}`,
      });
      const player = await registerPlayer(t.app, { referralCode: (staff.referralCode ?? '').toLowerCase() });
      expect(player.login.agentId).toBe(staff.id);
    });
  });

  describe('otp', () => {
    it('verifies once, logs in with the login fields and an HttpOnly SameSite cookie', async () => {
      const payload = base();
      const { playerId } = (await call(t.app, 'register', payload)).json<{ playerId: number }>();
      const otp = await lastOtp(t.app.db, payload.mobileNo);
      const response = await call(t.app, 'otp', { otp, playerId, type: 'P' });
      expect(response.statusCode).toBe(200);
      expect(response.json<LoginResponse>()).toEqual({
        statusCode: 200,
        sessionId: expect.any(String),
        playerId,
        mobileNo: payload.mobileNo,
        firstName: 'Ana',
        lastName: 'Reyes',
        creditBalance: 0,
        bonusBalance: 0,
        agentId: expect.any(Number),
      });
      expect(response.cookies[0]).toMatchObject({
        name: 'karera_session',
        httpOnly: true,
        sameSite: 'Strict',
        path: '/',
      });
      expect(Buffer.from(response.json<LoginResponse>().sessionId, 'base64url').length).toBeGreaterThanOrEqual(16);
      expect(await refusal('otp', { otp, playerId, type: 'P' })).toMatchObject({
        statusMessage: PlayerMessages.otpInvalid,
      });
    });

    it('answers empty, malformed, wrong and expired codes with their messages', async () => {
      const payload = base();
      const { playerId } = (await call(t.app, 'register', payload)).json<{ playerId: number }>();
      const otp = await lastOtp(t.app.db, payload.mobileNo);
      expect((await refusal('otp', { otp: '', playerId, type: 'P' })).statusMessage).toBe(Messages.otpRequired);
      expect((await refusal('otp', { otp: '12a456', playerId, type: 'P' })).statusMessage).toBe(
        PlayerMessages.otpFormat,
      );
      const wrong = otp === '000000' ? '000001' : '000000';
      expect((await refusal('otp', { otp: wrong, playerId, type: 'P' })).statusMessage).toBe(PlayerMessages.otpInvalid);
      await sql`update otp_codes set expires_at = ${new Date(Date.now() - 1000).toISOString()} where player_id = ${playerId}`.execute(
        t.app.db,
      );
      expect((await refusal('otp', { otp, playerId, type: 'P' })).statusMessage).toBe(PlayerMessages.otpExpired);
    });

    it('voids a code after 5 wrong tries', async () => {
      const payload = base();
      const { playerId } = (await call(t.app, 'register', payload)).json<{ playerId: number }>();
      const otp = await lastOtp(t.app.db, payload.mobileNo);
      const wrong = otp === '999999' ? '999998' : '999999';
      for (let i = 0; i < 5; i += 1) await call(t.app, 'otp', { otp: wrong, playerId, type: 'P' });
      expect((await refusal('otp', { otp, playerId, type: 'P' })).statusMessage).toBe(PlayerMessages.otpInvalid);
    });

    it('stores only a hash of the code', async () => {
      const payload = base();
      await call(t.app, 'register', payload);
      const otp = await lastOtp(t.app.db, payload.mobileNo);
      const row = await t.app.db
        .selectFrom('otp_codes')
        .select('code_hash')
        .where('mobile_no', '=', payload.mobileNo)
        .executeTakeFirstOrThrow();
      expect(row.code_hash).not.toContain(otp);
    });
  });

  describe('resendOTP', () => {
    it('resends at most once a minute and five times an hour per number', async () => {
      const payload = base();
      expect((await call(t.app, 'register', payload)).statusCode).toBe(200);
      // Right after the sign-up code a request is answered as for any number (decision 043); no second
      // code goes within the minute, the sign-up code stands.
      const first = await call(t.app, 'resendOTP', { mobileNo: payload.mobileNo });
      expect(first.json()).toMatchObject({ statusCode: 200, resendAfterSeconds: 60 });
      const { playerId } = first.json<{ playerId: number }>();
      expect(await refusal('resendOTP', { mobileNo: payload.mobileNo })).toMatchObject({
        http: 429,
        statusMessage: PlayerMessages.otpResendWait,
      });
      await ageCodes(payload.mobileNo, 61_000);
      const resent = await call(t.app, 'resendOTP', { mobileNo: payload.mobileNo });
      expect(resent.json()).toMatchObject({ statusCode: 200, playerId });
      for (let i = 0; i < 3; i += 1) {
        await ageCodes(payload.mobileNo, 61_000);
        expect((await call(t.app, 'resendOTP', { mobileNo: payload.mobileNo })).statusCode).toBe(200);
      }
      await ageCodes(payload.mobileNo, 61_000);
      expect(await refusal('resendOTP', { mobileNo: payload.mobileNo })).toMatchObject({
        http: 429,
        statusMessage: PlayerMessages.otpResendLimit,
      });
      // Only the newest code works.
      await ageCodes(payload.mobileNo, 61 * 60_000);
      const { otp } = await otpTextedBy(t.app.db, payload.mobileNo, () =>
        call(t.app, 'resendOTP', { mobileNo: payload.mobileNo }),
      );
      expect((await call(t.app, 'otp', { otp, playerId, type: 'P' })).statusCode).toBe(200);
    });

    it('refuses an empty number', async () => {
      expect((await refusal('resendOTP', { mobileNo: '' })).statusMessage).toBe(Messages.mobileRequired);
    });
  });

  describe('login', () => {
    it('logs in with or without the leading 0 and a new token each time', async () => {
      const player = await registerPlayer(t.app);
      const first = await call(t.app, 'login', { mobileNo: player.mobileNo, password: PLAYER_PASSWORD });
      const second = await call(t.app, 'login', { mobileNo: player.mobileNo.slice(1), password: PLAYER_PASSWORD });
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      expect(first.json<LoginResponse>().sessionId).not.toBe(second.json<LoginResponse>().sessionId);
      expect(second.json()).toMatchObject({ playerId: player.playerId, mobileNo: player.mobileNo, firstName: 'Maria' });
      const stored = await t.app.db
        .selectFrom('player_sessions')
        .select('token_hash')
        .where('player_id', '=', player.playerId)
        .execute();
      expect(stored.map((s) => s.token_hash)).not.toContain(first.json<LoginResponse>().sessionId);
    });

    it('answers a wrong password and an unknown number alike', async () => {
      const player = await registerPlayer(t.app);
      const wrong = await refusal('login', { mobileNo: player.mobileNo, password: 'not-it' });
      const unknown = await refusal('login', { mobileNo: uniqueMobile(), password: 'not-it' });
      expect(wrong).toEqual({ http: 400, statusCode: 400, statusMessage: Messages.invalidLogin });
      expect(unknown).toEqual(wrong);
      expect((await refusal('login', { mobileNo: '', password: '' })).statusMessage).toBe(Messages.loginRequired);
    });

    it('answers 114 with the player id and a new code for an unverified account', async () => {
      const payload = base();
      const { playerId } = (await call(t.app, 'register', payload)).json<{ playerId: number }>();
      await ageCodes(payload.mobileNo, 61_000);
      const response = await call(t.app, 'login', { mobileNo: payload.mobileNo, password: payload.password });
      expect(response.json()).toEqual({
        statusCode: StatusCode.UNVERIFIED,
        playerId,
        statusMessage: PlayerMessages.unverified,
        resendAfterSeconds: 60,
      });
      expect(response.cookies).toHaveLength(0);
      const codes = await t.app.db.selectFrom('otp_codes').select('id').where('player_id', '=', playerId).execute();
      expect(codes).toHaveLength(2);
      expect(
        (await call(t.app, 'otp', { otp: await lastOtp(t.app.db, payload.mobileNo), playerId, type: 'P' })).statusCode,
      ).toBe(200);
    });

    it('asks for a code beside the password for 15 minutes after 5 wrong passwords (decision 022)', async () => {
      const player = await registerPlayer(t.app);
      for (let i = 0; i < 5; i += 1) await call(t.app, 'login', { mobileNo: player.mobileNo, password: 'wrong-pw' });
      expect(
        (await call(t.app, 'login', { mobileNo: player.mobileNo, password: PLAYER_PASSWORD })).json(),
      ).toMatchObject({
        statusCode: StatusCode.LOGIN_OTP_REQUIRED,
        statusMessage: PlayerMessages.loginOtpRequired,
      });
      await sql`update login_failures set created_at = ${new Date(Date.now() - 16 * 60_000).toISOString()} where mobile_no = ${player.mobileNo}`.execute(
        t.app.db,
      );
      expect((await call(t.app, 'login', { mobileNo: player.mobileNo, password: PLAYER_PASSWORD })).statusCode).toBe(
        200,
      );
    });
  });
});

describe(`player accounts: per-IP limit (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PLAYER_AUTH_RATE_LIMIT: '3' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('limits login calls per address with a clear message', async () => {
    const attempt = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: ip,
        payload: { mobileNo: uniqueMobile(), password: 'x-pass' },
      });
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await attempt('198.51.100.20')).statusCode);
    expect(statuses).toEqual([400, 400, 400, 429]);
    expect((await attempt('198.51.100.20')).json()).toEqual({
      statusCode: 429,
      statusMessage: Messages.tooManyRequests,
    });
    expect((await attempt('198.51.100.21')).statusCode).toBe(400);
  });
});

describe(`player sessions (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const expectInvalid = async (path: string, payload: Record<string, unknown> = {}, cookie?: string) => {
    const response = await call(t.app, path, payload, cookie);
    expect(response.statusCode, `${path}: ${response.body}`).toBe(401);
    expect(response.json()).toEqual({ statusCode: StatusCode.INVALID_SESSION, statusMessage: Messages.sessionExpired });
  };

  it('answers 107 on every session call without a live session', async () => {
    for (const path of ['getBalance', 'getProfile', 'logout', 'updateProfile', 'changePassword']) {
      await expectInvalid(path);
      await expectInvalid(path, {}, 'karera_session=not-a-real-token');
    }
  });

  it('accepts the spec sessionId + playerId pair, and refuses a pair that does not belong together', async () => {
    const player = await registerPlayer(t.app);
    const other = await registerPlayer(t.app);
    const balance = await call(t.app, 'getBalance', { sessionId: player.login.sessionId, playerId: player.playerId });
    expect(balance.json()).toEqual({ statusCode: 200, creditBalance: 0, bonusBalance: 0 });
    await expectInvalid('getBalance', { sessionId: player.login.sessionId, playerId: other.playerId });
  });

  it('revokes at once on logout', async () => {
    const player = await registerPlayer(t.app);
    expect((await call(t.app, 'getBalance', {}, player.cookie)).statusCode).toBe(200);
    expect((await call(t.app, 'logout', {}, player.cookie)).statusCode).toBe(200);
    await expectInvalid('getBalance', {}, player.cookie);
  });

  it('revokes sessions only outside a transaction, so they are forgotten after the commit', async () => {
    const player = await registerPlayer(t.app);
    await expect(
      t.app.db.transaction().execute((trx) => revokeOtherPlayerSessions(trx, player.playerId, null)),
    ).rejects.toThrow('outside a transaction');
    expect((await call(t.app, 'getBalance', {}, player.cookie)).statusCode).toBe(200);
  });

  it('ends a session in use at its absolute expiry and after the idle time', async () => {
    const inUse = async () => {
      const player = await registerPlayer(t.app);
      expect((await call(t.app, 'getBalance', {}, player.cookie)).statusCode).toBe(200);
      return player;
    };
    const old = await inUse();
    const idle = await inUse();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + PLAYER_SESSION_IDLE_MS + 1_000);
      await expectInvalid('getBalance', {}, idle.cookie);
      vi.setSystemTime(Date.now() + PLAYER_SESSION_ABSOLUTE_MS);
      await expectInvalid('getBalance', {}, old.cookie);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads a session in use from the database once a minute on SQLite; on PostgreSQL a change by hand is heard', async () => {
    const player = await registerPlayer(t.app);
    expect((await call(t.app, 'getBalance', {}, player.cookie)).statusCode).toBe(200);
    // Revoked behind the app's back: on SQLite this process is the only writer and revokes through
    // player-sessions.ts (docs/decisions/013-player-session-cache.md); on PostgreSQL, which may be
    // shared, the database notifies every change to a session to every instance (decision 041).
    await sql`update player_sessions set revoked_at = ${new Date().toISOString()} where player_id = ${player.playerId}`.execute(
      t.app.db,
    );
    if (testDialect === 'sqlite') {
      expect((await call(t.app, 'getBalance', {}, player.cookie)).statusCode).toBe(200);
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(Date.now() + SESSION_TOUCH_INTERVAL_MS);
        await expectInvalid('getBalance', {}, player.cookie);
      } finally {
        vi.useRealTimers();
      }
    } else {
      // As soon as the notification arrives: far within the 10 s a remembered session is trusted at most.
      await expect
        .poll(async () => (await call(t.app, 'getBalance', {}, player.cookie)).statusCode, {
          timeout: 2_000,
          interval: 10,
        })
        .toBe(401);
      await expectInvalid('getBalance', {}, player.cookie);
    }
  });

  it('expires after the idle time and after the absolute time', async () => {
    const idle = await registerPlayer(t.app);
    await sql`update player_sessions set last_seen_at = ${new Date(Date.now() - 3 * 3600_000 - 1000).toISOString()} where player_id = ${idle.playerId}`.execute(
      t.app.db,
    );
    await expectInvalid('getBalance', {}, idle.cookie);
    const old = await registerPlayer(t.app);
    await sql`update player_sessions set expires_at = ${new Date(Date.now() - 1000).toISOString()} where player_id = ${old.playerId}`.execute(
      t.app.db,
    );
    await expectInvalid('getBalance', {}, old.cookie);
  });

  it('moves the idle clock of a session in use, a moment after the call', async () => {
    const player = await registerPlayer(t.app);
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000).toISOString();
    await sql`update player_sessions set last_seen_at = ${twoHoursAgo} where player_id = ${player.playerId}`.execute(
      t.app.db,
    );
    expect((await call(t.app, 'getBalance', {}, player.cookie)).statusCode).toBe(200);
    const lastSeen = async () =>
      (
        await sql<{
          last_seen_at: string;
        }>`select last_seen_at from player_sessions where player_id = ${player.playerId}`.execute(t.app.db)
      ).rows[0]?.last_seen_at ?? '';
    await expect.poll(async () => Date.now() - Date.parse(await lastSeen()), { timeout: 30_000 }).toBeLessThan(60_000);
  });

  it('never lets player A read or change player B (BOLA)', async () => {
    const a = await registerPlayer(t.app, { firstName: 'Alpha' });
    const b = await registerPlayer(t.app, { firstName: 'Bravo' });
    await expectInvalid('getProfile', { playerId: b.playerId }, a.cookie);
    await expectInvalid(
      'updateProfile',
      { firstName: 'Hacked', lastName: 'X', email: '', mobileNo: b.mobileNo, playerId: b.playerId },
      a.cookie,
    );
    const own = await call(t.app, 'getProfile', {}, a.cookie);
    expect(own.json()).toMatchObject({ playerId: a.playerId, firstName: 'Alpha' });
    await call(
      t.app,
      'updateProfile',
      { firstName: 'Alpha2', lastName: 'Santos', email: '', mobileNo: a.mobileNo },
      a.cookie,
    );
    const bProfile = await call(t.app, 'getProfile', {}, b.cookie);
    expect(bProfile.json()).toMatchObject({ playerId: b.playerId, firstName: 'Bravo' });
  });
});

describe(`password reset (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('resets with the code from SMS, ends every session, and logs in with the new password', async () => {
    const player = await registerPlayer(t.app);
    expect((await call(t.app, 'getBalance', {}, player.cookie)).statusCode).toBe(200);
    const { result: forgot, otp } = await otpTextedBy(t.app.db, player.mobileNo, () =>
      call(t.app, 'forgotPassword', { mobileNo: player.mobileNo }),
    );
    // The id forgotPassword answers every number (decision 043), which the reset sends back.
    const { playerId } = forgot.json<{ playerId: number }>();
    expect(playerId).not.toBe(player.playerId);
    const reset = await call(t.app, 'resetPassword', {
      playerId,
      otp,
      password: 'new-pass',
      confirmPassword: 'new-pass',
    });
    expect(reset.json()).toEqual({ statusCode: 200, statusMessage: PlayerMessages.passwordReset });
    expect((await call(t.app, 'getBalance', {}, player.cookie)).json().statusCode).toBe(StatusCode.INVALID_SESSION);
    expect((await call(t.app, 'login', { mobileNo: player.mobileNo, password: PLAYER_PASSWORD })).statusCode).toBe(400);
    expect((await call(t.app, 'login', { mobileNo: player.mobileNo, password: 'new-pass' })).statusCode).toBe(200);
  });

  it('answers a wrong or expired code with Invalid OTP number, and checks the password rules', async () => {
    const player = await registerPlayer(t.app);
    const { otp } = await otpTextedBy(t.app.db, player.mobileNo, () =>
      call(t.app, 'forgotPassword', { mobileNo: player.mobileNo }),
    );
    const reset = (body: Record<string, unknown>) =>
      call(t.app, 'resetPassword', {
        playerId: player.playerId,
        otp,
        password: 'new-pass',
        confirmPassword: 'new-pass',
        ...body,
      });
    expect((await reset({ password: 'abc', confirmPassword: 'abc' })).json().statusMessage).toBe(
      Messages.passwordLength,
    );
    expect((await reset({ confirmPassword: 'other-pass' })).json().statusMessage).toBe(Messages.confirmMismatch);
    expect((await reset({ otp: otp === '111111' ? '111112' : '111111' })).json().statusMessage).toBe(
      PlayerMessages.otpInvalid,
    );
    await sql`update otp_codes set expires_at = ${new Date(Date.now() - 1000).toISOString()} where player_id = ${player.playerId}`.execute(
      t.app.db,
    );
    expect((await reset({})).json().statusMessage).toBe(PlayerMessages.otpInvalid);
    expect((await call(t.app, 'login', { mobileNo: player.mobileNo, password: PLAYER_PASSWORD })).statusCode).toBe(200);
  });
});

describe(`profile and password (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads the profile and balances of the session player', async () => {
    const player = await registerPlayer(t.app);
    expect((await call(t.app, 'getProfile', {}, player.cookie)).json()).toEqual({
      statusCode: 200,
      playerId: player.playerId,
      mobileNo: player.mobileNo,
      firstName: 'Maria',
      lastName: 'Santos',
      emailAddress: null,
      creditBalance: 0,
      bonusBalance: 0,
    });
  });

  it('updates names and email, with a message per field when refused', async () => {
    const player = await registerPlayer(t.app);
    const update = (body: Record<string, unknown>) =>
      call(
        t.app,
        'updateProfile',
        { firstName: 'Juana', lastName: 'Cruz', email: 'juana@example.ph', mobileNo: player.mobileNo, ...body },
        player.cookie,
      );
    const refused = await update({ firstName: '', lastName: ' ', email: 'nope', mobileNo: '' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({
      firstName: PlayerMessages.firstNameRequired,
      lastName: PlayerMessages.lastNameRequired,
      email: Messages.invalidEmail,
      mobileNo: PlayerMessages.mobileNoRequired,
    });
    expect((await update({ firstName: 'x'.repeat(31) })).json().fieldErrors).toEqual({
      firstName: PlayerMessages.nameTooLong,
    });
    const ok = await update({});
    expect(ok.json()).toEqual({
      statusCode: 200,
      firstName: 'Juana',
      lastName: 'Cruz',
      statusMessage: PlayerMessages.profileUpdated,
      otpRequired: false,
    });
    expect((await call(t.app, 'getProfile', {}, player.cookie)).json()).toMatchObject({
      firstName: 'Juana',
      emailAddress: 'juana@example.ph',
    });
  });

  it('changes the mobile number only through a code sent to the new number', async () => {
    const player = await registerPlayer(t.app);
    const taken = await registerPlayer(t.app);
    const newMobile = uniqueMobile('0918');
    const base = { firstName: 'Maria', lastName: 'Santos', email: '' };
    expect(
      (await call(t.app, 'updateProfile', { ...base, mobileNo: taken.mobileNo }, player.cookie)).json().statusMessage,
    ).toBe(PlayerMessages.mobileTaken);
    const started = await call(t.app, 'updateProfile', { ...base, mobileNo: newMobile }, player.cookie);
    expect(started.json()).toMatchObject({ otpRequired: true, statusMessage: PlayerMessages.mobileChangeOtpSent });
    expect((await call(t.app, 'getProfile', {}, player.cookie)).json().mobileNo).toBe(player.mobileNo);
    const otp = await lastOtp(t.app.db, newMobile);
    expect(
      (await call(t.app, 'otp', { otp: otp === '222222' ? '222223' : '222222', type: 'M' }, player.cookie)).json()
        .statusMessage,
    ).toBe(PlayerMessages.otpInvalid);
    await expect(call(t.app, 'otp', { otp, type: 'M' })).resolves.toMatchObject({ statusCode: 401 });
    const confirmed = await call(t.app, 'otp', { otp, type: 'M' }, player.cookie);
    expect(confirmed.json()).toMatchObject({ statusCode: 200, mobileNo: newMobile });
    expect((await call(t.app, 'login', { mobileNo: newMobile, password: PLAYER_PASSWORD })).statusCode).toBe(200);
  });

  it('changes the password with every rule checked, and ends the other sessions only', async () => {
    const player = await registerPlayer(t.app);
    const other = sessionCookieOf(await call(t.app, 'login', { mobileNo: player.mobileNo, password: PLAYER_PASSWORD }));
    expect((await call(t.app, 'getBalance', {}, other)).statusCode).toBe(200);
    const change = (body: Record<string, unknown>) =>
      call(
        t.app,
        'changePassword',
        { currentPassword: PLAYER_PASSWORD, newPassword: 'fresh-pw', confirmPassword: 'fresh-pw', ...body },
        player.cookie,
      );
    expect((await change({ currentPassword: '' })).json().statusMessage).toBe(PlayerMessages.currentPasswordRequired);
    expect((await change({ newPassword: '123', confirmPassword: '123' })).json().statusMessage).toBe(
      Messages.passwordLength,
    );
    expect((await change({ confirmPassword: '' })).json().statusMessage).toBe(PlayerMessages.confirmPasswordRequired);
    expect((await change({ confirmPassword: 'fresh-px' })).json().statusMessage).toBe(Messages.confirmMismatch);
    expect((await change({ currentPassword: 'wrong-pw' })).json().statusMessage).toBe(
      PlayerMessages.currentPasswordWrong,
    );
    expect((await change({})).json()).toEqual({ statusCode: 200, statusMessage: PlayerMessages.passwordUpdated });
    expect((await call(t.app, 'getBalance', {}, player.cookie)).statusCode).toBe(200);
    expect((await call(t.app, 'getBalance', {}, other)).json().statusCode).toBe(StatusCode.INVALID_SESSION);
    expect((await call(t.app, 'login', { mobileNo: player.mobileNo, password: 'fresh-pw' })).statusCode).toBe(200);
  });
});

describe(`login links and the OTP outbox (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterAll(async () => {
    await t.close();
  });

  const issue = (playerId: number, cookie = admin) =>
    t.app.inject({
      method: 'POST',
      url: `/api/backoffice/players/${playerId}/login-link`,
      headers: { cookie },
      payload: { reason: 'Player cannot receive the OTP' },
    });

  it('logs a player in once with a link from the back office, never twice, never after expiry', async () => {
    const player = await registerPlayer(t.app);
    const issued = await issue(player.playerId);
    const { url } = issued.json<{ url: string }>();
    const params = new URL(url, 'http://x').searchParams;
    expect(params.get('p')).toBe(String(player.playerId));
    const token = params.get('s') ?? '';
    const first = await call(t.app, 'linkLogin', { playerId: player.playerId, token });
    expect(first.json()).toMatchObject({ statusCode: 200, playerId: player.playerId });
    expect(first.json<LoginResponse>().sessionId).not.toBe(token);
    expect((await call(t.app, 'linkLogin', { playerId: player.playerId, token })).json().statusMessage).toBe(
      PlayerMessages.loginLinkInvalid,
    );

    const late =
      new URL((await issue(player.playerId)).json<{ url: string }>().url, 'http://x').searchParams.get('s') ?? '';
    await sql`update login_links set expires_at = ${new Date(Date.now() - 1000).toISOString()} where used_at is null`.execute(
      t.app.db,
    );
    expect((await call(t.app, 'linkLogin', { playerId: player.playerId, token: late })).statusCode).toBe(400);

    const audit = await t.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', String(player.playerId))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['player.login_link_issued', 'player.link_login']),
    );
  });

  it('lets only admins issue a link (decision 020)', async () => {
    const player = await registerPlayer(t.app);
    const master = await createStaffAccount(t.app, admin, {
      role: 'master_agent',
      username: `outsider${Date.now()}`,
      displayName: 'Outsider',
      password: 'outsider-pass',
    });
    const outsider = await staffCookie(t.app, master.username, master.password);
    expect((await issue(player.playerId, outsider)).statusCode).toBe(403);
  });

  it('shows staff the codes sent, newest first, filtered by number, to admins only', async () => {
    const player = await registerPlayer(t.app);
    const list = await t.app.inject({
      url: `/api/backoffice/sms-outbox?q=${player.mobileNo}`,
      headers: { cookie: admin },
    });
    const body = list.json<{ messages: { mobileNo: string; message: string; status: string; purpose: string }[] }>();
    expect(body.messages[0]).toMatchObject({ mobileNo: player.mobileNo, status: 'stored', purpose: 'otp-verify' });
    expect(body.messages.every((m) => m.mobileNo === player.mobileNo)).toBe(true);
    expect((await t.app.inject({ url: '/api/backoffice/sms-outbox' })).statusCode).toBe(401);
  });
});
