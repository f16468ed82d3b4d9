import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApprovalMessages,
  BackofficeMessages,
  KycRoutes,
  PaymentMessages,
  type AdjustmentResponse,
  type BalanceAdjustmentDecisionResponse,
  type DepositAccountView,
  type KycPlayerResponse,
  type PaymentDecisionResponse,
  type PaymentRequestReceipt,
} from '@karera/shared';
import { basePictures } from '../../../test/malformed-images.ts';
import { registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { independentAdmin } from '../../../test/second-admin.ts';
import { backdateStaff, insertStaffMember, testAdminId, type StaffMember } from '../../../test/staff-members.ts';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { playerBalances, checkLedger } from '../wallet/index.ts';
import { renderReceipt } from './receipt-fixtures.ts';

const key = () => `k-${randomUUID()}`;

/**
 * Issue 30 §1, walked as the dishonest staff member would (decision 042): a puppet second approver, one
 * admin alone, one agent's invented deposits. Each chain runs through the real API and ends with no money
 * out of the house that did not come in: what the player holds, has on hold and was paid is what an
 * honest approval credited, and the ledger balances.
 */
describe(`insider chains (${testDialect})`, () => {
  let t: TestApp;
  let founder: { id: number; cookie: string };
  let gcash: DepositAccountView;
  let pictures: Awaited<ReturnType<typeof basePictures>>;

  const inject = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object, idem?: string) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
      headers: { cookie, ...(idem ? { 'idempotency-key': idem } : {}) },
    });
  const decide = (cookie: string, id: number, decision: 'approve' | 'decline', payload: object = {}) =>
    inject('POST', `/api/backoffice/payments/${id}/${decision}`, cookie, payload, key());
  const adjust = (cookie: string, playerId: number, amount: number) =>
    inject(
      'POST',
      `/api/backoffice/players/${playerId}/adjustments`,
      cookie,
      { account: 'credit', amount, reason: 'Goodwill credit' },
      key(),
    );
  const decideAdjustment = (cookie: string, id: number) =>
    inject('POST', `/api/backoffice/adjustments/${id}/approve`, cookie, {}, key());
  const refusal = (response: { statusCode: number; json: () => unknown }) => ({
    status: response.statusCode,
    message: (response.json() as { statusMessage?: string }).statusMessage,
  });

  let referenceSeq = 0;
  const newReference = () => `70${String(Date.now()).slice(-8)}${String((referenceSeq += 1) % 1000).padStart(3, '0')}`;

  /** The player's deposit request; with `receipt`, a GCash screenshot read by the receipt reader first. */
  async function deposit(
    player: RegisteredPlayer,
    amount: number,
    receipt?: { amount: number; reference: string },
  ): Promise<number> {
    const reference = receipt?.reference ?? newReference();
    let receiptId: number | undefined;
    if (receipt) {
      const png = renderReceipt({
        layout: 'gcash',
        amount: receipt.amount,
        printedReference: receipt.reference,
        expectedReference: receipt.reference,
      });
      const read = await inject('POST', '/api/payment/imageExtract', player.cookie, {
        image: `data:image/png;base64,${png.toString('base64')}`,
      });
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json()).toMatchObject({ amount: receipt.amount, referenceNumber: receipt.reference });
      receiptId = read.json<{ receiptId: number }>().receiptId;
    }
    const response = await inject('POST', '/api/payment/initiateDeposit', player.cookie, {
      amount,
      senderNumber: '09171234567',
      receiverNumber: gcash.id,
      referenceNumber: reference,
      idempotencyKey: key(),
      ...(receiptId === undefined ? {} : { receiptId }),
    });
    expect(response.statusCode, response.body).toBe(200);
    return Number(response.json<PaymentRequestReceipt>().transactionId.slice(2));
  }

  async function withdrawal(player: RegisteredPlayer, amount: number): Promise<number> {
    const response = await inject('POST', '/api/payment/initiateWithdraw', player.cookie, {
      amount,
      companyName: 'gcash',
      accountName: 'Maria Santos',
      accountNumber: '09171234567',
      idempotencyKey: key(),
    });
    expect(response.statusCode, response.body).toBe(200);
    return Number(response.json<PaymentRequestReceipt>().transactionId.slice(2));
  }

  /**
   * No money from nothing: the player's credit, hold and paid-out withdrawals add up to what honest
   * approvals let in, and the ledger balances.
   */
  async function expectNoMoneyFromNothing(player: RegisteredPlayer, honestlyIn: number) {
    const balances = await playerBalances(t.app.db, player.playerId);
    const paid = await t.app.db
      .selectFrom('payment_requests')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
      .where('player_id', '=', player.playerId)
      .where('kind', '=', 'WITHDRAW')
      .where('status', '=', 'APPROVED')
      .executeTakeFirstOrThrow();
    const held = await t.app.db
      .selectFrom('payment_requests')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
      .where('player_id', '=', player.playerId)
      .where('kind', '=', 'WITHDRAW')
      .where('status', '=', 'PENDING')
      .executeTakeFirstOrThrow();
    expect(balances.creditBalance + Number(held.total) + Number(paid.total)).toBe(honestlyIn);
    expect(await checkLedger(t.app.db)).toEqual([]);
  }

  beforeAll(async () => {
    t = await createTestApp({ PLAYER_AUTH_RATE_LIMIT: '1000', STAFF_LOGIN_RATE_LIMIT: '1000' });
    founder = {
      id: await testAdminId(t.app),
      cookie: await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password),
    };
    const account = await inject('POST', '/api/backoffice/deposit-accounts', founder.cookie, {
      type: 'GCASH',
      accountName: 'Karera One',
      accountNumber: '09170000001',
      active: true,
    });
    expect(account.statusCode, account.body).toBe(200);
    gcash = account.json<{ account: DepositAccountView }>().account;
    pictures = await basePictures();
  });
  afterAll(async () => {
    await t?.close();
  });

  /**
   * The audit trail of the given staff members since a row, their sign-ins left out: each action and each
   * refusal, as `who action target` (a refusal: `who refused URL: message`).
   */
  async function auditTrail(since: number, staff: Record<string, number>) {
    const names = new Map(Object.entries(staff).map(([name, id]) => [id, name]));
    const rows = await t.app.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'target_type', 'target_id', 'details'])
      .where('id', '>', since)
      .where('actor_type', '=', 'staff')
      .where('actor_id', 'in', [...names.keys()])
      .orderBy('id')
      .execute();
    return rows
      .filter((row) => !row.action.startsWith('staff.login') && !row.action.startsWith('staff.two_factor'))
      .map((row) => {
        const who = names.get(row.actor_id ?? 0);
        if (row.action !== 'staff.refused') return `${who} ${row.action} ${row.target_type}:${row.target_id}`;
        const details = JSON.parse(row.details) as { url: string; message: string };
        return `${who} refused ${details.url}: ${details.message}`;
      });
  }
  const lastAuditId = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
    );

  it('a puppet second approver: the master agent’s own new agent never counts, nor does the master agent after them', async () => {
    const since = await lastAuditId();
    // An established master agent, made by the founding admin a month ago.
    const master = await insertStaffMember(t.app, {
      role: 'master_agent',
      displayName: 'Master Mallory',
      createdBy: founder.id,
      ageDays: 30,
    });
    // 1. The master agent creates an agent: a password, nothing else.
    const code = `P${randomUUID().slice(0, 6)}`.toUpperCase();
    const username = `puppet-${randomUUID().slice(0, 6)}`;
    const created = await inject('POST', '/api/backoffice/agents', master.cookie, {
      username,
      displayName: 'Puppet',
      password: 'puppet-password-1',
      referralCode: code,
    });
    expect(created.statusCode, created.body).toBe(200);
    const puppet: StaffMember = {
      id: created.json<{ agent: { id: number } }>().agent.id,
      username,
      cookie: await staffCookie(t.app, username, 'puppet-password-1'),
    };
    const player = await registerPlayer(t.app, { referralCode: code });

    // 2. A ₱99,999 deposit with a reference nobody can check; the puppet gives the first approval.
    const invented = await deposit(player, 9_999_900);
    const first = await decide(puppet.cookie, invented, 'approve');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<PaymentDecisionResponse>().request).toMatchObject({
      status: 'PENDING',
      firstApprovedBy: 'Puppet',
      secondApprovalReason: 'amount',
      secondApproverRole: 'master_agent_or_admin',
    });

    // 3. The master agent gives the second: refused, they created the puppet and are its upline.
    expect(refusal(await decide(master.cookie, invented, 'approve'))).toEqual({
      status: 403,
      message: ApprovalMessages.secondPersonInLine,
    });
    // A week later it is still their puppet.
    await backdateStaff(t.app, puppet.id, 8);
    expect(refusal(await decide(master.cookie, invented, 'approve'))).toEqual({
      status: 403,
      message: ApprovalMessages.secondPersonInLine,
    });
    // The other way round: the master agent first, the puppet second.
    const another = await deposit(player, 2_000_000);
    expect((await decide(master.cookie, another, 'approve')).json<PaymentDecisionResponse>().request.status).toBe(
      'PENDING',
    );
    expect(refusal(await decide(puppet.cookie, another, 'approve'))).toEqual({
      status: 403,
      message: ApprovalMessages.secondApproverRole('master_agent'),
    });
    // An admin the system created, a day old, is outside every line and past no probation: they decline.
    const honestAdmin = await independentAdmin(t.app, 'chain-a');
    expect((await decide(honestAdmin.cookie, invented, 'decline', { note: 'No such transfer' })).statusCode).toBe(200);
    expect((await decide(honestAdmin.cookie, another, 'decline', { note: 'No such transfer' })).statusCode).toBe(200);
    expect((await playerBalances(t.app.db, player.playerId)).creditBalance).toBe(0);

    // 4. The ₱30,000 withdrawal: with nothing credited there is nothing to withdraw.
    const nothing = await inject('POST', '/api/payment/initiateWithdraw', player.cookie, {
      amount: 3_000_000,
      companyName: 'gcash',
      accountName: 'Maria Santos',
      accountNumber: '09171234567',
      idempotencyKey: key(),
    });
    expect(nothing.json()).toMatchObject({ statusMessage: PaymentMessages.withdrawBalance });

    // Even with real money in (a ₱30,000 transfer the master agent and an independent admin both checked),
    // the master agent who approved it cannot approve its way out, nor can the puppet.
    const reference = newReference();
    const real = await deposit(player, 3_000_000, { amount: 3_000_000, reference });
    expect((await decide(master.cookie, real, 'approve')).json<PaymentDecisionResponse>().request.status).toBe(
      'PENDING',
    );
    const otherAdmin = await independentAdmin(t.app, 'chain-a2');
    expect((await decide(otherAdmin.cookie, real, 'approve')).json<PaymentDecisionResponse>().request.status).toBe(
      'APPROVED',
    );
    const out = await withdrawal(player, 3_000_000);
    for (const cookie of [master.cookie, puppet.cookie, otherAdmin.cookie]) {
      expect(refusal(await decide(cookie, out, 'approve'))).toEqual({
        status: 403,
        message: ApprovalMessages.withdrawalAfterCredit,
      });
    }
    // The honest admin who declined the invented deposits credited nothing: they may pay the real money out.
    expect((await decide(honestAdmin.cookie, out, 'approve')).statusCode).toBe(200);
    await expectNoMoneyFromNothing(player, 3_000_000);
    // Every step is in the audit trail, each refusal with the words the staff member saw.
    const decision = (id: number) => `/api/backoffice/payments/${id}/approve`;
    expect(
      await auditTrail(since, {
        master: master.id,
        puppet: puppet.id,
        honestAdmin: honestAdmin.id,
        otherAdmin: otherAdmin.id,
      }),
    ).toEqual([
      `master staff.created staff:${puppet.id}`,
      `puppet payment.deposit_first_approved payment_request:${invented}`,
      `master refused ${decision(invented)}: ${ApprovalMessages.secondPersonInLine}`,
      `master refused ${decision(invented)}: ${ApprovalMessages.secondPersonInLine}`,
      `master payment.deposit_first_approved payment_request:${another}`,
      `puppet refused ${decision(another)}: ${ApprovalMessages.secondApproverRole('master_agent')}`,
      `honestAdmin payment.deposit_declined payment_request:${invented}`,
      `honestAdmin payment.deposit_declined payment_request:${another}`,
      `master payment.deposit_first_approved payment_request:${real}`,
      `otherAdmin payment.deposit_approved payment_request:${real}`,
      `master refused ${decision(out)}: ${ApprovalMessages.withdrawalAfterCredit}`,
      `puppet refused ${decision(out)}: ${ApprovalMessages.withdrawalAfterCredit}`,
      `otherAdmin refused ${decision(out)}: ${ApprovalMessages.withdrawalAfterCredit}`,
      `honestAdmin payment.withdraw_approved payment_request:${out}`,
    ]);
  });

  it('a puppet that lets money in alone: nobody in its line lets it out, its creator and their creator included', async () => {
    const master = await insertStaffMember(t.app, {
      role: 'master_agent',
      displayName: 'Master Marvin',
      createdBy: founder.id,
      ageDays: 30,
    });
    // The master agent makes an agent whose password they chose: an account they hold.
    const code = `Q${randomUUID().slice(0, 6)}`.toUpperCase();
    const username = `puppet-${randomUUID().slice(0, 6)}`;
    const created = await inject('POST', '/api/backoffice/agents', master.cookie, {
      username,
      displayName: 'Puppet Two',
      password: 'puppet-password-2',
      referralCode: code,
    });
    expect(created.statusCode, created.body).toBe(200);
    const puppet = {
      id: created.json<{ agent: { id: number } }>().agent.id,
      cookie: await staffCookie(t.app, username, 'puppet-password-2'),
    };
    const player = await registerPlayer(t.app, { referralCode: code });

    // A ₱5,000 deposit whose receipt reads as the request: one approval, the puppet's, moves it.
    const reference = newReference();
    const credited = await deposit(player, 500_000, { amount: 500_000, reference });
    const approved = await decide(puppet.cookie, credited, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<PaymentDecisionResponse>().request.status).toBe('APPROVED');

    const out = await withdrawal(player, 500_000);
    // The puppet itself, as before; then the master agent who made it and holds it, and the founding admin
    // who made the master agent: each is in the puppet's line.
    expect(refusal(await decide(puppet.cookie, out, 'approve'))).toEqual({
      status: 403,
      message: ApprovalMessages.withdrawalAfterCredit,
    });
    for (const cookie of [master.cookie, founder.cookie]) {
      expect(refusal(await decide(cookie, out, 'approve'))).toEqual({
        status: 403,
        message: ApprovalMessages.withdrawalAfterLineCredit,
      });
    }
    expect((await playerBalances(t.app.db, player.playerId)).creditBalance).toBe(0);
    // An admin outside the line may pay it out.
    const outsider = await independentAdmin(t.app, 'chain-line');
    expect((await decide(outsider.cookie, out, 'approve')).statusCode).toBe(200);
    await expectNoMoneyFromNothing(player, 500_000);
  });

  it('one admin alone: five ₱10,000 adjustments, an admin they made, a day’s limit, and their verified player’s withdrawal', async () => {
    const since = await lastAuditId();
    const admin = await independentAdmin(t.app, 'chain-b');
    const player = await registerPlayer(t.app);

    // 1. Five adjustments of ₱10,000 to one player: the first moves, the day's sum then needs a second admin.
    const answers: AdjustmentResponse[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await adjust(admin.cookie, player.playerId, 1_000_000);
      expect(response.statusCode, response.body).toBe(200);
      answers.push(response.json<AdjustmentResponse>());
    }
    expect(answers.map((answer) => answer.status)).toEqual(['APPROVED', 'PENDING', 'PENDING', 'PENDING', 'PENDING']);
    expect((await playerBalances(t.app.db, player.playerId)).creditBalance).toBe(1_000_000);
    const pendingId = answers[1]?.adjustmentId ?? 0;
    expect(refusal(await decideAdjustment(admin.cookie, pendingId))).toEqual({
      status: 403,
      message: ApprovalMessages.sameApprover,
    });

    // 2. An admin they created, however long ago, never counts as the second admin.
    const madeByThem = await insertStaffMember(t.app, { role: 'admin', createdBy: admin.id, ageDays: 400 });
    expect(refusal(await decideAdjustment(madeByThem.cookie, pendingId))).toEqual({
      status: 403,
      message: ApprovalMessages.secondPersonInLine,
    });
    // Nor a colleague another admin made this week.
    const newcomer = await insertStaffMember(t.app, { role: 'admin', createdBy: founder.id, ageDays: 2 });
    expect(refusal(await decideAdjustment(newcomer.cookie, pendingId))).toEqual({
      status: 403,
      message: ApprovalMessages.secondPersonOnProbation,
    });
    expect((await playerBalances(t.app.db, player.playerId)).creditBalance).toBe(1_000_000);

    // 3. Small adjustments to many players add up to the admin's daily limit (₱1,000,000 by default),
    // which counts their own adjustments as well as the ones waiting: ₱50,000 so far.
    let refusedAt: { status: number; message: string | undefined } | null = null;
    let creditedElsewhere = 0;
    for (let i = 0; i < 100 && refusedAt === null; i += 1) {
      const other = await registerPlayer(t.app);
      const response = await adjust(admin.cookie, other.playerId, 1_000_000);
      if (response.statusCode === 200) creditedElsewhere += 1_000_000;
      else refusedAt = refusal(response);
    }
    expect(creditedElsewhere).toBe(95_000_000);
    expect(refusedAt).toEqual({ status: 400, message: ApprovalMessages.dailyLimit(100_000_000, 100_000_000) });

    // 5. The admin verifies the player's identity, then tries to approve their withdrawal.
    const submitted = await inject('POST', KycRoutes.submit, player.cookie, {
      legalName: 'Maria Clara Santos',
      dateOfBirth: '1990-05-17',
      idType: 'philsys',
      idNumber: `N${Date.now()}`,
      idPhoto: pictures.png.toString('base64'),
      selfie: pictures.jpeg.toString('base64'),
      declarations: {
        notStudent: true,
        notGovernmentOfficial: true,
        notMilitaryOrPolice: true,
        notRacingEmployee: true,
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const submissions = await inject('GET', KycRoutes.player(player.playerId), admin.cookie);
    const [submission] = submissions.json<KycPlayerResponse>().submissions;
    const verified = await inject('POST', `${KycRoutes.submission(submission?.id ?? 0)}/approve`, admin.cookie, {});
    expect(verified.statusCode, verified.body).toBe(200);
    const out = await withdrawal(player, 1_000_000);
    expect(refusal(await decide(admin.cookie, out, 'approve'))).toEqual({
      status: 403,
      message: ApprovalMessages.withdrawalAfterIdentityCheck,
    });
    // An admin who only approved an adjustment of the player's this week is refused too.
    const secondAdmin = await independentAdmin(t.app, 'chain-b2');
    const approved = await decideAdjustment(secondAdmin.cookie, pendingId);
    expect(approved.json<BalanceAdjustmentDecisionResponse>().adjustment.status).toBe('APPROVED');
    expect(refusal(await decide(secondAdmin.cookie, out, 'approve'))).toEqual({
      status: 403,
      message: ApprovalMessages.withdrawalAfterCredit,
    });
    // Neither of them can pay it; the withdrawal waits for someone who let nothing in.
    expect((await playerBalances(t.app.db, player.playerId)).creditBalance).toBe(1_000_000);
    await expectNoMoneyFromNothing(player, 2_000_000);
    // Every step that touched this player is in the audit trail, each refusal with its words.
    const trail = await auditTrail(since, {
      admin: admin.id,
      madeByThem: madeByThem.id,
      newcomer: newcomer.id,
      secondAdmin: secondAdmin.id,
    });
    const adjustmentDecision = `/api/backoffice/adjustments/${pendingId}/approve`;
    expect(trail.filter((line) => !line.includes(' player:') || line.endsWith(` player:${player.playerId}`))).toEqual([
      `admin player.balance_adjusted player:${player.playerId}`,
      ...Array.from({ length: 4 }, () => `admin player.balance_adjustment_requested player:${player.playerId}`),
      `admin refused ${adjustmentDecision}: ${ApprovalMessages.sameApprover}`,
      `madeByThem refused ${adjustmentDecision}: ${ApprovalMessages.secondPersonInLine}`,
      `newcomer refused ${adjustmentDecision}: ${ApprovalMessages.secondPersonOnProbation}`,
      expect.stringMatching(/^admin kyc\.approved kyc_submission:\d+$/),
      `admin refused /api/backoffice/payments/${out}/approve: ${ApprovalMessages.withdrawalAfterIdentityCheck}`,
      `secondAdmin player.balance_adjusted player:${player.playerId}`,
      `secondAdmin refused /api/backoffice/payments/${out}/approve: ${ApprovalMessages.withdrawalAfterCredit}`,
    ]);
    // The 95 small adjustments to other players are each there too.
    expect(trail.filter((line) => line.startsWith('admin player.balance_adjusted ')).length).toBe(96);
  });

  it('one agent’s invented deposits: no receipt or a receipt that says otherwise waits for a second approver; their player’s withdrawal is not theirs to approve', async () => {
    const since = await lastAuditId();
    const master = await insertStaffMember(t.app, { role: 'master_agent', createdBy: founder.id, ageDays: 60 });
    const code = `C${randomUUID().slice(0, 6)}`.toUpperCase();
    const agent = await insertStaffMember(t.app, {
      role: 'agent',
      displayName: 'Agent Carlo',
      parentId: master.id,
      referralCode: code,
      createdBy: master.id,
      ageDays: 60,
    });
    const player = await registerPlayer(t.app, { referralCode: code });

    // 1. ₱5,000 with a reference nobody can check, no receipt: the agent's approval is a first of two.
    const noReceipt = await deposit(player, 500_000);
    expect((await decide(agent.cookie, noReceipt, 'approve')).json<PaymentDecisionResponse>().request).toMatchObject({
      status: 'PENDING',
      secondApprovalReason: 'no_receipt',
      secondApproverRole: 'master_agent_or_admin',
    });
    // 2. A real ₱500 receipt sent with a ₱5,000 request: the reading does not match, two approvals again.
    const mismatch = await deposit(player, 500_000, { amount: 50_000, reference: newReference() });
    const mismatched = await decide(agent.cookie, mismatch, 'approve');
    expect(mismatched.json<PaymentDecisionResponse>().request).toMatchObject({
      status: 'PENDING',
      secondApprovalReason: 'receipt_mismatch',
      receiptReading: { amount: 50_000 },
    });
    // Their own master agent is their creator and upline: not a second person.
    expect(refusal(await decide(master.cookie, mismatch, 'approve'))).toEqual({
      status: 403,
      message: ApprovalMessages.secondPersonInLine,
    });
    expect((await playerBalances(t.app.db, player.playerId)).creditBalance).toBe(0);

    // 3. A ₱2,000 transfer whose receipt says exactly that: one approval, honest money in.
    const reference = newReference();
    const honest = await deposit(player, 200_000, { amount: 200_000, reference });
    expect((await decide(agent.cookie, honest, 'approve')).json<PaymentDecisionResponse>().request).toMatchObject({
      status: 'APPROVED',
      secondApprovalReason: null,
    });

    // 4. The same day the agent approves the player's withdrawal: refused.
    const out = await withdrawal(player, 200_000);
    expect(refusal(await decide(agent.cookie, out, 'approve'))).toEqual({
      status: 403,
      message: ApprovalMessages.withdrawalAfterCredit,
    });
    // Nor may the agent credit the player by an adjustment: that is an admin's, and the attempt is recorded.
    expect(refusal(await adjust(agent.cookie, player.playerId, 500_000))).toEqual({
      status: 403,
      message: BackofficeMessages.forbidden,
    });
    // Nor the master agent who made the agent and leads them: someone in the agent's line let the money in.
    expect(refusal(await decide(master.cookie, out, 'approve'))).toEqual({
      status: 403,
      message: ApprovalMessages.withdrawalAfterLineCredit,
    });
    // An admin outside the line pays the honest ₱2,000 out; the invented ₱5,000 never was credit.
    const outsider = await independentAdmin(t.app, 'chain-c');
    expect((await decide(outsider.cookie, out, 'approve')).statusCode).toBe(200);
    await expectNoMoneyFromNothing(player, 200_000);
    expect(await auditTrail(since, { master: master.id, agent: agent.id, outsider: outsider.id })).toEqual([
      `agent payment.deposit_first_approved payment_request:${noReceipt}`,
      `agent payment.deposit_first_approved payment_request:${mismatch}`,
      `master refused /api/backoffice/payments/${mismatch}/approve: ${ApprovalMessages.secondPersonInLine}`,
      `agent payment.deposit_approved payment_request:${honest}`,
      `agent refused /api/backoffice/payments/${out}/approve: ${ApprovalMessages.withdrawalAfterCredit}`,
      `agent refused /api/backoffice/players/${player.playerId}/adjustments: ${BackofficeMessages.forbidden}`,
      `master refused /api/backoffice/payments/${out}/approve: ${ApprovalMessages.withdrawalAfterLineCredit}`,
      `outsider payment.withdraw_approved payment_request:${out}`,
    ]);
  });
});
