import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addCalendarDays,
  GAMING_FIGURES,
  GAMING_GROUPS,
  manilaDayOf,
  REPORT_MAX_DAYS,
  ReportMessages,
  ReportRoutes,
  type DepositAccountView,
  type GamingFigures,
  type GamingReportResponse,
  type PaymentReportResponse,
  type PaymentRequestReceipt,
  type PromotionReportResponse,
  type Race,
  monthsOfYear,
  OPERATOR_NAME,
  TAX_CERTIFICATE_TEXTS,
  taxCertificatePdfUrl,
  TaxReportMessages,
  TaxReportRoutes,
  type TaxCertificateResponse,
  type TaxMonthsResponse,
  type TaxReportResponse,
  ToteAdminRoutes,
} from '@karera/shared';
import { sql } from 'kysely';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { createStaffAccount } from '../../../test/staff-accounts.ts';
import { approveAsSecondAdmin, independentAdmin, proposeAndApprove } from '../../../test/second-admin.ts';
import { matchingReceipt } from '../../../test/receipts.ts';
import { call, registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { adminPoster, fundPlayer, openRace, placeBetAs } from '../../../test/win-race.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { pesoText } from '../statement/index.ts';
import { HouseAccount } from '../wallet/index.ts';

const key = () => `k-${randomUUID()}`;

/**
 * The reports against the ledger (decision 039): a race day with winners, a scratch's refund, a pool with no
 * winner carried over into the next race's pool, a bonus stake kept by the house, a promo and a rebate,
 * deposits and withdrawals approved and declined; then each report's sums equal the postings.
 */
describe(`reports (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let gcash: DepositAccountView;

  const get = (url: string, cookie = admin) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  async function report<T>(url: string): Promise<T> {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  }
  const post = async (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ method: 'POST', url, payload, headers: { cookie: admin, ...headers } });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response;
  };

  /** The sum of the postings on accounts whose code matches, in transactions of the given kinds. */
  async function ledgerSum(codeLike: string, kinds: string[] | null, sign: 'any' | 'positive' | 'negative' = 'any') {
    const row = await sql<{ total: number | string | null }>`
      select sum(p.amount) as total from ledger_postings p
      join accounts a on a.id = p.account_id
      join ledger_transactions t on t.id = p.transaction_id
      where a.code like ${codeLike}
        ${kinds ? sql`and t.kind in (${sql.join(kinds)})` : sql``}
        ${sign === 'positive' ? sql`and p.amount > 0` : sign === 'negative' ? sql`and p.amount < 0` : sql``}`.execute(
      t.app.db,
    );
    return Number(row.rows[0]?.total ?? 0);
  }

  async function newPlayer(credit: number, bonus = 0): Promise<RegisteredPlayer> {
    const player = await registerPlayer(t.app);
    if (credit > 0) await fundPlayer(t.app, admin, player, credit);
    if (bonus > 0) await fundPlayer(t.app, admin, player, bonus, 'bonus');
    return player;
  }
  async function bet(player: RegisteredPlayer, race: Race, body: Record<string, unknown>) {
    const response = await placeBetAs(t.app, player, { raceId: race.raceId, eventId: race.eventId, ...body });
    expect(response.statusCode, response.body).toBe(200);
  }
  async function settle(race: Race, finish: number[][]) {
    await post(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'C' });
    await post(ToteAdminRoutes.confirmResult(race.raceId), { finish, idempotencyKey: key() });
  }
  /** A deposit comes with a receipt whose reading matches, so one approval credits it (decision 042). */
  async function paymentRequest(player: RegisteredPlayer, kind: 'deposit' | 'withdraw', amount: number) {
    const referenceNumber = `R${randomUUID().replace(/\D/g, '').slice(0, 12)}`;
    const body =
      kind === 'deposit'
        ? {
            amount,
            senderNumber: '09171234567',
            receiverNumber: gcash.id,
            referenceNumber,
            receiptId: await matchingReceipt(t.app, player.playerId, { amount, referenceNumber }),
            idempotencyKey: key(),
          }
        : {
            amount,
            companyName: 'gcash',
            accountName: 'Ana Cruz',
            accountNumber: '09181234567',
            idempotencyKey: key(),
          };
    const response = await call(
      t.app,
      kind === 'deposit' ? '../payment/initiateDeposit' : '../payment/initiateWithdraw',
      body,
      player.cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    return Number(response.json<PaymentRequestReceipt>().transactionId.slice(2));
  }
  /** A decision by `cookie`'s staff member: the admin's, or the cashier's for a withdrawal of a funded player. */
  const decide = (id: number, decision: 'approve' | 'decline', cookie = admin) =>
    post(`/api/backoffice/payments/${id}/${decision}`, decision === 'decline' ? { note: 'Not received.' } : {}, {
      cookie,
      'idempotency-key': key(),
    });
  async function definePromo(kind: 'fixed' | 'rebate') {
    const response = await post('/api/backoffice/promos', {
      promoCode: `R${randomUUID().slice(0, 8)}`.toUpperCase(),
      name: kind === 'fixed' ? 'Welcome ₱50' : 'Rebate 10%',
      description: 'A report test promo',
      creditTo: 'BONUS',
      kind,
      rewardAmount: kind === 'fixed' ? 5_000 : 0,
      rateBasisPoints: kind === 'fixed' ? 0 : 1_000,
      rewardCap: 0,
      remaining: 999,
      perPlayerLimit: 1,
      dailyDepositReq: 0,
      accountDaysReq: 0,
      validityInHours: 24,
      startsAt: '2026-01-01T00:00:00.000Z',
      endsAt: null,
      codeOnly: false,
    });
    const saved = response.json<{ promo: { promoCode: string }; approvalRequest: { id: number } | null }>();
    // A rebate has no bound per player: it goes live when a second admin approves it (decision 045).
    if (saved.approvalRequest) await approveAsSecondAdmin(t.app, saved.approvalRequest.id);
    return saved.promo.promoCode;
  }
  async function claim(player: RegisteredPlayer, promoCode: string) {
    const response = await call(t.app, '../promo/claim', { promoCode, idempotencyKey: key() }, player.cookie);
    expect(response.statusCode, response.body).toBe(200);
  }
  async function raceDay(name: string, races: number, raceDate = '2026-11-22') {
    const poster = adminPoster(t.app, admin);
    const { event } = await poster<{ event: { id: number } }>('/api/backoffice/racing/events', {
      name,
      arena: 'Metro Turf',
      streamUrl: '',
      raceDate,
      enabledBetTypes: [],
    });
    const list: Race[] = [];
    for (let raceNo = 1; raceNo <= races; raceNo += 1) {
      list.push({ ...(await openRace(t.app, admin, event.id, raceNo, 4)), eventId: event.id });
    }
    return list;
  }

  beforeAll(async () => {
    t = await createTestApp({ PLAYER_AUTH_RATE_LIMIT: '1000' });
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const account = await post('/api/backoffice/deposit-accounts', {
      type: 'GCASH',
      accountName: 'Karera One',
      accountNumber: '09170000001',
      active: true,
    });
    gcash = account.json<{ account: DepositAccountView }>().account;
    // A Forecast with no winner carries over to the next Forecast pool: proposed, and in force once the
    // second admin approves it (decision 045).
    const carryover = await proposeAndApprove(t.app, admin, '/api/backoffice/tote/settings', {
      betType: 'FC',
      // A single takeout (the legacy share), the statute's stamp tax on a Forecast and its winnings tax.
      shares: [{ name: 'takeout', rateBp: 2000 }],
      stampTax: { kind: 'per-peso', perPesoCentavos: 5 },
      winningsTax: { rateBp: 1000, base: 'winnings' },
      noWinner: 'carryover',
      multiRaceScratch: 'favourite',
      cancelledLeg: 'refund',
      effectiveFrom: manilaDayOf(new Date()),
    });
    expect(carryover.statusCode, carryover.body).toBe(200);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds up to the ledger: gaming per day, event, race and pool, payments, promotions', async () => {
    const [first, second] = (await raceDay('Reports Day', 2)) as [Race, Race];
    const [ana, ben, cora] = [await newPlayer(50_000), await newPlayer(50_000), await newPlayer(0, 2_000)];
    await claim(ana, await definePromo('fixed'));
    await claim(ben, await definePromo('rebate'));

    // Race 1: Win on 1 (Ana ₱100), on 2 (Ben ₱50), on 3 (Ben ₱30, refunded: 3 is scratched); Cora's ₱20
    // bonus on 1 wins but the bonus stake is the house's; a Forecast 1-2 with no winner carries over.
    await bet(ana, first, { selections: [[1]], amount: 10_000 });
    await bet(ben, first, { selections: [[2]], amount: 5_000 });
    await bet(ben, first, { selections: [[3]], amount: 3_000 });
    await bet(cora, first, { selections: [[1]], amount: 2_000, useBonus: true });
    await bet(ana, first, { betType: 'FC', selections: [[1], [2]], amount: 4_000 });
    const runner3 = await t.app.db
      .selectFrom('runners')
      .select('id')
      .where('race_id', '=', first.raceId)
      .where('runner_no', '=', '3')
      .executeTakeFirstOrThrow();
    await post(`/api/backoffice/racing/runners/${runner3.id}/scratch`, { scratched: true });
    await settle(first, [[1], [4], [2]]);
    // Race 2: the carried Forecast pool is won.
    await bet(ben, second, { betType: 'FC', selections: [[2], [1]], amount: 1_000 });
    await bet(ana, second, { selections: [[2]], amount: 2_000 });
    await settle(second, [[2], [1], [3]]);

    const approvedDeposit = await paymentRequest(cora, 'deposit', 30_000);
    await decide(approvedDeposit, 'approve');
    await decide(await paymentRequest(cora, 'deposit', 7_000), 'decline');
    await paymentRequest(cora, 'deposit', 6_000); // pending
    // The admin funded Ana: another admin, the cashier, approves her withdrawal (decision 042).
    await decide(
      await paymentRequest(ana, 'withdraw', 20_000),
      'approve',
      (await independentAdmin(t.app, 'cashier')).cookie,
    );
    await decide(await paymentRequest(ana, 'withdraw', 25_000), 'decline');

    const today = manilaDayOf(new Date());
    const range = `from=${addCalendarDays(today, -1)}&to=${addCalendarDays(today, 1)}`;
    const byGroup = new Map<string, GamingReportResponse>();
    for (const by of GAMING_GROUPS) {
      byGroup.set(by, await report<GamingReportResponse>(`${ReportRoutes.gaming}?${range}&by=${by}`));
    }
    const totals = byGroup.get('day')!.totals;

    // By hand: stakes ₱100 + 50 + 30 + 20 + 40 (race 1) + 10 + 20 (race 2).
    expect(totals.turnover).toBe(27_000);
    expect(totals.refunds).toBe(3_000);
    expect(totals.carryOut).toBeGreaterThan(0);
    expect(totals.carryIn).toBe(totals.carryOut);
    expect(totals.bonusRetained).toBe(2_000);

    // Each figure against the postings themselves.
    expect(totals.turnover).toBe(await ledgerSum('pool:%', ['BET'], 'positive'));
    // The pools' split, each part on its own account (EO 194; the Forecast keeps a single takeout), and
    // the tax withheld from winnings (PD 1157): the fresh database's EO 194 defaults tax the Win pools.
    const split = {
      franchiseCommission: await ledgerSum(HouseAccount.franchiseCommission, ['TAKEOUT']),
      prizeFund: await ledgerSum(HouseAccount.prizeFund, ['TAKEOUT']),
      regulatorShare: await ledgerSum(HouseAccount.regulatorShare, ['TAKEOUT']),
      legacyTakeout: await ledgerSum(HouseAccount.takeout, ['TAKEOUT']),
      stampTax: await ledgerSum(HouseAccount.stampTaxPayable, ['TAKEOUT']),
    };
    for (const [figure, posted] of Object.entries(split)) {
      expect(posted, figure).toBeGreaterThan(0);
      expect(totals[figure as keyof typeof split], figure).toBe(posted);
    }
    expect(totals.takeout).toBe(-(await ledgerSum('pool:%', ['TAKEOUT'])));
    expect(totals.takeout).toBe(Object.values(split).reduce((sum, amount) => sum + amount, 0));
    const winningsTax = await ledgerSum(HouseAccount.winningsTaxPayable, null);
    expect(winningsTax).toBeGreaterThan(0);
    expect(totals.winningsTax).toBe(winningsTax);
    const ticketSums = await t.app.db
      .selectFrom('bet_tickets')
      .select((eb) => [
        eb.fn.sum<number | string>('winnings_tax').as('tax'),
        eb.fn.sum<number | string>(eb('won_amount', '+', eb.ref('winnings_tax'))).as('gross'),
      ])
      .executeTakeFirstOrThrow();
    expect(totals.winningsTax).toBe(Number(ticketSums.tax));
    // Payouts are the winnings before the tax withheld from them.
    expect(totals.payouts).toBe(Number(ticketSums.gross));
    expect(totals.breakage).toBe(await ledgerSum(HouseAccount.breakage, ['BREAKAGE']));
    // What the house paid into pools for the 1.00 minimum dividend (decision 046).
    expect(totals.minusPool).toBe(-(await ledgerSum(HouseAccount.minusPool, ['MINUS_POOL'])));
    expect(totals.bonusRetained).toBe(await ledgerSum(HouseAccount.bonusStakeRetained, null));
    expect(totals.carryOut - totals.carryIn).toBe(await ledgerSum('carryover:%', ['CARRYOVER']));
    expect(totals.payouts + totals.refunds + totals.bonusRetained).toBe(-(await ledgerSum('pool:%', ['SETTLEMENT'])));
    const ticketRefunds = await t.app.db
      .selectFrom('bet_tickets')
      .select((eb) => eb.fn.sum<number | string>('refund_amount').as('total'))
      .executeTakeFirstOrThrow();
    expect(totals.refunds).toBe(Number(ticketRefunds.total));
    // Every pool settled, so each is back to zero: GGR is what the house kept of the turnover.
    expect(totals.ggr).toBe(totals.takeout + totals.breakage + totals.bonusRetained - totals.minusPool);
    expect(totals.ggr).toBe(totals.turnover + totals.carryIn - totals.carryOut - totals.refunds - totals.payouts);
    // GGR from the accounts it went to: the shares, the stamp tax, breakage and the bonus stake kept.
    expect(totals.ggr).toBe(
      Object.values(split).reduce((sum, amount) => sum + amount, 0) +
        (await ledgerSum(HouseAccount.breakage, ['BREAKAGE'])) +
        (await ledgerSum(HouseAccount.bonusStakeRetained, null)) +
        (await ledgerSum(HouseAccount.minusPool, ['MINUS_POOL'])),
    );
    // The operator's own: its commission, the legacy takeout, breakage and bonus kept, less the minus pool.
    expect(totals.netRevenue).toBe(
      totals.franchiseCommission + totals.legacyTakeout + totals.breakage + totals.bonusRetained - totals.minusPool,
    );
    expect(await ledgerSum('pool:%', null)).toBe(0);

    // However grouped, the rows add up to the same totals.
    for (const [by, answer] of byGroup) {
      expect(answer.totals, by).toEqual(totals);
      const summed = Object.fromEntries(
        GAMING_FIGURES.map((figure) => [figure, answer.rows.reduce((sum, row) => sum + row[figure], 0)]),
      ) as GamingFigures;
      expect(summed, by).toEqual(totals);
    }
    expect(byGroup.get('day')!.rows.map((row) => row.day)).toEqual([today]);
    expect(byGroup.get('event')!.rows).toEqual([
      expect.objectContaining({ eventId: first.eventId, eventName: 'Reports Day', turnover: 27_000 }),
    ]);
    expect(byGroup.get('race')!.rows.map((row) => [row.raceNo, row.turnover])).toEqual([
      [1, 24_000],
      [2, 3_000],
    ]);
    expect(byGroup.get('pool')!.rows.map((row) => [row.raceNo, row.betType, row.turnover, row.refunds])).toEqual([
      [1, 'FC', 4_000, 0],
      [1, 'W', 20_000, 3_000],
      [2, 'FC', 1_000, 0],
      [2, 'W', 2_000, 0],
    ]);
    const carried = byGroup.get('pool')!.rows;
    // The Forecast's ₱40: 20% single takeout ₱8, stamp tax ₱0.05 per peso ₱2, the rest carried over.
    expect(carried[0]).toMatchObject({
      carryOut: 3_000,
      takeout: 1_000,
      legacyTakeout: 800,
      stampTax: 200,
      payouts: 0,
    });
    expect(carried[2]).toMatchObject({ carryIn: 3_000, turnover: 1_000 });

    const payments = await report<PaymentReportResponse>(`${ReportRoutes.payments}?${range}`);
    expect(payments.rows).toEqual([
      { kind: 'DEPOSIT', channel: expect.any(String), status: 'APPROVED', count: 1, amount: 30_000, bonus: 0 },
      { kind: 'DEPOSIT', channel: expect.any(String), status: 'DECLINED', count: 1, amount: 7_000, bonus: 0 },
      { kind: 'DEPOSIT', channel: expect.any(String), status: 'PENDING', count: 1, amount: 6_000, bonus: 0 },
      { kind: 'WITHDRAW', channel: expect.any(String), status: 'APPROVED', count: 1, amount: 20_000, bonus: 0 },
      { kind: 'WITHDRAW', channel: expect.any(String), status: 'DECLINED', count: 1, amount: 25_000, bonus: 0 },
    ]);
    expect(payments.totals.depositsApproved).toBe(-(await ledgerSum(HouseAccount.cashInClearing, ['DEPOSIT'])));
    expect(payments.totals.withdrawalsApproved).toBe(await ledgerSum(HouseAccount.cashOutClearing, null));
    expect(payments.totals.netCashIn).toBe(10_000);

    const promotions = await report<PromotionReportResponse>(`${ReportRoutes.promotions}?${range}`);
    expect(promotions.totals.promos).toBe(5_000);
    // 10% of Ben's credit stakes that rode: ₱50 (Win), ₱10 (Forecast); the refunded ₱30 earns nothing.
    expect(promotions.totals.rebates).toBe(600);
    expect(promotions.totals.total).toBe(-(await ledgerSum(HouseAccount.promoExpense, null)));
    expect(promotions.rows).toEqual([
      { day: today, promos: 5_000, depositBonuses: 0, rebates: 600, other: 0, total: 5_600 },
    ]);

    // The tax report: the tax payables' postings per day, the shares per event, as the gaming report has them.
    const taxes = await report<TaxReportResponse>(`${ReportRoutes.taxes}?${range}`);
    expect(taxes.days).toEqual([{ day: today, stampTax: split.stampTax, winningsTax }]);
    expect(taxes.events).toEqual([
      {
        key: `e${first.eventId}`,
        eventId: first.eventId,
        eventName: 'Reports Day',
        day: '2026-11-22',
        franchiseCommission: split.franchiseCommission,
        prizeFund: split.prizeFund,
        regulatorShare: split.regulatorShare,
        legacyTakeout: split.legacyTakeout,
      },
    ]);
    expect(taxes.totals).toEqual({ ...split, winningsTax });
    const year = today.slice(0, 4);
    const months = await report<TaxMonthsResponse>(`${TaxReportRoutes.months}?year=${year}`);
    expect(months.months.map((row) => row.month)).toEqual(monthsOfYear(year));
    expect(months.months.find((row) => row.month === today.slice(0, 7))).toEqual({
      month: today.slice(0, 7),
      stampTax: split.stampTax,
      winningsTax,
    });
    expect(months.totals).toEqual({ stampTax: split.stampTax, winningsTax });
    const lastYear = await report<TaxMonthsResponse>(`${TaxReportRoutes.months}?year=${Number(year) - 1}`);
    expect(lastYear.totals).toEqual({ stampTax: 0, winningsTax: 0 });

    // Ben's certificate: his tickets' tax withheld (his Forecast won) and winnings before it, this month.
    const benTickets = await t.app.db
      .selectFrom('bet_tickets')
      .select((eb) => [
        eb.fn.sum<number | string>('winnings_tax').as('tax'),
        eb.fn.sum<number | string>(eb('won_amount', '+', eb.ref('winnings_tax'))).as('gross'),
      ])
      .where('player_id', '=', ben.playerId)
      .executeTakeFirstOrThrow();
    const benTax = Number(benTickets.tax);
    expect(benTax).toBeGreaterThan(0);
    const certificateUrl = TaxReportRoutes.certificate
      .replace(':playerId', String(ben.playerId))
      .replace(':year', year);
    const { certificate } = await report<TaxCertificateResponse>(certificateUrl);
    expect(certificate.totals).toEqual({ grossWinnings: Number(benTickets.gross), winningsTax: benTax });
    expect(certificate.player).toMatchObject({ id: ben.playerId, username: ben.mobileNo });
    expect(certificate.operator).toBe(OPERATOR_NAME);
    expect(certificate.months).toHaveLength(12);
    expect(certificate.months.filter((month) => month.winningsTax !== 0)).toEqual([
      { month: today.slice(0, 7), grossWinnings: Number(benTickets.gross), winningsTax: benTax },
    ]);
    // The player reads his own, by his session; a player's query cannot name another player.
    const own = await get(TaxReportRoutes.ownCertificate.replace(':year', year), ben.cookie);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<TaxCertificateResponse>().certificate).toEqual(certificate);
    const anas = await get(TaxReportRoutes.ownCertificate.replace(':year', year), ana.cookie);
    expect(anas.json<TaxCertificateResponse>().certificate.player.id).toBe(ana.playerId);
    expect((await get(`${taxCertificatePdfUrl(year)}?playerId=${ben.playerId}`, ana.cookie)).statusCode).toBe(400);

    // The PDF, in English and Filipino, from the back office and the player's own.
    for (const [url, cookie] of [
      [taxCertificatePdfUrl(year, ben.playerId), admin],
      [taxCertificatePdfUrl(year), ben.cookie],
    ] as const) {
      const pdf = await get(url, cookie);
      expect(pdf.statusCode, pdf.body).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toBe(`attachment; filename="karera-tax-certificate-${year}.pdf"`);
      expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = pdfText(pdf.rawPayload);
      expect(text).toContain(TAX_CERTIFICATE_TEXTS.en.title);
      expect(text).toContain(pesoText(benTax));
      expect(text).toContain(pesoText(Number(benTickets.gross)));
      expect(text).toContain(ben.mobileNo);
      expect(text).toContain(OPERATOR_NAME);
    }
    const filipino = pdfText((await get(taxCertificatePdfUrl(year, ben.playerId, 'fil'))).rawPayload);
    expect(filipino).toContain(TAX_CERTIFICATE_TEXTS.fil.title);
    expect(filipino).toContain('Buwis na kinaltas (₱)');
  });

  it('puts a settlement at 23:59 and one at 00:01 Manila on different days', async () => {
    // Bets are written by the placement thread, on the real clock; settlements here, on the test clock.
    const [early, late] = (await raceDay('Midnight Day', 2, '2026-11-19')) as [Race, Race];
    const player = await newPlayer(10_000);
    await bet(player, early, { selections: [[1]], amount: 1_100 });
    await bet(player, late, { selections: [[1]], amount: 2_200 });
    for (const race of [early, late]) {
      await post(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'C' });
    }
    vi.useFakeTimers({ toFake: ['Date'] });
    const confirmAt = async (race: Race, iso: string) => {
      vi.setSystemTime(new Date(iso));
      admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
      await post(ToteAdminRoutes.confirmResult(race.raceId), { finish: [[1], [2], [3]], idempotencyKey: key() });
    };
    await confirmAt(early, '2026-11-19T15:59:00.000Z'); // 23:59 on Nov 19 in Manila
    await confirmAt(late, '2026-11-19T16:01:00.000Z'); // 00:01 on Nov 20 in Manila

    const both = await report<GamingReportResponse>(`${ReportRoutes.gaming}?from=2026-11-19&to=2026-11-20&by=day`);
    // The whole of each pool left it on its settlement's day: to the winner and to the house.
    expect(both.rows.map((row) => [row.day, row.turnover, row.payouts + row.ggr])).toEqual([
      ['2026-11-19', 0, 1_100],
      ['2026-11-20', 0, 2_200],
    ]);
    const before = await report<GamingReportResponse>(`${ReportRoutes.gaming}?from=2026-11-19&to=2026-11-19&by=race`);
    expect(before.rows).toEqual([expect.objectContaining({ raceId: early.raceId, raceNo: 1 })]);
    const after = await report<GamingReportResponse>(`${ReportRoutes.gaming}?from=2026-11-20&to=2026-11-20&by=race`);
    expect(after.rows).toEqual([expect.objectContaining({ raceId: late.raceId, raceNo: 2 })]);
    vi.useRealTimers();
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });

  it('answers admins only: an agent and a master agent are refused, a visitor must sign in', async () => {
    const cookies: string[] = [];
    let parentId: number | undefined;
    for (const role of ['master_agent', 'agent'] as const) {
      const username = `rep-${role.slice(0, 1)}-${randomUUID().slice(0, 6)}`;
      const created = await createStaffAccount(t.app, admin, {
        username,
        displayName: role,
        role,
        password: 'staff-password-1',
        ...(parentId ? { parentId } : {}),
      });
      parentId = created.id;
      cookies.push(await staffCookie(t.app, username, 'staff-password-1'));
    }
    const query = '?from=2026-11-01&to=2026-11-30';
    for (const url of Object.values(ReportRoutes)) {
      for (const cookie of cookies) expect((await get(`${url}${query}`, cookie)).statusCode, url).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `${url}${query}` })).statusCode, url).toBe(401);
    }
    const player = await registerPlayer(t.app);
    for (const url of [
      `${TaxReportRoutes.months}?year=2026`,
      TaxReportRoutes.certificate.replace(':playerId', String(player.playerId)).replace(':year', '2026'),
      taxCertificatePdfUrl('2026', player.playerId),
    ]) {
      for (const cookie of cookies) expect((await get(url, cookie)).statusCode, url).toBe(403);
      expect((await get(url, player.cookie)).statusCode, url).toBe(401);
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    // The player's own certificate needs a player's session.
    for (const url of [TaxReportRoutes.ownCertificate.replace(':year', '2026'), taxCertificatePdfUrl('2026')]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await get(url, cookies[0])).statusCode, url).toBe(401);
    }
  });

  it('refuses unknown fields, a reversed range, a range over the limit and days that do not exist', async () => {
    const refusal = async (url: string) => {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      return response.body;
    };
    for (const url of Object.values(ReportRoutes)) {
      await refusal(`${url}?from=2026-11-01&to=2026-11-02&playerId=1`);
      expect(await refusal(`${url}?from=2026-11-10&to=2026-11-09`)).toContain(ReportMessages.rangeReversed);
      expect(await refusal(`${url}?from=2026-10-01&to=${addCalendarDays('2026-10-01', REPORT_MAX_DAYS)}`)).toContain(
        ReportMessages.rangeTooLong,
      );
      expect(await refusal(`${url}?from=2026-02-30&to=2026-03-01`)).toContain(ReportMessages.dayInvalid);
      await refusal(`${url}?from=2026-11-01`);
      expect(
        (await get(`${url}?from=2026-10-01&to=${addCalendarDays('2026-10-01', REPORT_MAX_DAYS - 1)}`)).statusCode,
      ).toBe(200);
    }
    await refusal(`${ReportRoutes.gaming}?from=2026-11-01&to=2026-11-02&by=agent`);

    // A year: four digits, not in the future; nothing else in the query.
    const nextYear = String(new Date().getUTCFullYear() + 2);
    for (const year of ['26', '02026', '2026.0', 'abcd', '0999']) {
      expect(await refusal(`${TaxReportRoutes.months}?year=${year}`)).toContain(TaxReportMessages.yearInvalid);
    }
    expect(await refusal(`${TaxReportRoutes.months}?year=${nextYear}`)).toContain(TaxReportMessages.yearInFuture);
    await refusal(`${TaxReportRoutes.months}?year=2026&playerId=1`);
    await refusal(TaxReportRoutes.months);
    const player = await registerPlayer(t.app);
    const certificate = (year: string, id: number | string = player.playerId) =>
      TaxReportRoutes.certificate.replace(':playerId', String(id)).replace(':year', year);
    expect(await refusal(certificate(nextYear))).toContain(TaxReportMessages.yearInFuture);
    await refusal(certificate('2026', '01'));
    await refusal(`${certificate('2026')}?lang=fil`);
    await refusal(`${taxCertificatePdfUrl('2026', player.playerId)}?extra=1`);
    await refusal(`${taxCertificatePdfUrl('2026', player.playerId)}?lang=de`);
    expect((await get(certificate('2026', 2_000_000_000))).statusCode).toBe(404);
    const ownFuture = await get(TaxReportRoutes.ownCertificate.replace(':year', nextYear), player.cookie);
    expect(ownFuture.statusCode).toBe(400);
    // A player with no winnings has a certificate of nothing.
    const empty = await report<TaxCertificateResponse>(certificate('2026'));
    expect(empty.certificate.totals).toEqual({ grossWinnings: 0, winningsTax: 0 });
  });
});
