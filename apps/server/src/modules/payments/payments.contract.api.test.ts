import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PaymentAdminOperations, PaymentOperations, type Operation, type ResponseOf } from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { independentAdmin } from '../../../test/second-admin.ts';
import { registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { renderReceipt } from './receipt-fixtures.ts';

const key = () => `k-${randomUUID()}`;
const SECURITY = { public: [], player: [{ playerSession: [] }], staff: [{ staffSession: [] }] } as const;

/** The payment calls, player and back office, answer what the API's contract declares, and the description says so. */
describe(`the payment calls and their contract (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let secondAdmin: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    // Outside the first admin's line and past probation: an independent second admin (decision 042).
    secondAdmin = (await independentAdmin(t.app)).cookie;
  });
  afterAll(async () => {
    await t.close();
  });

  /** Calls the operation and checks the answer against its schema (a parse that throws is a mismatch). */
  async function answer<O extends Operation>(
    operation: O,
    url: string,
    payload: object | undefined,
    cookie: string,
    headers: Record<string, string> = {},
  ): Promise<ResponseOf<O>> {
    const response = await t.app.inject({
      method: operation.method,
      url,
      ...(payload === undefined ? {} : { payload }),
      headers: { cookie, ...headers },
    });
    expect(response.statusCode, response.body).toBe(200);
    return z.parse<O['response']>(operation.response, response.json());
  }

  it('describes every payment operation with its answer, refusals and security', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>;
    }>();
    for (const operation of [...Object.values(PaymentOperations), ...Object.values(PaymentAdminOperations)]) {
      const path = operation.path.replace(/:(\w+)/g, '{$1}');
      const described = document.paths[path]?.[operation.method.toLowerCase()];
      expect(described, `${operation.method} ${path}`).toBeDefined();
      expect(Object.keys(described?.responses ?? {})).toEqual(expect.arrayContaining(['200', '4XX', '5XX']));
      expect(described?.security ?? []).toEqual(SECURITY[operation.auth]);
    }
  });

  it("answers a player's deposit, withdrawal, receipt and history, and staff's decisions, as declared", async () => {
    const { createDepositAccount, updateDepositAccount, depositAccounts, requests, approve, decline } =
      PaymentAdminOperations;
    const created = await answer(
      createDepositAccount,
      createDepositAccount.path,
      { type: 'GCASH', accountName: 'Karera Contract', accountNumber: '09170000042', active: true },
      admin,
    );
    const accountId = created.account.id;
    await answer(
      updateDepositAccount,
      `${depositAccounts.path}/${accountId}`,
      { type: 'GCASH', accountName: 'Karera Contract', accountNumber: '09170000042', active: true },
      admin,
    );
    const listed = await answer(depositAccounts, depositAccounts.path, undefined, admin);
    expect(listed.accounts.map((account) => account.id)).toContain(accountId);

    const player: RegisteredPlayer = await registerPlayer(t.app);
    const method = await answer(
      PaymentOperations.getDepositMethod,
      PaymentOperations.getDepositMethod.path,
      {},
      player.cookie,
    );
    expect(method.withdrawChannels.length).toBeGreaterThan(0);
    const receipt = renderReceipt({
      layout: 'gcash',
      amount: 125_000,
      printedReference: '7012 345 678901',
      expectedReference: '7012345678901',
    });
    const extracted = await answer(
      PaymentOperations.imageExtract,
      PaymentOperations.imageExtract.path,
      { image: `data:image/png;base64,${receipt.toString('base64')}` },
      player.cookie,
    );
    const deposit = (referenceNumber: string, receiptId?: number) =>
      answer(
        PaymentOperations.initiateDeposit,
        PaymentOperations.initiateDeposit.path,
        {
          amount: 125_000,
          senderNumber: '09171234567',
          receiverNumber: accountId,
          referenceNumber,
          idempotencyKey: key(),
          ...(receiptId === undefined ? {} : { receiptId }),
        },
        player.cookie,
      );
    // The receipt's reading is the request's: one approval credits it (decision 042).
    expect(extracted).toMatchObject({ amount: 125_000, referenceNumber: '7012345678901' });
    const approved = await deposit('7012345678901', extracted.receiptId);
    const declined = await deposit(`${Date.now()}2`);
    const idOf = (transactionId: string) => Number(transactionId.slice(2));

    const pending = await answer(requests, `${requests.path}?status=PENDING&kind=DEPOSIT`, undefined, admin);
    expect(pending.requests.map((request) => request.transactionId)).toContain(approved.transactionId);
    const approval = await answer(approve, `${requests.path}/${idOf(approved.transactionId)}/approve`, {}, admin, {
      'idempotency-key': key(),
    });
    expect(approval.request).toMatchObject({ status: 'APPROVED', hasReceipt: true });
    const refusal = await answer(
      decline,
      `${requests.path}/${idOf(declined.transactionId)}/decline`,
      { note: 'No such transfer' },
      admin,
      { 'idempotency-key': key() },
    );
    expect(refusal.request).toMatchObject({ status: 'DECLINED', decisionNote: 'No such transfer' });

    const withdrawal = await answer(
      PaymentOperations.initiateWithdraw,
      PaymentOperations.initiateWithdraw.path,
      {
        amount: 50_000,
        companyName: 'gcash',
        accountName: 'Maria Santos',
        accountNumber: '09171234567',
        idempotencyKey: key(),
      },
      player.cookie,
    );
    expect(withdrawal).toMatchObject({ status: 'PENDING', creditBalance: 75_000 });
    const history = await answer(
      PaymentOperations.getTransactionHistory,
      PaymentOperations.getTransactionHistory.path,
      { type: 'ALL', status: 'ALL' },
      player.cookie,
    );
    expect(history.creditHistory.map((row) => row.creditType)).toEqual(expect.arrayContaining(['DR', 'WR']));
  });

  it('answers the limits, the approval settings and the adjustments waiting for a second admin, as declared', async () => {
    const { limits, setLimits, approvalSettings, setApprovalSettings, adjustments } = PaymentAdminOperations;
    const current = await answer(limits, limits.path, undefined, admin);
    // A settings form proposes (decision 045): the answer is the request waiting for a second admin.
    const proposedLimits = await answer(
      setLimits,
      setLimits.path,
      { deposit: { ...current.deposit, max: current.deposit.max - 100 }, withdraw: current.withdraw },
      admin,
    );
    expect(proposedLimits.request).toMatchObject({ status: 'pending', kind: 'payments.limits' });
    const settings = await answer(approvalSettings, approvalSettings.path, undefined, admin);
    const { statusCode: _statusCode, ...input } = settings;
    const proposedSettings = await answer(
      setApprovalSettings,
      setApprovalSettings.path,
      { ...input, promoSecondApprovalAbove: input.promoSecondApprovalAbove + 100 },
      admin,
    );
    expect(proposedSettings.request).toMatchObject({ status: 'pending', kind: 'payments.approval_settings' });

    const player = await registerPlayer(t.app);
    const adjust = async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/backoffice/players/${player.playerId}/adjustments`,
        payload: { account: 'credit', amount: settings.adjustmentSecondApprovalAbove + 100, reason: 'Contract test' },
        headers: { cookie: admin, 'idempotency-key': key() },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await adjust();
    await adjust();
    const waiting = await answer(adjustments, adjustments.path, undefined, secondAdmin);
    const mine = waiting.adjustments.filter((adjustment) => adjustment.playerId === player.playerId);
    expect(mine).toHaveLength(2);
    const [first, second] = mine.map((adjustment) => adjustment.id);
    const approved = await answer(
      PaymentAdminOperations.approveAdjustment,
      `${adjustments.path}/${first}/approve`,
      {},
      secondAdmin,
      { 'idempotency-key': key() },
    );
    expect(approved.adjustment).toMatchObject({ status: 'APPROVED', transactionId: expect.any(Number) });
    const declined = await answer(
      PaymentAdminOperations.declineAdjustment,
      `${adjustments.path}/${second}/decline`,
      { note: 'Not agreed' },
      secondAdmin,
      { 'idempotency-key': key() },
    );
    expect(declined.adjustment).toMatchObject({ status: 'DECLINED', transactionId: null });
    await answer(adjustments, `${adjustments.path}?status=APPROVED`, undefined, secondAdmin);
  });
});
