import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ChannelImageOperations,
  errorResponseSchema,
  GameOperations,
  MasterAgentOperations,
  PromoOperations,
  PublicOperations,
  StatusCode,
  UserOperations,
  type Operation,
} from '@karera/shared';
import { uniqueMobile } from '../test/factories.ts';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../test/test-app.ts';
import { lastOtp, otpTextedBy, PLAYER_PASSWORD, registerPlayer, sessionCookieOf } from '../test/player-flow.ts';

/** The operations registered from the contract (packages/shared api/operations). */
const CONTRACT: readonly Operation[] = [
  ...Object.values(PublicOperations),
  ...Object.values(GameOperations),
  ...Object.values(PromoOperations),
  ...Object.values(UserOperations),
  ...Object.values(MasterAgentOperations),
  ...Object.values(ChannelImageOperations),
];

interface OpenApiOperation {
  summary?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

describe(`the API description is the contract (${testDialect})`, () => {
  let t: TestApp;
  let admin: string | undefined;
  let document: {
    paths: Record<string, Record<string, OpenApiOperation>>;
    components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
  };
  beforeAll(async () => {
    t = await createTestApp();
    document = (await t.app.inject({ url: '/api/docs/json' })).json();
  });
  afterAll(async () => {
    await t.close();
  });

  it('names both sessions as security schemes', () => {
    expect(document.components.securitySchemes).toEqual({
      playerSession: { type: 'apiKey', in: 'cookie', name: 'karera_session' },
      staffSession: { type: 'apiKey', in: 'cookie', name: 'karera_staff' },
    });
  });

  it.each(CONTRACT.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
    '%s declares its answer, its refusals and who may call it',
    (_name, operation) => {
      // The description writes path parameters as {name}, Fastify as :name.
      const path = operation.path.replace(/:(\w+)/g, '{$1}');
      const described = document.paths[path]?.[operation.method.toLowerCase()];
      expect(described, 'in the description').toBeDefined();
      expect(described?.summary).toBe(operation.summary);
      for (const status of ['200', '4XX', '5XX']) {
        expect(described?.responses[status]?.content?.['application/json']?.schema, status).toBeDefined();
      }
      const security = { public: [], player: [{ playerSession: [] }], staff: [{ staffSession: [] }] }[operation.auth];
      expect(described?.security ?? []).toEqual(security);
    },
  );

  /** Calls an operation; the answer must be HTTP 200 and parse by the operation's schema. */
  const call = async (operation: Operation, payload?: object, cookie?: string) => {
    const response = await t.app.inject({
      method: operation.method,
      url: operation.path,
      ...(payload === undefined ? {} : { payload }),
      ...(cookie ? { headers: { cookie } } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    // The schema's parse throws on a mismatch; an answer the server could not serialise would be a 500.
    return { response, answer: operation.response.parse(response.json()) };
  };

  it('answers each call with what its schema declares', async () => {
    const player = await registerPlayer(t.app);
    await call(PublicOperations.siteConfig);
    await call(GameOperations.getGameInfo, {});
    await call(GameOperations.getBetHistory, {}, player.cookie);
    await call(PromoOperations.list, {}, player.cookie);
    await call(PromoOperations.history, {}, player.cookie);
    await call(
      MasterAgentOperations.list,
      undefined,
      await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password),
    );
  });

  it("answers the player account calls with what their schemas declare, each of login's outcomes too", async () => {
    const user = UserOperations;
    const mobileNo = uniqueMobile();
    const registration = {
      mobileNo,
      firstName: 'Maria',
      lastName: 'Santos',
      password: PLAYER_PASSWORD,
      confirmPassword: PLAYER_PASSWORD,
      acceptTerms: true,
    };
    const { answer: registered } = await call(user.register, registration);
    expect(registered).toMatchObject({ statusCode: 200 });
    const playerId = (registered as { playerId: number }).playerId;

    // Not verified yet: login answers 114 with HTTP 200, and the registration's code verifies.
    const { answer: unverified } = await call(user.login, { mobileNo, password: PLAYER_PASSWORD });
    expect(unverified).toMatchObject({ statusCode: StatusCode.UNVERIFIED, playerId });
    const { response: verifiedResponse, answer: verified } = await call(user.otp, {
      otp: await lastOtp(t.app.db, mobileNo),
      playerId,
      type: 'P',
    });
    expect(verified).toMatchObject({ statusCode: 200, playerId, sessionId: expect.any(String) });
    const cookie = sessionCookieOf(verifiedResponse);

    expect((await call(user.getBalance, {}, cookie)).answer).toEqual({
      statusCode: 200,
      creditBalance: 0,
      bonusBalance: 0,
    });
    expect((await call(user.getProfile, {}, cookie)).answer).toMatchObject({ playerId, emailAddress: null });

    // A new mobile number waits for its code; otp type M then answers the profile.
    const newMobile = uniqueMobile();
    const { answer: updated } = await call(
      user.updateProfile,
      { firstName: 'Maria', lastName: 'Reyes', email: 'maria@example.com', mobileNo: newMobile },
      cookie,
    );
    expect(updated).toMatchObject({ statusCode: 200, otpRequired: true });
    const { answer: moved } = await call(user.otp, { otp: await lastOtp(t.app.db, newMobile), type: 'M' }, cookie);
    expect(moved).toMatchObject({ playerId, mobileNo: newMobile, emailAddress: 'maria@example.com' });

    await call(
      user.changePassword,
      { currentPassword: PLAYER_PASSWORD, newPassword: 'second-pw', confirmPassword: 'second-pw' },
      cookie,
    );
    expect((await call(user.logout, {}, cookie)).answer).toEqual({ statusCode: 200 });

    // Repeated failed logins: the right password answers 115 (HTTP 200); the code sent finishes with otp type L.
    for (let failure = 0; failure < 5; failure += 1) {
      const wrong = await t.app.inject({
        method: 'POST',
        url: user.login.path,
        payload: { mobileNo: newMobile, password: 'wrong-pw' },
      });
      expect(wrong.statusCode).toBe(400);
    }
    const { result: challenged, otp: loginCode } = await otpTextedBy(t.app.db, newMobile, () =>
      call(user.login, { mobileNo: newMobile, password: 'second-pw' }),
    );
    expect(challenged.answer).toMatchObject({ statusCode: StatusCode.LOGIN_OTP_REQUIRED, playerId });
    const { response: codeLogin, answer: loggedIn } = await call(user.otp, { otp: loginCode, playerId, type: 'L' });
    expect(loggedIn).toMatchObject({ statusCode: 200, playerId, mobileNo: newMobile });
    expect((await call(user.getBalance, {}, sessionCookieOf(codeLogin))).answer).toMatchObject({ statusCode: 200 });

    // A login link from the back office answers a session.
    const admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const issued = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/players/${playerId}/login-link`,
      headers: { cookie: admin },
      payload: { reason: 'Player cannot receive the OTP' },
    });
    const link = new URL(issued.json<{ url: string }>().url, 'http://x').searchParams;
    const { answer: linked } = await call(user.linkLogin, { playerId, token: link.get('s') ?? '' });
    expect(linked).toMatchObject({ statusCode: 200, playerId });

    // Every number is answered alike, a number without an account too.
    expect((await call(user.resendOTP, { mobileNo: uniqueMobile() })).answer).toMatchObject({ statusCode: 200 });
    const { result: forgot, otp: resetCode } = await otpTextedBy(t.app.db, newMobile, () =>
      call(user.forgotPassword, { mobileNo: newMobile }),
    );
    // The id of the number (decision 043), not the account's, which the reset sends back.
    expect(forgot.answer).toMatchObject({ statusCode: 200, playerId: expect.any(Number) });
    const resetId = (forgot.answer as { playerId: number }).playerId;
    await call(user.resetPassword, {
      playerId: resetId,
      otp: resetCode,
      password: 'third-pw',
      confirmPassword: 'third-pw',
    });
    const { answer: signedIn } = await call(user.login, { mobileNo: newMobile, password: 'third-pw' });
    expect(signedIn).toMatchObject({ statusCode: 200, playerId, firstName: 'Maria', lastName: 'Reyes' });
  });

  it.each(
    (
      [
        [MasterAgentOperations.detail, undefined],
        [MasterAgentOperations.approve, {}],
        [MasterAgentOperations.decline, { reason: 'The ID photo is unreadable.' }],
        [MasterAgentOperations.sendSignInLink, {}],
        [ChannelImageOperations.depositAccountImage, { image: null }],
      ] as const
    ).map(([operation, payload]) => [`${operation.method} ${operation.path}`, operation, payload] as const),
  )('%s reads its id in digits only', async (_name, operation, payload) => {
    // One sign-in for every case: each takes a fresh two-factor code.
    admin ??= await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const cookie = admin;
    const at = async (id: string) =>
      t.app.inject({
        method: operation.method,
        url: operation.path.replace(':id', id),
        headers: { cookie, 'idempotency-key': randomUUID() },
        ...(payload === undefined ? {} : { payload }),
      });
    // A well-formed id of no row is looked up (and not found): the input around the id is valid.
    expect((await at('2147483647')).statusCode).toBe(404);
    for (const spelling of ['0x2', '2.0', '%202', '1e0', '02', '-1', '2147483648']) {
      const refused = await at(spelling);
      expect(refused.statusCode, spelling).toBe(400);
      expect(errorResponseSchema.parse(refused.json()).statusCode, spelling).toBe(StatusCode.BAD_REQUEST);
    }
  });
});
