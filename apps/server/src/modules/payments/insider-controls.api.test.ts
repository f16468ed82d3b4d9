import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BackofficeMessages,
  PaymentMessages,
  PlayerMessages,
  type DepositAccountView,
  type PaymentRequestReceipt,
} from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { call, registerPlayer, sessionCookieOf, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { playerBalances } from '../wallet/accounts.ts';
import { checkLedger } from '../wallet/ledger-check.ts';
import { STAFF_SESSION_SMS } from '../backoffice/login-links.ts';

const key = () => `k-${randomUUID()}`;

/**
 * Insider controls (decision 020): the chain a security review found, one agent alone creating credit and
 * paying it out (a login link for their player, a deposit with an invented reference, their own approval,
 * a withdrawal), refused at every step.
 */
describe(`insider controls (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let master: { id: number; cookie: string };
  let agent: { id: number; cookie: string; code: string };
  let gcash: DepositAccountView;

  const inject = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, ...(payload ? { payload: payload as Record<string, unknown> } : {}), headers });
  const pay = (func: string, cookie: string, payload: object = {}) =>
    inject('POST', `/api/payment/${func}`, payload, { cookie });
  const issueLink = (playerId: number, cookie: string, payload: object = { reason: 'Player cannot receive the OTP' }) =>
    inject('POST', `/api/backoffice/players/${playerId}/login-link`, payload, { cookie });
  const depositBody = (overrides: Record<string, unknown> = {}) => ({
    amount: 100_000,
    senderNumber: '09171234567',
    receiverNumber: gcash.id,
    referenceNumber: `R${Date.now()}${Math.floor(Math.random() * 1000)}`,
    idempotencyKey: key(),
    ...overrides,
  });
  const withdrawBody = () => ({
    amount: 50_000,
    companyName: 'gcash',
    accountName: 'Maria Santos',
    accountNumber: '09171234567',
    idempotencyKey: key(),
  });

  async function createStaff(body: Record<string, unknown>) {
    const password = 'staff-password-1';
    const response = await inject('POST', '/api/backoffice/staff', { password, ...body }, { cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    const { id, username } = response.json<{ staff: { id: number; username: string } }>().staff;
    return { id, cookie: await staffCookie(t.app, username, password) };
  }

  /** Logs in through a link an admin issued: the session staff opened. */
  async function linkSession(player: RegisteredPlayer): Promise<string> {
    const issued = await issueLink(player.playerId, admin);
    expect(issued.statusCode, issued.body).toBe(200);
    const token = new URL(issued.json<{ url: string }>().url, 'http://x').searchParams.get('s') ?? '';
    const login = await call(t.app, 'linkLogin', { playerId: player.playerId, token });
    expect(login.statusCode, login.body).toBe(200);
    return sessionCookieOf(login);
  }

  beforeAll(async () => {
    t = await createTestApp({ PLAYER_AUTH_RATE_LIMIT: '1000' });
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const suffix = randomUUID().slice(0, 6);
    master = await createStaff({ username: `im-${suffix}`, displayName: 'Master', role: 'master_agent' });
    const code = `I${suffix}`.toUpperCase();
    agent = {
      ...(await createStaff({
        username: `ia-${suffix}`,
        displayName: 'Agent',
        role: 'agent',
        parentId: master.id,
        referralCode: code,
      })),
      code,
    };
    const account = await inject(
      'POST',
      '/api/backoffice/deposit-accounts',
      { type: 'GCASH', accountName: 'Karera One', accountNumber: '09170000001', active: true },
      { cookie: admin },
    );
    expect(account.statusCode, account.body).toBe(200);
    gcash = account.json<{ account: DepositAccountView }>().account;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('login links', () => {
    it('are for admins only: the player’s agent and master agent are refused', async () => {
      const player = await registerPlayer(t.app, { referralCode: agent.code });
      for (const cookie of [agent.cookie, master.cookie]) {
        const refused = await issueLink(player.playerId, cookie);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ statusMessage: BackofficeMessages.forbidden });
      }
      const links = await t.app.db
        .selectFrom('login_links')
        .select('id')
        .where('player_id', '=', player.playerId)
        .execute();
      expect(links).toHaveLength(0);
    });

    it('need a reason, audited, and the player is told by SMS', async () => {
      const player = await registerPlayer(t.app, { referralCode: agent.code });
      for (const payload of [{}, { reason: '   ' }, { reason: 'x'.repeat(201) }, { reason: 'ok', extra: 1 }]) {
        const refused = await issueLink(player.playerId, admin, payload);
        expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect((await issueLink(player.playerId, admin, {})).json()).toMatchObject({
        statusMessage: BackofficeMessages.loginLinkReason,
      });

      const issued = await issueLink(player.playerId, admin, { reason: '  Cannot receive the OTP  ' });
      expect(issued.statusCode, issued.body).toBe(200);
      const audit = await t.app.db
        .selectFrom('audit_log')
        .select(['action', 'details', 'actor_id'])
        .where('action', '=', 'player.login_link_issued')
        .where('target_id', '=', String(player.playerId))
        .execute();
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0]?.details ?? '{}')).toMatchObject({ reason: 'Cannot receive the OTP' });
      const sms = await t.app.db
        .selectFrom('sms_outbox')
        .select(['message', 'purpose'])
        .where('mobile_no', '=', player.mobileNo)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(sms).toEqual({ message: STAFF_SESSION_SMS, purpose: 'staff-session' });
    });

    it('open a session that may look but never deposit, withdraw or change the account', async () => {
      const player = await registerPlayer(t.app, { referralCode: agent.code });
      const cookie = await linkSession(player);
      expect((await call(t.app, 'getBalance', {}, cookie)).statusCode).toBe(200);
      expect((await pay('getDepositMethod', cookie)).statusCode).toBe(200);

      const refusals = [
        await pay('initiateDeposit', cookie, depositBody()),
        await pay('initiateWithdraw', cookie, withdrawBody()),
        await call(
          t.app,
          'updateProfile',
          { firstName: 'Mallory', lastName: 'Santos', mobileNo: player.mobileNo },
          cookie,
        ),
        await call(
          t.app,
          'changePassword',
          { currentPassword: 'x', newPassword: 'taken-1', confirmPassword: 'taken-1' },
          cookie,
        ),
        await call(t.app, 'otp', { otp: '123456', type: 'M' }, cookie),
      ];
      for (const refused of refusals) {
        expect(refused.statusCode, refused.body).toBe(403);
        expect(refused.json()).toMatchObject({ statusMessage: PlayerMessages.staffSessionRefused });
      }
      const requests = await t.app.db
        .selectFrom('payment_requests')
        .select('id')
        .where('player_id', '=', player.playerId)
        .execute();
      expect(requests).toHaveLength(0);
      const session = await t.app.db
        .selectFrom('player_sessions')
        .select('opened_by_staff_id')
        .where('player_id', '=', player.playerId)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(session.opened_by_staff_id).not.toBeNull();

      // The player's own session still may.
      const own = await pay('initiateDeposit', player.cookie, depositBody());
      expect(own.statusCode, own.body).toBe(200);
    });
  });

  describe('the chain of the security review', () => {
    it('ends refused: no link for the agent, no deposit from a link session, no reused reference', async () => {
      const player = await registerPlayer(t.app, { referralCode: agent.code });
      // 1. The agent cannot issue a login link for their player.
      expect((await issueLink(player.playerId, agent.cookie)).statusCode).toBe(403);
      // 2. A session an admin opened cannot deposit (nor withdraw).
      const staffSession = await linkSession(player);
      const reference = `CHAIN${Date.now()}`;
      const fromLink = await pay(
        'initiateDeposit',
        staffSession,
        depositBody({ amount: 9_999_900, referenceNumber: reference }),
      );
      expect(fromLink.statusCode).toBe(403);
      expect((await pay('initiateWithdraw', staffSession, withdrawBody())).statusCode).toBe(403);
      // 3. A reference already pending is refused for anyone else.
      const first = await pay('initiateDeposit', player.cookie, depositBody({ referenceNumber: reference }));
      expect(first.statusCode, first.body).toBe(200);
      const other = await registerPlayer(t.app, { referralCode: agent.code });
      const reused = await pay('initiateDeposit', other.cookie, depositBody({ referenceNumber: reference }));
      expect(reused.json()).toMatchObject({ statusCode: 400, statusMessage: PaymentMessages.referenceSubmitted });
      expect(first.json<PaymentRequestReceipt>().status).toBe('PENDING');
      expect(await playerBalances(t.app.db, player.playerId)).toMatchObject({ creditBalance: 0 });
      expect(await checkLedger(t.app.db)).toEqual([]);
    });
  });
});
