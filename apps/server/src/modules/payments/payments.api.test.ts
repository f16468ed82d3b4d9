import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import {
  PaymentMessages,
  type CreditHistoryEntry,
  type DepositAccountView,
  type DepositMethodResponse,
  type PaymentDecisionResponse,
  type PaymentRequestListResponse,
  type PaymentRequestReceipt,
} from '@karera/shared';
import { independentAdmin } from '../../../test/second-admin.ts';
import { insertStaffMember, testAdminId } from '../../../test/staff-members.ts';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { playerBalances, checkLedger } from '../wallet/index.ts';
import { renderReceipt } from './receipt-fixtures.ts';

const key = () => `k-${randomUUID()}`;

describe(`payments (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let master: { id: number; cookie: string };
  let otherMaster: { id: number; cookie: string };
  let agentA: { id: number; cookie: string; code: string };
  let agentB: { id: number; cookie: string; code: string };
  const accounts: Record<string, DepositAccountView> = {};

  const inject = (
    method: 'GET' | 'POST' | 'POST',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => t.app.inject({ method, url, ...(payload ? { payload: payload as Record<string, unknown> } : {}), headers });
  const pay = (func: string, player: RegisteredPlayer, payload: object = {}) =>
    inject('POST', `/api/payment/${func}`, payload, { cookie: player.cookie });
  const decide = (cookie: string, id: number, decision: 'approve' | 'decline', note?: string, idem = key()) =>
    inject('POST', `/api/backoffice/payments/${id}/${decision}`, note === undefined ? {} : { note }, {
      cookie,
      'idempotency-key': idem,
    });
  const balances = (player: RegisteredPlayer) => playerBalances(t.app.db, player.playerId);

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
  async function createAccount(body: Record<string, unknown>) {
    const response = await inject('POST', '/api/backoffice/deposit-accounts', body, { cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ account: DepositAccountView }>().account;
  }
  let funderAdmin: ReturnType<typeof independentAdmin> | undefined;
  const funder = () => (funderAdmin ??= independentAdmin(t.app, 'funder'));
  /**
   * Funds a player by an adjustment of an admin the system created: outside the line of the staff this file
   * makes, so any of them may approve the player's withdrawal afterwards (decision 042).
   */
  async function credit(player: RegisteredPlayer, amount: number) {
    const response = await inject(
      'POST',
      `/api/backoffice/players/${player.playerId}/adjustments`,
      { account: 'credit', amount, reason: 'test funding' },
      { cookie: (await funder()).cookie, 'idempotency-key': key() },
    );
    expect(response.statusCode, response.body).toBe(200);
  }
  const depositBody = (overrides: Record<string, unknown> = {}) => ({
    amount: 100_000,
    senderNumber: '09171234567',
    receiverNumber: accounts.gcash?.id,
    referenceNumber: String(Date.now()) + String(Math.floor(Math.random() * 1000)).padStart(3, '0'),
    note: 'from my GCash',
    idempotencyKey: key(),
    ...overrides,
  });
  /**
   * A deposit sent with a receipt whose reading says what the request says, as imageExtract stores it
   * (the reading itself is tested with real images below): one approval credits it (decision 042).
   */
  async function depositWithReceipt(player: RegisteredPlayer, body: ReturnType<typeof depositBody>) {
    const { id: receiptId } = await t.app.db
      .insertInto('payment_receipts')
      .values({
        player_id: player.playerId,
        content_type: 'image/webp',
        data: Buffer.from('RIFF'),
        created_at: new Date().toISOString(),
        read_amount: Number(body.amount),
        read_reference: String(body.referenceNumber),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return pay('initiateDeposit', player, { ...body, receiptId });
  }
  const withdrawBody = (overrides: Record<string, unknown> = {}) => ({
    amount: 50_000,
    companyName: 'gcash',
    accountName: 'Maria Santos',
    accountNumber: '09171234567',
    idempotencyKey: key(),
    ...overrides,
  });

  beforeAll(async () => {
    // Many players register here, within a minute.
    t = await createTestApp({ PLAYER_AUTH_RATE_LIMIT: '1000', STAFF_LOGIN_RATE_LIMIT: '1000' });
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const suffix = randomUUID().slice(0, 6);
    master = await createStaff({ username: `ma-${suffix}`, displayName: 'Master', role: 'master_agent' });
    otherMaster = await createStaff({ username: `mb-${suffix}`, displayName: 'Other master', role: 'master_agent' });
    const codeA = `A${suffix}`.toUpperCase();
    const codeB = `B${suffix}`.toUpperCase();
    agentA = {
      ...(await createStaff({
        username: `aa-${suffix}`,
        displayName: 'Agent A',
        role: 'agent',
        parentId: master.id,
        referralCode: codeA,
      })),
      code: codeA,
    };
    agentB = {
      ...(await createStaff({
        username: `ab-${suffix}`,
        displayName: 'Agent B',
        role: 'agent',
        parentId: otherMaster.id,
        referralCode: codeB,
      })),
      code: codeB,
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('deposit accounts', () => {
    it('shows no account until one is opened, then one per type chosen by player id modulo the count', async () => {
      const player = await registerPlayer(t.app, { referralCode: agentA.code });
      const empty = await pay('getDepositMethod', player);
      expect(empty.statusCode).toBe(200);
      expect(empty.json<DepositMethodResponse>()).toMatchObject({
        accounts: [],
        depositLimits: { min: 5_000, max: 9_999_900 },
        withdrawLimits: { min: 20_000, max: 3_000_000 },
      });

      accounts.gcash = await createAccount({
        type: 'GCASH',
        accountName: 'Karera One',
        accountNumber: '09170000001',
        active: true,
      });
      accounts.gcash2 = await createAccount({
        type: 'GCASH',
        accountName: 'Karera Two',
        accountNumber: '09170000002',
        active: true,
      });
      accounts.maya = await createAccount({
        type: 'PAYMAYA',
        accountName: 'Karera Maya',
        accountNumber: '09180000001',
        active: true,
      });
      accounts.bonus = await createAccount({
        type: '111',
        accountName: 'Karera 111',
        accountNumber: '1110001',
        active: true,
      });
      accounts.seven = await createAccount({
        type: '7-11',
        accountName: 'Karera 711',
        accountNumber: '7110001',
        active: true,
      });
      accounts.off = await createAccount({ type: 'GRAB', accountName: 'Closed', accountNumber: '1', active: false });

      const method = (await pay('getDepositMethod', player)).json<DepositMethodResponse>();
      const gcashes = [accounts.gcash.id, accounts.gcash2.id];
      expect(method.accounts.map((a) => a.type)).toEqual(['GCASH', 'PAYMAYA', '111', '7-11']);
      expect(method.accounts[0]?.id).toBe(gcashes[player.playerId % 2]);
      expect(method.accounts.find((a) => a.type === '111')?.bonusPercent).toBe(5);
    });

    it('lets only admins manage accounts and limits', async () => {
      const body = { type: 'GCASH', accountName: 'X', accountNumber: '1', active: true };
      expect(
        (await inject('POST', '/api/backoffice/deposit-accounts', body, { cookie: agentA.cookie })).statusCode,
      ).toBe(403);
      expect(
        (await inject('GET', '/api/backoffice/deposit-accounts', undefined, { cookie: master.cookie })).statusCode,
      ).toBe(403);
      const update = await inject(
        'POST',
        `/api/backoffice/deposit-accounts/${accounts.off?.id}`,
        { type: 'GRAB', accountName: 'Closed', accountNumber: '1', companyNumber: 'Grab', active: false },
        { cookie: admin },
      );
      expect(update.statusCode, update.body).toBe(200);
      const refused = await inject(
        'POST',
        '/api/backoffice/payment-limits',
        { deposit: { min: 10_000, max: 5_000 }, withdraw: { min: 20_000, max: 3_000_000 } },
        { cookie: admin },
      );
      expect(refused.json()).toMatchObject({ statusMessage: PaymentMessages.limitsOrder });
    });
  });

  describe('deposit requests', () => {
    it('refuses with every deposit message and moves no money', async () => {
      const player = await registerPlayer(t.app, { referralCode: agentA.code });
      const cases: [Record<string, unknown>, string][] = [
        [{ amount: 0 }, 'Deposit amount cannot be empty.'],
        [{ amount: undefined }, 'Deposit amount cannot be empty.'],
        [{ amount: 4_999 }, 'The minimum amount deposit was 50.'],
        [{ amount: 10_000_000 }, 'The maximum amount deposit was 99,999.'],
        [{ senderNumber: '  ' }, 'Sender number cannot be empty.'],
        [{ referenceNumber: '' }, PaymentMessages.referenceRequired],
        [{ referenceNumber: 'ABC-123' }, PaymentMessages.referenceFormat],
        [{ referenceNumber: '1'.repeat(31) }, PaymentMessages.referenceFormat],
        [{ receiverNumber: 999_999 }, PaymentMessages.receiverRequired],
        [{ receiverNumber: accounts.off?.id }, PaymentMessages.receiverRequired],
        [{ note: 'x'.repeat(201) }, PaymentMessages.noteTooLong],
      ];
      for (const [overrides, message] of cases) {
        const response = await pay('initiateDeposit', player, depositBody(overrides));
        expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
        expect(response.json<{ statusMessage: string }>().statusMessage, JSON.stringify(overrides)).toBe(message);
      }
      // No coercion, no unknown fields.
      expect((await pay('initiateDeposit', player, depositBody({ amount: '1000' }))).statusCode).toBe(400);
      expect((await pay('initiateDeposit', player, depositBody({ amount: 1000.5 }))).statusCode).toBe(400);
      expect((await pay('initiateDeposit', player, depositBody({ bonus: 100 }))).statusCode).toBe(400);
      expect(await balances(player)).toEqual({ creditBalance: 0, bonusBalance: 0, withdrawHoldBalance: 0 });
    });

    it('needs a session and never follows another player id', async () => {
      const player = await registerPlayer(t.app, { referralCode: agentA.code });
      const anonymous = await inject('POST', '/api/payment/initiateDeposit', depositBody());
      expect(anonymous.json()).toMatchObject({ statusCode: 107 });
      const spoofed = await pay('getTransactionHistory', player, { playerId: player.playerId + 1 });
      expect(spoofed.json()).toMatchObject({ statusCode: 107 });
    });

    it('normalises references: pasted whitespace removed, Maya o read as zero; 7-11 needs no sender', async () => {
      const player = await registerPlayer(t.app, { referralCode: agentA.code });
      const maya = await pay(
        'initiateDeposit',
        player,
        depositBody({ receiverNumber: accounts.maya?.id, referenceNumber: ' 1o2O 3abc\t9 ' }),
      );
      expect(maya.statusCode, maya.body).toBe(200);
      const seven = await pay(
        'initiateDeposit',
        player,
        depositBody({ receiverNumber: accounts.seven?.id, senderNumber: '' }),
      );
      expect(seven.statusCode, seven.body).toBe(200);
      const history = (await pay('getTransactionHistory', player)).json<{ creditHistory: CreditHistoryEntry[] }>();
      expect(history.creditHistory.map((r) => [r.paymentType, r.tranRef1, r.tranRef2, r.status])).toEqual([
        ['7-11', expect.any(String), '7-11', 'PENDING'],
        ['PAYMAYA', '10203ABC9', '09171234567', 'PENDING'],
      ]);
    });

    it('is idempotent: the same key answers the same request; another body with it is refused', async () => {
      const player = await registerPlayer(t.app, { referralCode: agentA.code });
      const body = depositBody();
      const first = await pay('initiateDeposit', player, body);
      const again = await pay('initiateDeposit', player, body);
      expect(first.statusCode, first.body).toBe(200);
      expect(again.json()).toEqual(first.json());
      const reused = await pay('initiateDeposit', player, { ...body, amount: 200_000 });
      expect(reused.statusCode).toBe(409);
      const rows = await t.app.db
        .selectFrom('payment_requests')
        .select('id')
        .where('player_id', '=', player.playerId)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('credits the player once on approval, with the +5% bonus of the 111 type, and refuses a used reference', async () => {
      const player = await registerPlayer(t.app, { referralCode: agentA.code });
      const receipt = (
        await depositWithReceipt(
          player,
          depositBody({ receiverNumber: accounts.bonus?.id, referenceNumber: 'REF111A', amount: 200_000 }),
        )
      ).json<PaymentRequestReceipt>();
      expect(receipt).toMatchObject({ statusCode: 200, amount: 200_000, status: 'PENDING', creditBalance: 0 });
      expect(receipt.transactionId).toMatch(/^DR\d{6}$/);
      const id = Number(receipt.transactionId.slice(2));
      expect(await balances(player)).toMatchObject({ creditBalance: 0, bonusBalance: 0 });

      const approved = await decide(agentA.cookie, id, 'approve');
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json<PaymentDecisionResponse>().request).toMatchObject({
        status: 'APPROVED',
        bonus: 10_000,
        decidedBy: 'Agent A',
      });
      expect(await balances(player)).toMatchObject({ creditBalance: 200_000, bonusBalance: 10_000 });

      const history = (await pay('getTransactionHistory', player, { type: 'DEPOSIT', status: 'APPROVED' })).json<{
        creditHistory: CreditHistoryEntry[];
      }>().creditHistory;
      expect(history).toEqual([
        expect.objectContaining({
          id: receipt.transactionId,
          creditType: 'DR',
          status: 'APPROVED',
          amount: 200_000,
          bonus: 10_000,
          paymentType: '111',
        }),
      ]);

      // The same reference on the same channel again, whatever its case: refused at request time.
      const reused = await pay(
        'initiateDeposit',
        player,
        depositBody({ receiverNumber: accounts.bonus?.id, referenceNumber: 'ref111a' }),
      );
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toMatchObject({ statusMessage: PaymentMessages.referenceSubmitted });
      expect(await balances(player)).toMatchObject({ creditBalance: 200_000 });
      expect(await checkLedger(t.app.db)).toEqual([]);
    });

    it('refuses a reference already pending or approved for the channel, from any player, and frees it once declined', async () => {
      const first = await registerPlayer(t.app, { referralCode: agentA.code });
      const other = await registerPlayer(t.app, { referralCode: agentB.code });
      const reference = `DUP${Date.now()}`;
      const pending = await pay('initiateDeposit', first, depositBody({ referenceNumber: reference }));
      expect(pending.statusCode, pending.body).toBe(200);

      const sameAgain = await pay('initiateDeposit', first, depositBody({ referenceNumber: reference }));
      const otherPlayer = await pay(
        'initiateDeposit',
        other,
        depositBody({ referenceNumber: reference.toLowerCase() }),
      );
      for (const refused of [sameAgain, otherPlayer]) {
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toMatchObject({ statusMessage: 'This reference number was already submitted.' });
      }
      // Another channel may carry the same digits: references are per channel.
      const maya = await pay(
        'initiateDeposit',
        other,
        depositBody({ receiverNumber: accounts.maya?.id, referenceNumber: reference }),
      );
      expect(maya.statusCode, maya.body).toBe(200);

      const id = Number(pending.json<PaymentRequestReceipt>().transactionId.slice(2));
      expect((await decide(agentA.cookie, id, 'decline', 'no such transfer')).statusCode).toBe(200);
      const afterDecline = await pay('initiateDeposit', other, depositBody({ referenceNumber: reference }));
      expect(afterDecline.statusCode, afterDecline.body).toBe(200);
    });

    it('accepts one of many deposits racing with one reference', async () => {
      const players = await Promise.all(
        Array.from({ length: 4 }, () => registerPlayer(t.app, { referralCode: agentA.code })),
      );
      const reference = `RACE${Date.now()}`;
      const responses = await Promise.all(
        players.flatMap((player) =>
          [1, 2].map(() => pay('initiateDeposit', player, depositBody({ referenceNumber: reference }))),
        ),
      );
      expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
      for (const refused of responses.filter((r) => r.statusCode !== 200)) {
        expect(refused.json()).toMatchObject({ statusCode: 400, statusMessage: PaymentMessages.referenceSubmitted });
      }
      const rows = await t.app.db
        .selectFrom('payment_requests')
        .select('id')
        .where('reference_number', '=', reference)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('pays once when two staff approve at the same moment, and the decision is audited', async () => {
      const player = await registerPlayer(t.app, { referralCode: agentA.code });
      const receipt = (await depositWithReceipt(player, depositBody({ amount: 50_000 }))).json<PaymentRequestReceipt>();
      const id = Number(receipt.transactionId.slice(2));
      const results = await Promise.all([
        decide(agentA.cookie, id, 'approve'),
        decide(master.cookie, id, 'approve'),
        decide(admin, id, 'approve'),
        decide(admin, id, 'decline', 'no money seen'),
      ]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 409, 409, 409]);
      for (const refused of results.filter((r) => r.statusCode === 409)) {
        expect(refused.json()).toMatchObject({ statusMessage: PaymentMessages.alreadyDecided });
      }
      const final = await balances(player);
      expect([0, 50_000]).toContain(final.creditBalance);
      const audit = await t.app.db
        .selectFrom('audit_log')
        .select('action')
        .where('target_type', '=', 'payment_request')
        .where('target_id', '=', String(id))
        .execute();
      expect(audit).toHaveLength(1);
      expect(await checkLedger(t.app.db)).toEqual([]);
    });

    it('replays an approval with the same key instead of refusing it', async () => {
      const player = await registerPlayer(t.app, { referralCode: agentA.code });
      const receipt = (await depositWithReceipt(player, depositBody({ amount: 60_000 }))).json<PaymentRequestReceipt>();
      const id = Number(receipt.transactionId.slice(2));
      const idem = key();
      const heard: unknown[] = [];
      const stop = t.app.events.on('payment.decided', (event) => void heard.push(event));
      const first = await decide(agentA.cookie, id, 'approve', undefined, idem);
      const again = await decide(agentA.cookie, id, 'approve', undefined, idem);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(await balances(player)).toMatchObject({ creditBalance: 60_000 });
      // One decision, one event after its commit (on PostgreSQL it travels through NOTIFY); the replay adds none.
      await expect
        .poll(() => heard)
        .toEqual([{ playerId: player.playerId, requestId: id, kind: 'DEPOSIT', approved: true }]);
      stop();
    });

    it('replays a double-clicked approval sent twice at the same moment with one key', async () => {
      const player = await registerPlayer(t.app, { referralCode: agentA.code });
      const receipt = (await depositWithReceipt(player, depositBody({ amount: 65_000 }))).json<PaymentRequestReceipt>();
      const id = Number(receipt.transactionId.slice(2));
      const idem = key();
      const results = await Promise.all([1, 2, 3].map(() => decide(agentA.cookie, id, 'approve', undefined, idem)));
      for (const result of results) expect(result.statusCode, result.body).toBe(200);
      expect(results[1]?.json()).toEqual(results[0]?.json());
      expect(results[2]?.json()).toEqual(results[0]?.json());
      expect(await balances(player)).toMatchObject({ creditBalance: 65_000 });
    });

    it('scopes request keys per player and decision keys per staff member', async () => {
      const one = await registerPlayer(t.app, { referralCode: agentA.code });
      const two = await registerPlayer(t.app, { referralCode: agentA.code });
      const shared = key();
      const first = await pay(
        'initiateDeposit',
        one,
        depositBody({ idempotencyKey: shared, referenceNumber: 'SCOPE1' }),
      );
      // Another reference: one reference is open once, whoever submits it.
      const second = await pay(
        'initiateDeposit',
        two,
        depositBody({ idempotencyKey: shared, referenceNumber: 'SCOPE2' }),
      );
      expect(first.statusCode, first.body).toBe(200);
      expect(second.statusCode, second.body).toBe(200);
      const firstId = Number(first.json<PaymentRequestReceipt>().transactionId.slice(2));
      const secondId = Number(second.json<PaymentRequestReceipt>().transactionId.slice(2));
      expect(secondId).not.toBe(firstId);
      // One staff key on two requests is refused; another staff member's same key is their own.
      const idem = key();
      expect((await decide(agentA.cookie, firstId, 'decline', 'not seen', idem)).statusCode).toBe(200);
      expect((await decide(agentA.cookie, secondId, 'decline', 'not seen', idem)).statusCode).toBe(409);
      const other = await decide(master.cookie, secondId, 'decline', 'not seen', idem);
      expect(other.statusCode, other.body).toBe(200);
      expect(other.json<PaymentDecisionResponse>().request).toMatchObject({ id: secondId, status: 'DECLINED' });
    });

    it('rounds the +5% bonus of the 111 type down to the centavo', async () => {
      const player = await registerPlayer(t.app, { referralCode: agentA.code });
      const receipt = (
        await depositWithReceipt(player, depositBody({ receiverNumber: accounts.bonus?.id, amount: 10_019 }))
      ).json<PaymentRequestReceipt>();
      const approved = await decide(admin, Number(receipt.transactionId.slice(2)), 'approve');
      expect(approved.json<PaymentDecisionResponse>().request).toMatchObject({ amount: 10_019, bonus: 500 });
      expect(await balances(player)).toMatchObject({ creditBalance: 10_019, bonusBalance: 500 });
    });

    it('declines a deposit without moving money, and requires a reason', async () => {
      const player = await registerPlayer(t.app, { referralCode: agentA.code });
      const receipt = (await pay('initiateDeposit', player, depositBody())).json<PaymentRequestReceipt>();
      const id = Number(receipt.transactionId.slice(2));
      expect((await decide(agentA.cookie, id, 'decline', ' ')).json()).toMatchObject({
        statusMessage: PaymentMessages.declineNoteRequired,
      });
      expect((await decide(agentA.cookie, id, 'approve', undefined, 'short')).json()).toMatchObject({
        statusCode: 400,
      });
      const declined = await decide(agentA.cookie, id, 'decline', 'Reference not found in our GCash');
      expect(declined.json<PaymentDecisionResponse>().request.status).toBe('DECLINED');
      expect(await balances(player)).toMatchObject({ creditBalance: 0 });
      const [row] = (await pay('getTransactionHistory', player, { status: 'DECLINED' })).json<{
        creditHistory: CreditHistoryEntry[];
      }>().creditHistory;
      expect(row).toMatchObject({
        status: 'DECLINED',
        bonus: 0,
        notes: 'from my GCash · Reference not found in our GCash',
      });
    });
  });

  describe('verification scope (BOLA)', () => {
    it("lets agents see and decide only their own players' requests, master agents their agents'", async () => {
      const ofA = await registerPlayer(t.app, { referralCode: agentA.code });
      const receipt = (await depositWithReceipt(ofA, depositBody({ amount: 70_000 }))).json<PaymentRequestReceipt>();
      const id = Number(receipt.transactionId.slice(2));
      const listed = async (cookie: string) =>
        (await inject('GET', '/api/backoffice/payments?status=PENDING&kind=DEPOSIT', undefined, { cookie }))
          .json<PaymentRequestListResponse>()
          .requests.map((r) => r.id);

      expect(await listed(agentA.cookie)).toContain(id);
      expect(await listed(master.cookie)).toContain(id);
      expect(await listed(admin)).toContain(id);
      expect(await listed(agentB.cookie)).not.toContain(id);
      expect(await listed(otherMaster.cookie)).not.toContain(id);

      for (const cookie of [agentB.cookie, otherMaster.cookie]) {
        for (const decision of ['approve', 'decline'] as const) {
          const refused = await decide(cookie, id, decision, 'not mine');
          expect(refused.statusCode).toBe(404);
          expect(refused.json()).toMatchObject({ statusMessage: PaymentMessages.requestNotFound });
        }
      }
      expect(await balances(ofA)).toMatchObject({ creditBalance: 0 });
      expect((await decide(master.cookie, id, 'approve')).statusCode).toBe(200);
      expect(await balances(ofA)).toMatchObject({ creditBalance: 70_000 });
    });
  });

  describe('withdrawals', () => {
    it('refuses with every withdraw message; bonus can never be withdrawn', async () => {
      const player = await registerPlayer(t.app, { referralCode: agentA.code });
      await credit(player, 40_000);
      await inject(
        'POST',
        `/api/backoffice/players/${player.playerId}/adjustments`,
        { account: 'bonus', amount: 500_000, reason: 'bonus only' },
        { cookie: admin, 'idempotency-key': key() },
      );
      const range = 'The minimum amount withdraw was 200 and the maximum amount withdraw was 30,000.';
      const cases: [Record<string, unknown>, string, number][] = [
        [{ amount: 0 }, 'Withdraw amount cannot be empty.', 400],
        [{ amount: undefined }, 'Withdraw amount cannot be empty.', 400],
        [{ amount: 19_999 }, range, 400],
        [{ amount: 3_000_001 }, range, 400],
        [{ amount: 40_001 }, 'Your balance was not enough for your withdraw amount.', 409],
        [{ accountName: ' ' }, 'Account name cannot be empty.', 400],
        [{ accountNumber: '' }, 'Account number cannot be empty.', 400],
        [{ companyName: 'paypal' }, PaymentMessages.companyRequired, 400],
      ];
      for (const [overrides, message, status] of cases) {
        const response = await pay('initiateWithdraw', player, withdrawBody({ amount: 30_000, ...overrides }));
        expect(response.statusCode, JSON.stringify(overrides)).toBe(status);
        expect(response.json<{ statusMessage: string }>().statusMessage).toBe(message);
      }
      expect(await balances(player)).toEqual({ creditBalance: 40_000, bonusBalance: 500_000, withdrawHoldBalance: 0 });
    });

    it('holds the amount at once, and a decline returns it to credit', async () => {
      const player = await registerPlayer(t.app, { referralCode: agentA.code });
      await credit(player, 100_000);
      const response = await pay('initiateWithdraw', player, withdrawBody({ amount: 60_000, companyName: 'bdo' }));
      expect(response.statusCode, response.body).toBe(200);
      const receipt = response.json<PaymentRequestReceipt>();
      expect(receipt).toMatchObject({ amount: 60_000, creditBalance: 40_000, status: 'PENDING' });
      expect(receipt.transactionId).toMatch(/^WR\d{6}$/);
      expect(await balances(player)).toEqual({ creditBalance: 40_000, bonusBalance: 0, withdrawHoldBalance: 60_000 });

      const id = Number(receipt.transactionId.slice(2));
      const declined = await decide(agentA.cookie, id, 'decline', 'Account name does not match');
      expect(declined.statusCode, declined.body).toBe(200);
      expect(await balances(player)).toEqual({ creditBalance: 100_000, bonusBalance: 0, withdrawHoldBalance: 0 });
      const history = (await pay('getTransactionHistory', player, { type: 'WITHDRAWAL' })).json<{
        creditHistory: CreditHistoryEntry[];
      }>().creditHistory;
      expect(history).toEqual([
        expect.objectContaining({
          id: receipt.transactionId,
          creditType: 'WR',
          status: 'DECLINED',
          paymentType: 'BDO',
          companyName: 'bdo',
        }),
      ]);
      expect(await checkLedger(t.app.db)).toEqual([]);
    });

    it('pays the hold out on approval', async () => {
      const player = await registerPlayer(t.app, { referralCode: agentA.code });
      await credit(player, 100_000);
      const receipt = (
        await pay('initiateWithdraw', player, withdrawBody({ amount: 30_000 }))
      ).json<PaymentRequestReceipt>();
      expect((await decide(master.cookie, Number(receipt.transactionId.slice(2)), 'approve')).statusCode).toBe(200);
      expect(await balances(player)).toEqual({ creditBalance: 70_000, bonusBalance: 0, withdrawHoldBalance: 0 });
    });

    it('audits every decision with the staff member, the amount and the note', async () => {
      const player = await registerPlayer(t.app, { referralCode: agentA.code });
      await credit(player, 100_000);
      const ids: number[] = [];
      for (const amount of [20_000, 30_000]) {
        const receipt = (await pay('initiateWithdraw', player, withdrawBody({ amount }))).json<PaymentRequestReceipt>();
        ids.push(Number(receipt.transactionId.slice(2)));
      }
      const [paid, returned] = ids as [number, number];
      expect((await decide(master.cookie, paid, 'approve', 'sent from GCash')).statusCode).toBe(200);
      expect((await decide(agentA.cookie, returned, 'decline', 'wrong account name')).statusCode).toBe(200);
      const audit = await t.app.db
        .selectFrom('audit_log')
        .select(['actor_type', 'actor_id', 'action', 'target_id', 'details'])
        .where('target_type', '=', 'payment_request')
        .where('target_id', 'in', ids.map(String))
        .orderBy('id')
        .execute();
      expect(audit.map((a) => [a.actor_type, a.actor_id, a.action, a.target_id])).toEqual([
        ['staff', master.id, 'payment.withdraw_approved', String(paid)],
        ['staff', agentA.id, 'payment.withdraw_declined', String(returned)],
      ]);
      expect(audit.map((a) => JSON.parse(a.details) as Record<string, unknown>)).toEqual([
        expect.objectContaining({ playerId: player.playerId, amount: 20_000, note: 'sent from GCash' }),
        expect.objectContaining({ playerId: player.playerId, amount: 30_000, note: 'wrong account name' }),
      ]);
      expect(await balances(player)).toEqual({ creditBalance: 80_000, bonusBalance: 0, withdrawHoldBalance: 0 });
      expect(await checkLedger(t.app.db)).toEqual([]);
    });

    it('never exceeds credit with 50 concurrent requests', async () => {
      const player = await registerPlayer(t.app, { referralCode: agentA.code });
      await credit(player, 100_000);
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => pay('initiateWithdraw', player, withdrawBody({ amount: 30_000 }))),
      );
      const ok = responses.filter((r) => r.statusCode === 200);
      expect(ok).toHaveLength(3);
      for (const refused of responses.filter((r) => r.statusCode !== 200)) {
        expect(refused.json()).toMatchObject({ statusCode: 119, statusMessage: PaymentMessages.withdrawBalance });
      }
      expect(await balances(player)).toEqual({ creditBalance: 10_000, bonusBalance: 0, withdrawHoldBalance: 90_000 });
      expect(await checkLedger(t.app.db)).toEqual([]);
    });

    it('is idempotent: a retried request holds once', async () => {
      const player = await registerPlayer(t.app, { referralCode: agentA.code });
      await credit(player, 100_000);
      const body = withdrawBody({ amount: 25_000 });
      const results = await Promise.all([1, 2, 3].map(() => pay('initiateWithdraw', player, body)));
      expect(new Set(results.map((r) => r.json<PaymentRequestReceipt>().transactionId)).size).toBe(1);
      expect(await balances(player)).toMatchObject({ creditBalance: 75_000, withdrawHoldBalance: 25_000 });
    });
  });

  describe('withdrawals: double taps and amounts', () => {
    it('answers a double tap with one key alike, even when the credit covers only one of them', async () => {
      const player = await registerPlayer(t.app, { referralCode: agentA.code });
      await credit(player, 30_000);
      const body = withdrawBody({ amount: 30_000 });
      const results = await Promise.all([1, 2, 3, 4, 5].map(() => pay('initiateWithdraw', player, body)));
      for (const result of results) expect(result.statusCode, result.body).toBe(200);
      expect(new Set(results.map((r) => r.json<PaymentRequestReceipt>().transactionId)).size).toBe(1);
      expect(await balances(player)).toEqual({ creditBalance: 0, bonusBalance: 0, withdrawHoldBalance: 30_000 });
    });

    it('takes amounts only as integer centavos', async () => {
      const player = await registerPlayer(t.app, { referralCode: agentA.code });
      await credit(player, 100_000);
      for (const amount of ['30000', 30_000.5, -30_000, null, true]) {
        const response = await pay('initiateWithdraw', player, withdrawBody({ amount }));
        expect(response.statusCode, JSON.stringify(amount)).toBe(400);
      }
      expect((await pay('initiateWithdraw', player, withdrawBody({ playerName: 'x' }))).statusCode).toBe(400);
      expect(await balances(player)).toMatchObject({ creditBalance: 100_000, withdrawHoldBalance: 0 });
    });
  });

  describe('wallet history', () => {
    it('lists adjustments as SYSTEM-ADJ and filters by type and status', async () => {
      const player = await registerPlayer(t.app, { referralCode: agentA.code });
      await credit(player, 100_000);
      await pay('initiateWithdraw', player, withdrawBody({ amount: 20_000 }));
      await pay('initiateDeposit', player, depositBody({ amount: 5_000 }));
      const rows = async (filters: object) =>
        (await pay('getTransactionHistory', player, filters)).json<{ creditHistory: CreditHistoryEntry[] }>()
          .creditHistory;
      const all = await rows({});
      expect(all.map((r) => [r.creditType, r.paymentType, r.status])).toEqual([
        ['DR', 'GCASH', 'PENDING'],
        ['WR', 'GCASH', 'PENDING'],
        ['DR', 'SYSTEM-ADJ', 'APPROVED'],
      ]);
      expect(all[2]).toMatchObject({ amount: 100_000, notes: 'test funding' });
      expect((await rows({ type: 'WITHDRAWAL' })).map((r) => r.creditType)).toEqual(['WR']);
      expect((await rows({ type: 'DEPOSIT', status: 'PENDING' })).map((r) => r.paymentType)).toEqual(['GCASH']);
      expect((await rows({ status: 'APPROVED' })).map((r) => r.paymentType)).toEqual(['SYSTEM-ADJ']);
      expect((await pay('getTransactionHistory', player, { status: 'pending' })).statusCode).toBe(400);
    });
  });

  describe('balance push', () => {
    it("tells only the player's own sockets that their balance changed", async () => {
      const player = await registerPlayer(t.app, { referralCode: agentA.code });
      const other = await registerPlayer(t.app, { referralCode: agentA.code });
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `${address.replace('http', 'ws')}/ws`;
      const open = async (who: RegisteredPlayer) => {
        const socket = new WebSocket(url, { headers: { cookie: who.cookie } });
        const frames: string[] = [];
        socket.on('message', (data: Buffer) => frames.push(data.toString()));
        await new Promise((resolve) => socket.once('open', resolve));
        socket.send(`GAME_CONNECT:${who.playerId}:cookie`);
        // An accepted socket is first told to read its balance (what changed before it was live): it is live.
        await vi.waitFor(() => expect(frames).toContain(`BALANCE_CHANGED:${who.playerId}`), { timeout: 30_000 });
        frames.length = 0;
        return { socket, frames };
      };
      const mine = await open(player);
      const theirs = await open(other);
      const receipt = (await depositWithReceipt(player, depositBody({ amount: 5_000 }))).json<PaymentRequestReceipt>();
      expect((await decide(admin, Number(receipt.transactionId.slice(2)), 'approve')).statusCode).toBe(200);
      const deadline = Date.now() + 5000;
      while (!mine.frames.includes(`BALANCE_CHANGED:${player.playerId}`) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(mine.frames).toContain(`BALANCE_CHANGED:${player.playerId}`);
      expect(theirs.frames.some((f) => f.startsWith('BALANCE_CHANGED'))).toBe(false);
      mine.socket.close();
      theirs.socket.close();
    });
  });

  describe('receipt reading', () => {
    it('refuses what is not a small PNG, JPEG or WebP', async () => {
      const player = await registerPlayer(t.app, { referralCode: agentA.code });
      const notImage = await pay('imageExtract', player, { image: Buffer.from('hello world').toString('base64') });
      expect(notImage.json()).toMatchObject({ statusMessage: PaymentMessages.receiptType });
      const tooLarge = Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.alloc(4 * 1024 * 1024),
      ]);
      const large = await pay('imageExtract', player, { image: tooLarge.toString('base64') });
      expect(large.json()).toMatchObject({ statusMessage: PaymentMessages.receiptTooLarge });
    });

    it('checks the base64 text in linear time: a crafted upload cannot stall the server', async () => {
      const player = await registerPlayer(t.app, { referralCode: agentA.code });
      const started = Date.now();
      const crafted = await pay('imageExtract', player, { image: `A${' '.repeat(100_000)}!` });
      expect(crafted.json()).toMatchObject({ statusCode: 400, statusMessage: PaymentMessages.receiptType });
      expect(Date.now() - started).toBeLessThan(2_000);
    });

    it('refuses an image of too many pixels from its header, before decoding it', async () => {
      const player = await registerPlayer(t.app, { referralCode: agentA.code });
      // A few kilobytes that claim 30,000 x 30,000 pixels: decoding would need gigabytes.
      const u32 = (n: number) => {
        const b = Buffer.alloc(4);
        b.writeUInt32BE(n);
        return b;
      };
      const png = Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        u32(13),
        Buffer.from('IHDR'),
        u32(30_000),
        u32(30_000),
        Buffer.from([8, 0, 0, 0, 0]),
        Buffer.alloc(4),
        Buffer.alloc(2048),
      ]);
      const jpeg = Buffer.concat([
        Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
        Buffer.from('JFIF\0'),
        Buffer.alloc(9),
        Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0x75, 0x30, 0x75, 0x30, 0x03]),
        Buffer.alloc(9),
        Buffer.alloc(2048),
      ]);
      const vp8x = Buffer.alloc(30);
      vp8x.write('RIFF', 0);
      vp8x.writeUInt32LE(22 + 2048, 4);
      vp8x.write('WEBP', 8);
      vp8x.write('VP8X', 12);
      vp8x.writeUInt32LE(10, 16);
      vp8x.writeUIntLE(29_999, 24, 3);
      vp8x.writeUIntLE(29_999, 27, 3);
      const webp = Buffer.concat([vp8x, Buffer.alloc(2048)]);
      for (const image of [png, jpeg, webp]) {
        const response = await pay('imageExtract', player, { image: image.toString('base64') });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toMatchObject({ statusMessage: PaymentMessages.receiptDimensions });
      }
    });

    it('reads the reference number and amount of a GCash receipt offline', async () => {
      const player = await registerPlayer(t.app, { referralCode: agentA.code });
      const png = renderReceipt({
        layout: 'gcash',
        amount: 125_000,
        printedReference: '7012 345 678901',
        expectedReference: '7012345678901',
      });
      const response = await pay('imageExtract', player, { image: `data:image/png;base64,${png.toString('base64')}` });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        statusCode: 200,
        referenceNumber: '7012345678901',
        amount: 125_000,
        receiptId: expect.any(Number),
      });
    });
  });
});
