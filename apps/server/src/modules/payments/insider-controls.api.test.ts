import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DualControlMessages,
  ApprovalMessages,
  BackofficeMessages,
  DEFAULT_APPROVAL_SETTINGS,
  PaymentMessages,
  PlayerMessages,
  type AdjustmentResponse,
  type ApprovalSettings,
  type BalanceAdjustmentDecisionResponse,
  type DepositAccountView,
  type PaymentDecisionResponse,
  type PaymentRequestReceipt,
} from '@karera/shared';
import { insertStaffMember, testAdminId } from '../../../test/staff-members.ts';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { approveAsSecondAdmin } from '../../../test/second-admin.ts';
import { insertPlayer } from '../../../test/factories.ts';
import { independentAdmin } from '../../../test/second-admin.ts';
import { call, registerPlayer, sessionCookieOf, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { playerBalances, checkLedger } from '../wallet/index.ts';
import { STAFF_SESSION_SMS } from '../staff/index.ts';
import { renderReceipt } from './receipt-fixtures.ts';

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
  // System-created admins (as an installation's founding admins are): outside everyone's line of creation
  // and past any probation, so each counts as an independent second approver (decision 042).
  let otherAdmin: { id: number; cookie: string };
  let thirdAdmin: { id: number; cookie: string };

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

  /** A staff member the first admin created (as the staff page would), with their upline and referral code. */
  async function createStaff(body: {
    username: string;
    displayName: string;
    role: 'admin' | 'master_agent' | 'agent';
    parentId?: number;
    referralCode?: string;
  }) {
    return insertStaffMember(t.app, {
      role: body.role,
      displayName: body.displayName,
      parentId: body.parentId ?? null,
      referralCode: body.referralCode ?? null,
      createdBy: await testAdminId(t.app),
    });
  }

  const decide = (cookie: string, id: number, decision: 'approve' | 'decline', payload: object = {}, idem = key()) =>
    inject('POST', `/api/backoffice/payments/${id}/${decision}`, payload, { cookie, 'idempotency-key': idem });
  const setSettings = (settings: ApprovalSettings, cookie = admin) =>
    inject('POST', '/api/backoffice/approval-settings', settings, { cookie });
  /**
   * Settings as they are once a second admin approved the change (decision 045 covers how they get there):
   * these tests are about what the limits do.
   */
  const approvalSettingsInForce = async (settings: ApprovalSettings) => {
    const value = JSON.stringify(settings);
    await t.app.db
      .insertInto('payment_settings')
      .values({ key: 'approvals', value, updated_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  };
  const adjust = (playerId: number, amount: number, cookie = admin) =>
    inject(
      'POST',
      `/api/backoffice/players/${playerId}/adjustments`,
      { account: 'credit', amount, reason: 'Goodwill credit for a lost stake' },
      { cookie, 'idempotency-key': key() },
    );
  const decideAdjustment = (cookie: string, id: number, decision: 'approve' | 'decline', payload: object = {}) =>
    inject('POST', `/api/backoffice/adjustments/${id}/${decision}`, payload, { cookie, 'idempotency-key': key() });
  const credit = async (playerId: number) => (await playerBalances(t.app.db, playerId)).creditBalance;

  /** A pending deposit of the player's: its request id. */
  async function deposit(player: RegisteredPlayer, amount: number): Promise<number> {
    const response = await pay('initiateDeposit', player.cookie, depositBody({ amount }));
    expect(response.statusCode, response.body).toBe(200);
    return Number(response.json<PaymentRequestReceipt>().transactionId.slice(2));
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
    t = await createTestApp({ PLAYER_AUTH_RATE_LIMIT: '1000', STAFF_LOGIN_RATE_LIMIT: '1000' });
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
    otherAdmin = await independentAdmin(t.app, 'ib');
    thirdAdmin = await independentAdmin(t.app, 'ic');
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

  describe('maker-checker', () => {
    it('an agent alone cannot credit a deposit above the threshold: an independent admin gives the second approval', async () => {
      const player = await registerPlayer(t.app, { referralCode: agent.code });
      const id = await deposit(player, 9_999_900);

      const first = await decide(agent.cookie, id, 'approve', { note: 'seen in GCash' });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json<PaymentDecisionResponse>().request).toMatchObject({
        status: 'PENDING',
        firstApprovedBy: 'Agent',
        secondApproverRole: 'master_agent_or_admin',
        decidedBy: null,
      });
      expect(await credit(player.playerId)).toBe(0);

      const again = await decide(agent.cookie, id, 'approve');
      expect(again.statusCode).toBe(403);
      expect(again.json()).toMatchObject({ statusMessage: ApprovalMessages.sameApprover });
      expect(await credit(player.playerId)).toBe(0);

      // Their master agent created them and is their upline: never the second person (decision 042).
      const upline = await decide(master.cookie, id, 'approve');
      expect(upline.statusCode).toBe(403);
      expect(upline.json()).toMatchObject({ statusMessage: ApprovalMessages.secondPersonInLine });
      expect(await credit(player.playerId)).toBe(0);

      const second = await decide(otherAdmin.cookie, id, 'approve');
      expect(second.statusCode, second.body).toBe(200);
      expect(second.json<PaymentDecisionResponse>().request).toMatchObject({
        status: 'APPROVED',
        firstApprovedBy: 'Agent',
        decidedBy: expect.stringMatching(/^Independent admin/),
        secondApproverRole: null,
      });
      expect(await credit(player.playerId)).toBe(9_999_900);
      const audit = await t.app.db
        .selectFrom('audit_log')
        .select(['action', 'actor_id'])
        .where('target_type', '=', 'payment_request')
        .where('target_id', '=', String(id))
        .orderBy('id')
        .execute();
      expect(audit).toEqual([
        { action: 'payment.deposit_first_approved', actor_id: agent.id },
        { action: 'payment.deposit_approved', actor_id: otherAdmin.id },
      ]);
      expect(await checkLedger(t.app.db)).toEqual([]);
    });

    it('needs a higher role for the second approval: an admin after a master agent, another admin after an admin', async () => {
      const player = await registerPlayer(t.app, { referralCode: agent.code });
      const byMaster = await deposit(player, 2_000_000);
      expect((await decide(master.cookie, byMaster, 'approve')).statusCode).toBe(200);
      const lower = await decide(agent.cookie, byMaster, 'approve');
      expect(lower.statusCode).toBe(403);
      expect(lower.json()).toMatchObject({ statusMessage: ApprovalMessages.secondApproverRole('master_agent') });
      // The admin who created the master agent is in their line of creation.
      const creator = await decide(admin, byMaster, 'approve');
      expect(creator.json()).toMatchObject({ statusCode: 403, statusMessage: ApprovalMessages.secondPersonInLine });
      expect(
        (await decide(otherAdmin.cookie, byMaster, 'approve')).json<PaymentDecisionResponse>().request.status,
      ).toBe('APPROVED');

      const byAdmin = await deposit(player, 2_000_000);
      expect((await decide(admin, byAdmin, 'approve')).json<PaymentDecisionResponse>().request.status).toBe('PENDING');
      for (const cookie of [admin, master.cookie]) {
        expect((await decide(cookie, byAdmin, 'approve')).statusCode).toBe(403);
      }
      expect((await decide(thirdAdmin.cookie, byAdmin, 'approve')).statusCode).toBe(200);
      expect(await credit(player.playerId)).toBe(4_000_000);
    });

    it('lets the first approver or another decline a request waiting for its second approval, moving nothing', async () => {
      const player = await registerPlayer(t.app, { referralCode: agent.code });
      const id = await deposit(player, 5_000_000);
      expect((await decide(agent.cookie, id, 'approve')).statusCode).toBe(200);
      const declined = await decide(master.cookie, id, 'decline', { note: 'no such transfer' });
      expect(declined.json<PaymentDecisionResponse>().request).toMatchObject({ status: 'DECLINED' });
      expect((await decide(admin, id, 'approve')).statusCode).toBe(409);
      expect(await credit(player.playerId)).toBe(0);
    });

    it('credits once when two second approvers approve at the same moment', async () => {
      const player = await registerPlayer(t.app, { referralCode: agent.code });
      const id = await deposit(player, 3_000_000);
      expect((await decide(agent.cookie, id, 'approve')).statusCode).toBe(200);
      const results = await Promise.all([
        decide(otherAdmin.cookie, id, 'approve'),
        decide(thirdAdmin.cookie, id, 'approve'),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await credit(player.playerId)).toBe(3_000_000);
      const movements = await t.app.db
        .selectFrom('ledger_transactions')
        .select('id')
        .where('kind', '=', 'DEPOSIT')
        .where('metadata', 'like', `%"paymentRequestId":${id},%`)
        .execute();
      expect(movements).toHaveLength(1);
      expect(await checkLedger(t.app.db)).toEqual([]);
    });

    it('records one first approval when two staff give it at the same moment', async () => {
      const player = await registerPlayer(t.app, { referralCode: agent.code });
      const id = await deposit(player, 3_000_000);
      const results = await Promise.all([decide(agent.cookie, id, 'approve'), decide(master.cookie, id, 'approve')]);
      const ok = results.filter((r) => r.statusCode === 200);
      expect(ok).toHaveLength(1);
      expect(ok[0]?.json<PaymentDecisionResponse>().request.status).toBe('PENDING');
      expect(await credit(player.playerId)).toBe(0);
    });
  });

  describe('daily approval limits', () => {
    it('refuses an approval above the approver’s daily limit with a clear message, and counts nothing for it', async () => {
      const limits = {
        ...DEFAULT_APPROVAL_SETTINGS,
        dailyApprovalLimits: { agent: 150_000, master_agent: null, admin: null },
      };
      // Another agent, so this test's totals are its own.
      const suffix = randomUUID().slice(0, 6);
      const code = `L${suffix}`.toUpperCase();
      const limited = await createStaff({
        username: `il-${suffix}`,
        displayName: 'Limited agent',
        role: 'agent',
        parentId: master.id,
        referralCode: code,
      });
      await approvalSettingsInForce(limits);
      try {
        const player = await registerPlayer(t.app, { referralCode: code });
        const one = await deposit(player, 100_000);
        const two = await deposit(player, 60_000);
        const three = await deposit(player, 50_000);
        // Deposits without a receipt: each approval here is a first approval of two (decision 042), and
        // counts towards the day's limit all the same.
        expect((await decide(limited.cookie, one, 'approve')).json<PaymentDecisionResponse>().request).toMatchObject({
          status: 'PENDING',
          secondApprovalReason: 'no_receipt',
        });
        const over = await decide(limited.cookie, two, 'approve');
        expect(over.statusCode).toBe(400);
        expect(over.json()).toMatchObject({ statusMessage: ApprovalMessages.dailyLimit(150_000, 100_000) });
        expect(over.json<{ statusMessage: string }>().statusMessage).toBe(
          'This approval would take you over your daily approval limit of ₱1,500 (₱1,000 approved today).',
        );
        // Up to the limit exactly is fine; the refused one counted nothing.
        expect((await decide(limited.cookie, three, 'approve')).statusCode).toBe(200);
        const totals = await t.app.db
          .selectFrom('staff_approval_totals')
          .select('total')
          .where('staff_id', '=', limited.id)
          .execute();
        expect(totals.map((row) => Number(row.total))).toEqual([150_000]);
        // Another staff member's limit is their own.
        expect((await decide(master.cookie, two, 'approve')).statusCode).toBe(200);
        expect(await credit(player.playerId)).toBe(0);
      } finally {
        await approvalSettingsInForce(DEFAULT_APPROVAL_SETTINGS);
      }
    });

    it('holds under concurrent approvals by one staff member', async () => {
      const suffix = randomUUID().slice(0, 6);
      const code = `C${suffix}`.toUpperCase();
      const limited = await createStaff({
        username: `ir-${suffix}`,
        displayName: 'Racing agent',
        role: 'agent',
        parentId: master.id,
        referralCode: code,
      });
      await approvalSettingsInForce({
        ...DEFAULT_APPROVAL_SETTINGS,
        dailyApprovalLimits: { agent: 200_000, master_agent: null, admin: null },
      });
      try {
        const player = await registerPlayer(t.app, { referralCode: code });
        const ids = [];
        for (let i = 0; i < 4; i += 1) ids.push(await deposit(player, 100_000));
        const results = await Promise.all(ids.map((id) => decide(limited.cookie, id, 'approve')));
        expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
        const firstApproved = await t.app.db
          .selectFrom('payment_requests')
          .select('id')
          .where('first_approved_by_staff_id', '=', limited.id)
          .execute();
        expect(firstApproved).toHaveLength(2);
      } finally {
        await approvalSettingsInForce(DEFAULT_APPROVAL_SETTINGS);
      }
    });

    it('are set by admins only, checked, and audited', async () => {
      expect((await setSettings(DEFAULT_APPROVAL_SETTINGS, master.cookie)).statusCode).toBe(403);
      expect((await setSettings(DEFAULT_APPROVAL_SETTINGS, agent.cookie)).statusCode).toBe(403);
      const invalid = [
        { ...DEFAULT_APPROVAL_SETTINGS, depositSecondApprovalAbove: -1 },
        { ...DEFAULT_APPROVAL_SETTINGS, depositSecondApprovalAbove: '1000' },
        { ...DEFAULT_APPROVAL_SETTINGS, dailyApprovalLimits: { agent: 0, master_agent: null, admin: null } },
        { ...DEFAULT_APPROVAL_SETTINGS, extra: true },
      ];
      for (const body of invalid) {
        const refused = await inject('POST', '/api/backoffice/approval-settings', body, { cookie: admin });
        expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      }
      const read = await inject('GET', '/api/backoffice/approval-settings', undefined, { cookie: agent.cookie });
      expect(read.json()).toMatchObject({ statusCode: 200, ...DEFAULT_APPROVAL_SETTINGS });
      // An admin's change is proposed, and applied by an independent second admin (decision 045).
      const proposed = await setSettings({ ...DEFAULT_APPROVAL_SETTINGS, depositSecondApprovalAbove: 1_000_100 });
      expect(proposed.json()).toMatchObject({ statusMessage: DualControlMessages.proposed });
      await approveAsSecondAdmin(t.app, proposed.json<{ request: { id: number } }>().request.id);
      await approvalSettingsInForce(DEFAULT_APPROVAL_SETTINGS);
      const audit = await t.app.db
        .selectFrom('audit_log')
        .select('action')
        .where('action', '=', 'payments.approval_settings_changed')
        .execute();
      expect(audit.length).toBeGreaterThan(0);
    });
  });

  describe('balance adjustments above the threshold', () => {
    it('are stored pending until another admin approves; the requester never can', async () => {
      const player = await registerPlayer(t.app, { referralCode: agent.code });
      const requested = await adjust(player.playerId, 2_000_000);
      expect(requested.statusCode, requested.body).toBe(200);
      const body = requested.json<AdjustmentResponse>();
      expect(body).toMatchObject({ status: 'PENDING', transactionId: null, amount: 2_000_000, creditBalance: 0 });
      expect(await credit(player.playerId)).toBe(0);
      const id = body.adjustmentId ?? 0;

      const own = await decideAdjustment(admin, id, 'approve');
      expect(own.statusCode).toBe(403);
      expect(own.json()).toMatchObject({ statusMessage: ApprovalMessages.sameApprover });
      expect((await decideAdjustment(master.cookie, id, 'approve')).statusCode).toBe(403);
      expect(await credit(player.playerId)).toBe(0);

      const pending = await inject('GET', '/api/backoffice/adjustments', undefined, { cookie: otherAdmin.cookie });
      expect(pending.json<{ adjustments: { id: number }[] }>().adjustments.map((a) => a.id)).toContain(id);

      const approved = await decideAdjustment(otherAdmin.cookie, id, 'approve');
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json<BalanceAdjustmentDecisionResponse>().adjustment).toMatchObject({
        status: 'APPROVED',
        requestedBy: 'Administrator',
        decidedBy: expect.stringMatching(/^Independent admin/),
      });
      expect(await credit(player.playerId)).toBe(2_000_000);
      expect((await decideAdjustment(thirdAdmin.cookie, id, 'approve')).statusCode).toBe(409);
      expect(await credit(player.playerId)).toBe(2_000_000);
      expect(await checkLedger(t.app.db)).toEqual([]);
    });

    it('move once when two admins approve at the same moment; a declined one never moves', async () => {
      const player = await registerPlayer(t.app, { referralCode: agent.code });
      const id = (await adjust(player.playerId, 1_500_000)).json<AdjustmentResponse>().adjustmentId ?? 0;
      const results = await Promise.all([
        decideAdjustment(otherAdmin.cookie, id, 'approve'),
        decideAdjustment(thirdAdmin.cookie, id, 'approve'),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await credit(player.playerId)).toBe(1_500_000);

      const declinedId = (await adjust(player.playerId, -1_200_000)).json<AdjustmentResponse>().adjustmentId ?? 0;
      expect((await decideAdjustment(otherAdmin.cookie, declinedId, 'decline', {})).statusCode).toBe(400);
      const declined = await decideAdjustment(otherAdmin.cookie, declinedId, 'decline', { note: 'wrong player' });
      expect(declined.json<BalanceAdjustmentDecisionResponse>().adjustment.status).toBe('DECLINED');
      expect((await decideAdjustment(thirdAdmin.cookie, declinedId, 'approve')).statusCode).toBe(409);
      expect(await credit(player.playerId)).toBe(1_500_000);
      expect(await checkLedger(t.app.db)).toEqual([]);
    });

    it('up to the threshold still move at once', async () => {
      const player = await registerPlayer(t.app, { referralCode: agent.code });
      const at = await adjust(player.playerId, 1_000_000);
      expect(at.json<AdjustmentResponse>()).toMatchObject({ status: 'APPROVED', adjustmentId: null });
      expect(await credit(player.playerId)).toBe(1_000_000);
    });
  });

  describe('receipt images', () => {
    it('go with the deposit and are shown only to staff who may decide it', async () => {
      const player = await registerPlayer(t.app, { referralCode: agent.code });
      const png = renderReceipt({
        layout: 'gcash',
        amount: 125_000,
        printedReference: '7012 345 678902',
        expectedReference: '7012345678902',
      });
      const read = await pay('imageExtract', player.cookie, {
        image: `data:image/png;base64,${png.toString('base64')}`,
      });
      expect(read.statusCode, read.body).toBe(200);
      const { receiptId } = read.json<{ receiptId: number }>();

      // Another player cannot attach it.
      const thief = await registerPlayer(t.app, { referralCode: agent.code });
      const stolen = await pay('initiateDeposit', thief.cookie, depositBody({ receiptId }));
      expect(stolen.json()).toMatchObject({ statusCode: 400, statusMessage: PaymentMessages.receiptNotFound });

      const submitted = await pay('initiateDeposit', player.cookie, depositBody({ amount: 125_000, receiptId }));
      expect(submitted.statusCode, submitted.body).toBe(200);
      const id = Number(submitted.json<PaymentRequestReceipt>().transactionId.slice(2));
      // Once attached, never again (another deposit of the same player).
      const again = await pay('initiateDeposit', player.cookie, depositBody({ receiptId }));
      expect(again.json()).toMatchObject({ statusCode: 400, statusMessage: PaymentMessages.receiptNotFound });

      const list = await inject('GET', '/api/backoffice/payments?status=PENDING', undefined, { cookie: agent.cookie });
      const view = list.json<{ requests: { id: number; hasReceipt: boolean }[] }>().requests.find((r) => r.id === id);
      expect(view?.hasReceipt).toBe(true);

      for (const cookie of [agent.cookie, master.cookie, admin]) {
        const image = await inject('GET', `/api/backoffice/payments/${id}/receipt`, undefined, { cookie });
        expect(image.statusCode).toBe(200);
        expect(image.headers['content-type']).toBe('image/webp');
        expect(image.headers['cache-control']).toBe('private, no-store');
        expect(image.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
      }
      // BOLA: an agent of another master agent, and anyone signed out, get nothing.
      const suffix = randomUUID().slice(0, 6);
      const otherMaster = await createStaff({
        username: `io-${suffix}`,
        displayName: 'Other master',
        role: 'master_agent',
      });
      const outsider = await createStaff({
        username: `ix-${suffix}`,
        displayName: 'Outsider',
        role: 'agent',
        parentId: otherMaster.id,
        referralCode: `X${suffix}`.toUpperCase(),
      });
      for (const cookie of [outsider.cookie, otherMaster.cookie]) {
        const refused = await inject('GET', `/api/backoffice/payments/${id}/receipt`, undefined, { cookie });
        expect(refused.statusCode).toBe(404);
      }
      expect((await inject('GET', `/api/backoffice/payments/${id}/receipt`)).statusCode).toBe(401);
      // A request without a receipt has none to show.
      const bare = await deposit(player, 50_000);
      expect(
        (await inject('GET', `/api/backoffice/payments/${bare}/receipt`, undefined, { cookie: admin })).statusCode,
      ).toBe(404);
    });
  });
});

describe(`login links when the SMS cannot be sent (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    // Nothing listens on port 9 of the loopback: every SMS fails.
    t = await createTestApp({ SMS_SENDER: 'http', SMS_GATEWAY_URL: 'http://127.0.0.1:9/api', SMS_API_KEY: 'k' });
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('issue no usable link: a session the player cannot hear about is not opened', async () => {
    const player = await insertPlayer(t.app.db);
    const issued = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/players/${player.id}/login-link`,
      payload: { reason: 'Player cannot receive the OTP' },
      headers: { cookie: admin },
    });
    expect(issued.statusCode).toBe(502);
    expect(issued.json()).toMatchObject({ statusMessage: BackofficeMessages.loginLinkSmsFailed });
    const links = await t.app.db
      .selectFrom('login_links')
      .select(['used_at'])
      .where('player_id', '=', player.id)
      .execute();
    expect(links).toHaveLength(1);
    expect(links[0]?.used_at).not.toBeNull();
  });
});
