import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  manilaMonthOf,
  manilaMonthRange,
  ToteAdminRoutes,
  totalMovement,
  type PaymentRequestReceipt,
  type Race,
  type Statement,
} from '@karera/shared';
import { independentAdmin } from '../../../test/second-admin.ts';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { adminPoster, fundPlayer, openRace, placeBetAs } from '../../../test/win-race.ts';
import { playerBalances, checkLedger } from '../wallet/index.ts';
import { monthlyStatement, statementMonths } from './statement.service.ts';

const key = () => `k-${randomUUID()}`;

describe(`monthly activity statement (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let checker: string;
  let cashier: string;
  let post: ReturnType<typeof adminPoster>;
  let depositAccountId: number;
  /** A '111' account: its deposits carry a 5% bonus. */
  let bonusAccountId: number;
  const month = manilaMonthOf(new Date());

  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const statementOf = async (player: RegisteredPlayer, which = month) => {
    const response = await get(`/api/statement/${which}`, player.cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ statement: Statement }>().statement;
  };

  /** The sum of the player's credit and bonus postings in the month, by ledger transaction kind. */
  async function ledgerSums(player: RegisteredPlayer, which = month): Promise<Record<string, number>> {
    const { from, to } = manilaMonthRange(which);
    const rows = await t.app.db
      .selectFrom('ledger_postings as p')
      .innerJoin('ledger_transactions as tx', 'tx.id', 'p.transaction_id')
      .innerJoin('accounts as a', 'a.id', 'p.account_id')
      .select(['tx.kind', 'p.amount'])
      .where('a.player_id', '=', player.playerId)
      .where('a.kind', 'in', ['player_credit', 'player_bonus'])
      .where('tx.created_at', '>=', from)
      .where('tx.created_at', '<', to)
      .execute();
    const sums: Record<string, number> = {};
    for (const row of rows) sums[row.kind] = (sums[row.kind] ?? 0) + Number(row.amount);
    return sums;
  }

  async function paymentRequest(
    player: RegisteredPlayer,
    kind: 'deposit' | 'withdraw',
    amount: number,
    receiverNumber = depositAccountId,
  ) {
    const body =
      kind === 'deposit'
        ? {
            amount,
            senderNumber: '09171234567',
            receiverNumber,
            referenceNumber: String(Date.now()) + String(Math.floor(Math.random() * 1000)).padStart(3, '0'),
            idempotencyKey: key(),
          }
        : {
            amount,
            companyName: 'gcash',
            accountName: 'Maria Santos',
            accountNumber: '09171234567',
            idempotencyKey: key(),
          };
    const url = kind === 'deposit' ? '/api/payment/initiateDeposit' : '/api/payment/initiateWithdraw';
    const response = await t.app.inject({ method: 'POST', url, payload: body, headers: { cookie: player.cookie } });
    expect(response.statusCode, response.body).toBe(200);
    // The receipt's id is DR<n> or WR<n>.
    return { id: Number(response.json<PaymentRequestReceipt>().transactionId.slice(2)) };
  }
  /**
   * A decision as the back office makes it (decision 042): a deposit without a receipt is approved by the
   * admin and an independent second admin; a withdrawal by a cashier admin who let none of it in.
   */
  async function decide(requestId: number, decision: 'approve' | 'decline') {
    const { kind } = await t.app.db
      .selectFrom('payment_requests')
      .select('kind')
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    const deciders = kind === 'DEPOSIT' ? [admin, checker] : [cashier];
    for (const cookie of deciders) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/backoffice/payments/${requestId}/${decision}`,
        payload: decision === 'decline' ? { note: 'Account name does not match' } : {},
        headers: { cookie, 'idempotency-key': key() },
      });
      expect(response.statusCode, response.body).toBe(200);
      if (response.json<{ request: { status: string } }>().request.status !== 'PENDING') return;
    }
  }

  async function raceDay(): Promise<{ eventId: number; race: Race }> {
    const { event } = await post<{ event: { id: number } }>('/api/backoffice/racing/events', {
      name: `Statement Day ${randomUUID().slice(0, 8)}`,
      arena: 'Metro Turf',
      streamUrl: '',
      raceDate: '2026-11-22',
      enabledBetTypes: [],
    });
    return { eventId: event.id, race: await openRace(t.app, admin, event.id, 1, 4) };
  }
  async function bet(player: RegisteredPlayer, day: { eventId: number; race: Race }, runner: number, amount: number) {
    const response = await placeBetAs(t.app, player, {
      raceId: day.race.raceId,
      eventId: day.eventId,
      selections: [[runner]],
      amount,
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  beforeAll(async () => {
    t = await createTestApp({ PLAYER_AUTH_RATE_LIMIT: '1000' });
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    checker = (await independentAdmin(t.app, 'statement-checker')).cookie;
    cashier = (await independentAdmin(t.app, 'statement-cashier')).cookie;
    post = adminPoster(t.app, admin);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/deposit-accounts',
      payload: { type: 'GCASH', accountName: 'Karera Statement', accountNumber: '09170000091', active: true },
      headers: { cookie: admin },
    });
    expect(created.statusCode, created.body).toBe(200);
    depositAccountId = created.json<{ account: { id: number } }>().account.id;
    const withBonus = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/deposit-accounts',
      payload: { type: '111', accountName: 'Karera 111', accountNumber: '1110091', active: true },
      headers: { cookie: admin },
    });
    expect(withBonus.statusCode, withBonus.body).toBe(200);
    bonusAccountId = withBonus.json<{ account: { id: number } }>().account.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sums a month of deposits (one with a bonus), withdrawals and bets won, lost and refunded exactly as the ledger posted them', async () => {
    const player = await registerPlayer(t.app);
    const deposit = await paymentRequest(player, 'deposit', 100_000);
    await decide(deposit.id, 'approve');
    // ₱200 through the 111 account: ₱10 of deposit bonus comes with it.
    const bonusDeposit = await paymentRequest(player, 'deposit', 20_000, bonusAccountId);
    await decide(bonusDeposit.id, 'approve');

    // Race 1: ₱100 on runner 1 wins, ₱50 on runner 2 loses. Race 2 is cancelled: its ₱20 comes back.
    const won = await raceDay();
    await bet(player, won, 1, 10_000);
    await bet(player, won, 2, 5_000);
    const refunded = await raceDay();
    await bet(player, refunded, 3, 2_000);
    await post(`/api/backoffice/racing/races/${won.race.raceId}/status`, { status: 'C' });
    const result = await t.app.inject({
      method: 'POST',
      url: ToteAdminRoutes.confirmResult(won.race.raceId),
      headers: { cookie: admin },
      payload: { finish: [[1], [2], [3]], idempotencyKey: key() },
    });
    expect(result.statusCode, result.body).toBe(200);
    await post(`/api/backoffice/racing/races/${refunded.race.raceId}/status`, { status: 'X' });

    // One withdrawal paid, one declined (its amount comes back to the wallet).
    const paid = await paymentRequest(player, 'withdraw', 30_000);
    await decide(paid.id, 'approve');
    const declined = await paymentRequest(player, 'withdraw', 20_000);
    await decide(declined.id, 'decline');

    const statement = await statementOf(player);
    const ledger = await ledgerSums(player);
    const balances = await playerBalances(t.app.db, player.playerId);

    expect(statement.openingBalance).toBe(0);
    expect(statement.closingBalance).toBe(balances.creditBalance + balances.bonusBalance);
    expect(statement.totals.deposits).toBe(120_000);
    expect(statement.totals.bonuses).toBe(1_000);
    expect(statement.totals.deposits + statement.totals.bonuses).toBe(ledger.DEPOSIT);
    expect(statement.totals.withdrawals).toBe(-30_000);
    expect(statement.totals.withdrawals).toBe((ledger.WITHDRAW_HOLD ?? 0) + (ledger.WITHDRAW_RELEASE ?? 0));
    expect(statement.totals.stakes).toBe(-17_000);
    expect(statement.totals.stakes).toBe(ledger.BET);
    expect(statement.totals.refunds).toBe(2_000);
    // Win pool ₱150 under EO 194 (decision 049): shares 18% = ₱27.00, stamp tax ₱10.00 on the ₱100 ticket
    // (₱0.10 + 99 × ₱0.10) and ₱5.00 on the ₱50 one; net ₱108.00 on runner 1's ₱100: 1.08, rounded down to
    // 1.00 (10 centavos), so ₱100, at the minimum with no winnings to tax.
    expect(statement.totals.winnings).toBe(10_000);
    expect(statement.totals.winnings + statement.totals.refunds).toBe(ledger.SETTLEMENT);
    expect(statement.totals.netResult).toBe(10_000 + 2_000 - 17_000);
    expect(statement.totals.adjustments).toBe(0);
    expect(statement.totals.other).toBe(0);
    const ledgerTotal = Object.values(ledger).reduce((sum, amount) => sum + amount, 0);
    expect(totalMovement(statement.totals)).toBe(ledgerTotal);
    expect(statement.closingBalance - statement.openingBalance).toBe(ledgerTotal);

    // Newest first on the page, one line per ledger transaction, each with the balance after it.
    expect(statement.lineCount).toBe(statement.lines.length);
    // A withdrawal leaves the wallet when asked for and a declined one comes back: three lines. Paying it
    // out moves only the hold, which is not the wallet.
    expect(statement.lines.map((line) => line.category)).toEqual([
      'withdrawal',
      'withdrawal',
      'withdrawal',
      'refund',
      'winnings',
      'stake',
      'stake',
      'stake',
      'deposit',
      'deposit',
    ]);
    expect(statement.lines.at(-2)).toMatchObject({ amount: 21_000, balanceAfter: 121_000 });
    expect(statement.lines[0]?.balanceAfter).toBe(statement.closingBalance);
    expect(await checkLedger(t.app.db)).toEqual([]);
  });

  it('carries the closing balance into the next month as its opening balance, and lists the months since the account was made', async () => {
    const player = await registerPlayer(t.app);
    await fundPlayer(t.app, admin, player, 40_000);
    await fundPlayer(t.app, admin, player, 5_000, 'bonus');
    const months = (await get('/api/statement/months', player.cookie)).json<{ months: string[] }>().months;
    expect(months).toEqual([month]);

    // The ledger is append-only, so the month moves instead: a clock in the next month.
    const { to } = manilaMonthRange(month);
    const nextMonthDay = new Date(new Date(to).getTime() + 24 * 60 * 60 * 1000);
    const next = manilaMonthOf(nextMonthDay);
    expect(await statementMonths(t.app.db, player.playerId, nextMonthDay)).toEqual([next, month]);

    const current = await statementOf(player);
    expect(current).toMatchObject({ openingBalance: 0, closingBalance: 45_000, lineCount: 2 });
    expect(current.totals.adjustments).toBe(45_000);
    expect(current.lines[0]).toMatchObject({ category: 'adjustment', amount: 5_000, balanceAfter: 45_000 });
    expect(current.lines[1]).toMatchObject({ category: 'adjustment', amount: 40_000, balanceAfter: 40_000 });
    const following = await monthlyStatement(t.app.db, player.playerId, next);
    expect(following).toMatchObject({ openingBalance: 45_000, closingBalance: 45_000, lines: [], lineCount: 0 });
  });

  it("shows only the session's own player, no month outside the account's life, and nothing without a session", async () => {
    const funded = await registerPlayer(t.app);
    await fundPlayer(t.app, admin, funded, 12_300);
    const other = await registerPlayer(t.app);
    const own = await statementOf(other);
    expect(own).toMatchObject({ openingBalance: 0, closingBalance: 0, lines: [], lineCount: 0 });

    expect((await get(`/api/statement/${month}`)).statusCode).toBe(401);
    expect((await get(`/api/statement/${month}/csv`)).statusCode).toBe(401);
    expect((await get(`/api/statement/${month}/pdf`)).statusCode).toBe(401);
    expect((await get('/api/statement/months')).statusCode).toBe(401);
    for (const bad of ['2026-13', '2026-1', 'now', `${month}-01`]) {
      expect((await get(`/api/statement/${bad}`, other.cookie)).statusCode, bad).toBe(400);
    }
    expect((await get('/api/statement/2019-01', other.cookie)).statusCode).toBe(404);
    const [year] = month.split('-').map(Number) as [number];
    expect((await get(`/api/statement/${year + 1}-01`, other.cookie)).statusCode).toBe(404);
    expect((await get(`/api/statement/${month}/csv?playerId=${funded.playerId}`, other.cookie)).statusCode).toBe(400);
  });

  it('downloads the month as CSV (a row per transaction, totals, formula-safe) and as a PDF', async () => {
    const player = await registerPlayer(t.app);
    await fundPlayer(t.app, admin, player, 25_000);
    const day = await raceDay();
    await bet(player, day, 1, 1_000);

    const csv = await get(`/api/statement/${month}/csv`, player.cookie);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="karera-statement-${month}.csv"`);
    expect(csv.headers['cache-control']).toBe('private, no-store');
    const rows = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(rows[0]).toBe('Date (Manila),Type,Description,Amount (PHP),Balance (PHP),Transaction');
    expect(rows[1]).toMatch(
      /^"[A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2} [AP]M",Adjustment,Test funds,250\.00,250\.00,\d+$/,
    );
    expect(rows[2]).toMatch(/,Bet,.*,-10\.00,240\.00,\d+$/);
    expect(rows).toContain('Opening balance,,,0.00,,');
    expect(rows).toContain('Bets (stakes),,,-10.00,,');
    expect(rows).toContain('Closing balance,,,240.00,,');
    expect(rows.at(-1)).toBe('');
    // No text cell starts a formula.
    for (const row of rows) for (const cell of row.split(',')) expect(cell).not.toMatch(/^[=+@]/);

    const filipino = await get(`/api/statement/${month}/csv?lang=fil`, player.cookie);
    expect(filipino.body).toContain('Balanse sa dulo,,,240.00,,');

    const pdf = await get(`/api/statement/${month}/pdf`, player.cookie);
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="karera-statement-${month}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.rawPayload.subarray(-6).toString('latin1')).toContain('%%EOF');
    // Amounts in pesos with the peso sign, from an embedded font that has it; no "PHP" left.
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Karera activity statement');
    expect(text).toContain('₱250.00');
    expect(text).toContain('-₱10.00');
    expect(text).toContain('₱240.00');
    expect(text).toContain('Amount (₱)');
    expect(text).not.toContain('PHP');
    expect(text).not.toContain('\uFFFD');
    const filipinoPdf = pdfText((await get(`/api/statement/${month}/pdf?lang=fil`, player.cookie)).rawPayload);
    expect(filipinoPdf).toContain('Halaga (₱)');
    expect(filipinoPdf).toContain('₱240.00');
  });
});
