import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BackofficeMessages,
  BackofficeRoutes,
  lockedMessage,
  StaffRequestMessages,
  StaffRequestRoutes,
  StaffSecurityMessages,
  StaffSecurityRoutes,
  type AuditListResponse,
  type StaffLoginResponse,
  type StaffSecurityResponse,
  type StaffTwoFactorListResponse,
  type TotpEnrolmentResponse,
} from '@karera/shared';
import { hashPassword } from '../../lib/passwords.ts';
import { createStaffAccount } from '../../../test/staff-accounts.ts';
import {
  createTestApp,
  enrolThroughTextedLink,
  enrolTotp,
  nextTotpCode,
  staffCookie,
  TEST_ADMIN,
  testDialect,
  totpNow,
  type TestApp,
} from '../../../test/test-app.ts';
import { insertStaff } from './staff.repo.ts';
import { totpCodeForStep, totpStepAt } from './staff-totp.ts';

describe(`staff sign-in with two factors (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp({ STAFF_LOGIN_RATE_LIMIT: '1000' });
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (username: string, password: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: BackofficeRoutes.login,
      payload: { username, password },
      remoteAddress,
      headers: { 'x-forwarded-for': remoteAddress },
    });
  const cookieOf = (response: { cookies: { name: string; value: string }[] }) =>
    `${response.cookies[0]?.name}=${response.cookies[0]?.value}`;
  const submitCode = (cookie: string, code: string) =>
    t.app.inject({ method: 'POST', url: StaffSecurityRoutes.code, headers: { cookie }, payload: { code } });

  async function newStaff(role: 'master_agent' | 'agent', parentId?: number) {
    const { id, username, password } = await createStaffAccount(t.app, admin, {
      role,
      password: `${role}-password-1`,
      ...(parentId ? { parentId } : {}),
    });
    return { id, username, password };
  }

  async function auditActions(): Promise<{ action: string; targetId: string | null }[]> {
    const page = await t.app.inject({ url: `${BackofficeRoutes.audit}?page=1`, headers: { cookie: admin } });
    return page.json<AuditListResponse>().entries.map((entry) => ({
      action: entry.action,
      targetId: entry.targetId,
    }));
  }

  it('makes a master agent the system created enrol before anything else: the enrolment step reaches no other route', async () => {
    // Only accounts nobody created enrol at sign-in (decision 044); the others through a texted link (below).
    const master = { username: `ma-sys-${randomUUID().slice(0, 8)}`, password: 'master-password-1' };
    await insertStaff(t.app.db, {
      username: master.username,
      displayName: master.username,
      passwordHash: await hashPassword(master.password),
      role: 'master_agent',
      parentId: null,
      referralCode: null,
      createdByStaffId: null,
    });
    const first = await login(master.username, master.password);
    expect(first.json<StaffLoginResponse>()).toEqual({ statusCode: 200, step: 'enrol' });
    const step = cookieOf(first);
    for (const url of [BackofficeRoutes.me, BackofficeRoutes.players, StaffSecurityRoutes.security]) {
      const refused = await t.app.inject({ url, headers: { cookie: step } });
      expect(refused.statusCode, url).toBe(401);
      expect(refused.json()).toEqual({ statusCode: 401, statusMessage: BackofficeMessages.notLoggedIn });
    }
    // Nor the code step: the password alone never makes a session.
    expect((await submitCode(step, '123456')).statusCode).toBe(401);

    const offer = await t.app.inject({ url: StaffSecurityRoutes.enrolment, headers: { cookie: step } });
    const { secret, otpauthUri, qrCode } = offer.json<TotpEnrolmentResponse>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(otpauthUri).toContain('algorithm=SHA1&digits=6&period=30');
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    // Asked again, the same secret (the page may reload).
    const again = await t.app.inject({ url: StaffSecurityRoutes.enrolment, headers: { cookie: step } });
    expect(again.json<TotpEnrolmentResponse>().secret).toBe(secret);

    const wrong = await t.app.inject({
      method: 'POST',
      url: StaffSecurityRoutes.enrolment,
      headers: { cookie: step },
      payload: { code: '000000' === totpCodeForStep(secret, totpStepAt(totpNow(t.app))) ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ statusMessage: StaffSecurityMessages.invalidCode });

    const confirmed = await t.app.inject({
      method: 'POST',
      url: StaffSecurityRoutes.enrolment,
      headers: { cookie: step },
      payload: { code: totpCodeForStep(secret, totpStepAt(totpNow(t.app))) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { recoveryCodes } = confirmed.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    const full = cookieOf(confirmed);
    expect(full).not.toBe(step);
    expect((await t.app.inject({ url: BackofficeRoutes.me, headers: { cookie: step } })).statusCode).toBe(401);
    const security = await t.app.inject({ url: StaffSecurityRoutes.security, headers: { cookie: full } });
    expect(security.json<StaffSecurityResponse>()).toMatchObject({
      twoFactorEnabled: true,
      twoFactorRequired: true,
      recoveryCodesLeft: 10,
    });
    // The secret is never answered again, by any route.
    const afterwards = await t.app.inject({ url: StaffSecurityRoutes.enrolment, headers: { cookie: full } });
    expect(afterwards.statusCode).toBe(400);
    for (const [url, cookie] of [
      [BackofficeRoutes.me, full],
      [StaffSecurityRoutes.security, full],
      [BackofficeRoutes.staff, admin],
      [StaffSecurityRoutes.staffTwoFactor, admin],
      [`${BackofficeRoutes.audit}?page=1`, admin],
    ] as const) {
      const body = (await t.app.inject({ url, headers: { cookie } })).body;
      expect(body, url).not.toContain(secret);
      for (const code of recoveryCodes) expect(body, url).not.toContain(code);
    }
    expect((await auditActions()).map((e) => e.action)).toContain('staff.two_factor_enrolled');
  });

  it('never enrols a master agent someone created at sign-in: only the link texted to their number does', async () => {
    const master = await newStaff('master_agent');
    const first = await login(master.username, master.password);
    expect(first.statusCode).toBe(403);
    expect(first.json()).toEqual({ statusCode: 403, statusMessage: StaffRequestMessages.enrolThroughLink });
    expect(first.cookies).toHaveLength(0);
    expect(await auditActions()).toContainEqual({ action: 'staff.login_needs_enrolment_link', targetId: null });

    // Through the link, with a password of their own: the creator's stops working.
    await enrolThroughTextedLink(t.app, master.username, 'my-own-password-1');
    expect((await login(master.username, master.password)).statusCode).toBe(401);
    expect((await login(master.username, 'my-own-password-1')).json()).toEqual({ statusCode: 200, step: 'code' });
  });

  it('signs in with a code once: the same code is refused the second time', async () => {
    const master = await newStaff('master_agent');
    await staffCookie(t.app, master.username, master.password);
    const first = await login(master.username, master.password);
    expect(first.json<StaffLoginResponse>()).toEqual({ statusCode: 200, step: 'code' });
    const code = await nextTotpCode(t.app, master.username);
    const signedIn = await submitCode(cookieOf(first), code);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await t.app.inject({ url: BackofficeRoutes.me, headers: { cookie: cookieOf(signedIn) } })).statusCode).toBe(
      200,
    );

    const second = await login(master.username, master.password);
    const replayed = await submitCode(cookieOf(second), code);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toEqual({ statusCode: 401, statusMessage: StaffSecurityMessages.invalidCode });
    expect(replayed.cookies).toHaveLength(0);
  });

  it('accepts one code once when two sign-ins send it at the same time', async () => {
    const master = await newStaff('master_agent');
    await staffCookie(t.app, master.username, master.password);
    const steps = [
      cookieOf(await login(master.username, master.password)),
      cookieOf(await login(master.username, master.password)),
    ];
    const code = await nextTotpCode(t.app, master.username);
    const answers = await Promise.all(steps.map((step) => submitCode(step, code)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
  });

  it('accepts each recovery code once, in place of a code', async () => {
    const master = await newStaff('master_agent');
    const { recoveryCodes } = await enrolThroughTextedLink(t.app, master.username, master.password);
    const [recovery] = recoveryCodes;
    if (!recovery) throw new Error('no recovery code');

    const used = await submitCode(cookieOf(await login(master.username, master.password)), recovery.toLowerCase());
    expect(used.statusCode, used.body).toBe(200);
    const security = await t.app.inject({ url: StaffSecurityRoutes.security, headers: { cookie: cookieOf(used) } });
    expect(security.json<StaffSecurityResponse>().recoveryCodesLeft).toBe(9);
    const again = await submitCode(cookieOf(await login(master.username, master.password)), recovery);
    expect(again.statusCode).toBe(401);
  });

  it('lets an agent sign in with the password alone, or choose two factors', async () => {
    const master = await newStaff('master_agent');
    const agent = await newStaff('agent', master.id);
    const first = await login(agent.username, agent.password);
    expect(first.json()).toMatchObject({ statusCode: 200, step: 'done' });
    const full = cookieOf(first);
    const security = await t.app.inject({ url: StaffSecurityRoutes.security, headers: { cookie: full } });
    expect(security.json<StaffSecurityResponse>()).toMatchObject({ twoFactorEnabled: false, twoFactorRequired: false });
    await enrolTotp(t.app, full, agent.username);
    expect((await login(agent.username, agent.password)).json()).toEqual({ statusCode: 200, step: 'code' });
  });

  it('locks an account after five failures, from any address, and a success starts the count again', async () => {
    const master = await newStaff('master_agent');
    await staffCookie(t.app, master.username, master.password);
    // Four failures, then a full sign-in: the count starts again.
    for (let i = 0; i < 4; i += 1) expect((await login(master.username, 'wrong-password')).statusCode).toBe(401);
    await staffCookie(t.app, master.username, master.password);
    // Five more failures from five addresses are free; a wrong code counts like a wrong password.
    for (let i = 0; i < 4; i += 1) {
      expect((await login(master.username, 'wrong-password', `10.0.0.${i + 1}`)).statusCode).toBe(401);
    }
    const step = await login(master.username, master.password, '10.0.1.1');
    const wrongCode = await submitCode(cookieOf(step), '000000');
    expect(wrongCode.statusCode).toBe(401);
    // Now the account waits, whoever asks and whatever the password.
    const locked = await login(master.username, master.password, '10.0.2.2');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(locked.json()).toEqual({
      statusCode: 429,
      statusMessage: lockedMessage(Number(locked.headers['retry-after'])),
    });
    expect(locked.cookies).toHaveLength(0);
    expect((await auditActions()).map((e) => e.action)).toContain('staff.login_locked');

    // After the wait (1 s) the right password and code sign in, and the count starts again.
    let afterWait = '';
    await expect
      .poll(
        async () => {
          const attempt = await login(master.username, master.password, '10.0.3.3');
          if (attempt.statusCode === 200) afterWait = cookieOf(attempt);
          return attempt.statusCode;
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBe(200);
    expect((await submitCode(afterWait, await nextTotpCode(t.app, master.username))).statusCode).toBe(200);
    for (let i = 0; i < 2; i += 1) expect((await login(master.username, 'wrong-password')).statusCode).toBe(401);
  });

  it('answers a username nobody has exactly as one that exists', async () => {
    const master = await newStaff('master_agent');
    const nobody = `nobody-${randomUUID().slice(0, 8)}`;
    const answers = async (username: string) => {
      const seen: { status: number; body: string; retryAfter: unknown }[] = [];
      for (let i = 0; i < 6; i += 1) {
        const response = await login(username, 'wrong-password', `10.1.0.${i}`);
        seen.push({ status: response.statusCode, body: response.body, retryAfter: response.headers['retry-after'] });
      }
      return seen;
    };
    const known = await answers(master.username);
    const unknown = await answers(nobody);
    // The same answers; only a wait's seconds may differ by the time the two runs took.
    const alike = (seen: typeof known) =>
      seen.map((answer) => (answer.status === 429 ? { ...answer, body: 'locked', retryAfter: 'n' } : answer));
    expect(alike(unknown)).toEqual(alike(known));
    expect(known.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429]);
    for (const answer of [known[5], unknown[5]]) {
      const seconds = Number(answer?.retryAfter);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(JSON.parse(answer?.body ?? '{}')).toEqual({ statusCode: 429, statusMessage: lockedMessage(seconds) });
    }
  });

  it('lets an admin reset another staff member: audited, their sessions end, they enrol again', async () => {
    const master = await newStaff('master_agent');
    const session = await staffCookie(t.app, master.username, master.password);
    const agent = await newStaff('agent', master.id);
    const agentSession = cookieOf(await login(agent.username, agent.password));

    const byAgent = await t.app.inject({
      method: 'POST',
      url: StaffSecurityRoutes.resetTwoFactor(master.id),
      headers: { cookie: agentSession },
      payload: {},
    });
    expect(byAgent.statusCode).toBe(403);
    const byMaster = await t.app.inject({
      method: 'POST',
      url: StaffSecurityRoutes.resetTwoFactor(agent.id),
      headers: { cookie: session },
      payload: {},
    });
    expect(byMaster.statusCode).toBe(403);
    const self = await t.app.inject({
      method: 'GET',
      url: BackofficeRoutes.me,
      headers: { cookie: admin },
    });
    const selfReset = await t.app.inject({
      method: 'POST',
      url: StaffSecurityRoutes.resetTwoFactor(self.json<{ staff: { id: number } }>().staff.id),
      headers: { cookie: admin },
      payload: {},
    });
    expect(selfReset.statusCode).toBe(403);
    expect(selfReset.json()).toMatchObject({ statusMessage: StaffSecurityMessages.resetSelf });
    const unknownField = await t.app.inject({
      method: 'POST',
      url: StaffSecurityRoutes.resetTwoFactor(master.id),
      headers: { cookie: admin },
      payload: { secret: 'AAAA' },
    });
    expect(unknownField.statusCode).toBe(400);

    const list = await t.app.inject({ url: StaffSecurityRoutes.staffTwoFactor, headers: { cookie: admin } });
    expect(list.json<StaffTwoFactorListResponse>().staff).toContainEqual({
      staffId: master.id,
      twoFactorEnabled: true,
    });

    const reset = await t.app.inject({
      method: 'POST',
      url: StaffSecurityRoutes.resetTwoFactor(master.id),
      headers: { cookie: admin },
      payload: {},
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await t.app.inject({ url: BackofficeRoutes.me, headers: { cookie: session } })).statusCode).toBe(401);
    expect(await auditActions()).toContainEqual({ action: 'staff.two_factor_reset', targetId: String(master.id) });
    // Someone created this account: after a reset they enrol again only through a new texted link.
    const again = await login(master.username, master.password);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ statusCode: 403, statusMessage: StaffRequestMessages.enrolThroughLink });
    expect(again.cookies).toHaveLength(0);
    const resent = await t.app.inject({
      method: 'POST',
      url: StaffRequestRoutes.resendEnrolmentLink(master.id),
      headers: { cookie: admin },
      payload: {},
    });
    expect(resent.statusCode, resent.body).toBe(200);
    await enrolThroughTextedLink(t.app, master.username, master.password);
    expect((await login(master.username, master.password)).json()).toEqual({ statusCode: 200, step: 'code' });
  });
});

describe(`staff two-factor settings (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ STAFF_TOTP_KEY: 'a1'.repeat(32), AGENT_TWO_FACTOR_REQUIRED: '1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the secret sealed with STAFF_TOTP_KEY: the database alone does not show it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: BackofficeRoutes.login,
      payload: { username: TEST_ADMIN.username, password: TEST_ADMIN.password },
    });
    const step = `${response.cookies[0]?.name}=${response.cookies[0]?.value}`;
    const { secret } = await enrolTotp(t.app, step, TEST_ADMIN.username);
    const row = await t.app.db
      .selectFrom('staff_users')
      .select('totp_secret')
      .where('username', '=', TEST_ADMIN.username)
      .executeTakeFirstOrThrow();
    expect(row.totp_secret).toMatch(/^gcm:/);
    expect(row.totp_secret).not.toContain(secret);
    // And the sealed secret still signs in.
    await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });

  it('makes agents enrol too when AGENT_TWO_FACTOR_REQUIRED is on, through a link texted to their number', async () => {
    const admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const master = await createStaffAccount(t.app, admin, { role: 'master_agent' });
    const agent = { username: 'ag-required', displayName: 'AG', password: 'agent-password-1', role: 'agent' };
    const create = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: BackofficeRoutes.staff, headers: { cookie: admin }, payload });
    const noNumber = await create({ ...agent, parentId: master.id });
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json()).toMatchObject({ fieldErrors: { mobileNo: BackofficeMessages.staffMobileFormat } });
    const created = await create({ ...agent, parentId: master.id, mobileNo: '09181234567' });
    expect(created.json()).toMatchObject({ outcome: 'created', enrolmentLinkSent: true });
    const response = await t.app.inject({
      method: 'POST',
      url: BackofficeRoutes.login,
      payload: { username: 'ag-required', password: 'agent-password-1' },
    });
    expect(response.json()).toEqual({ statusCode: 403, statusMessage: StaffRequestMessages.enrolThroughLink });
  });
});
