import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  AmlMessages,
  AmlRoutes,
  type AmlFlagDetailResponse,
  type AmlReportExportResponse,
  type AmlRule,
  type DepositAccountView,
  type PaymentRequestReceipt,
} from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { winRaceDay } from '../../../test/win-race.ts';
import { independentAdmin } from '../../../test/second-admin.ts';
import { createStaffAccount } from '../../../test/staff-accounts.ts';
import {
  call,
  PLAYER_PASSWORD,
  registerPlayer,
  sessionCookieOf,
  type RegisteredPlayer,
} from '../../../test/player-flow.ts';

const key = () => `k-${randomUUID()}`;
const HOUR = 3_600_000;

/**
 * The AML rules (decision 035), each raising exactly one flag, on small thresholds: a covered amount of
 * ₱10,000, deposits of ₱9,000 or more just below it, 3 of them in 24 hours; a shared account at 3 players;
 * 3 cycles of a withdrawal within 60 minutes of a deposit in 7 days. Time is moved by a test clock (Date only).
 */
describe(`AML flags (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let gcash: DepositAccountView;

  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => t.app.inject({ method, url, ...(payload ? { payload: payload as Record<string, unknown> } : {}), headers });

  /**
   * Independent admins (decision 042): the second approver of a deposit without a receipt, and the cashier
   * who approves withdrawals (whoever approved a player's deposits does not approve their withdrawals).
   */
  const INDEPENDENT_PASSWORD = 'second-admin-password-1';
  let checker: { username: string; cookie: string };
  let cashier: { username: string; cookie: string };

  /** Moves the test clock and signs everyone in again (sessions expire by the same clock). */
  async function at(iso: string, ...players: RegisteredPlayer[]) {
    vi.setSystemTime(new Date(iso));
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    checker.cookie = await staffCookie(t.app, checker.username, INDEPENDENT_PASSWORD);
    cashier.cookie = await staffCookie(t.app, cashier.username, INDEPENDENT_PASSWORD);
    for (const player of players) {
      const login = await call(t.app, 'login', { mobileNo: player.mobileNo, password: PLAYER_PASSWORD });
      expect(login.statusCode, login.body).toBe(200);
      player.cookie = sessionCookieOf(login);
    }
  }

  async function deposit(player: RegisteredPlayer, amount: number, senderNumber = '09171234567'): Promise<number> {
    const response = await inject(
      'POST',
      '/api/payment/initiateDeposit',
      {
        amount,
        senderNumber,
        receiverNumber: gcash.id,
        referenceNumber: `R${randomUUID().replace(/\D/g, '').slice(0, 12)}`,
        idempotencyKey: key(),
      },
      { cookie: player.cookie },
    );
    expect(response.statusCode, response.body).toBe(200);
    return Number(response.json<PaymentRequestReceipt>().transactionId.slice(2));
  }

  /** A deposit: the admin's approval, and a second admin's (no receipt); a withdrawal: the cashier's. */
  async function approve(id: number) {
    const { kind } = await t.app.db
      .selectFrom('payment_requests')
      .select('kind')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const approvers = kind === 'DEPOSIT' ? [admin, checker.cookie] : [cashier.cookie];
    for (const cookie of approvers) {
      const response = await inject(
        'POST',
        `/api/backoffice/payments/${id}/approve`,
        {},
        { cookie, 'idempotency-key': key() },
      );
      expect(response.statusCode, response.body).toBe(200);
      if (response.json<{ request: { status: string } }>().request.status !== 'PENDING') return;
    }
  }

  async function approvedDeposit(player: RegisteredPlayer, amount: number, senderNumber?: string) {
    const id = await deposit(player, amount, senderNumber);
    await approve(id);
    return id;
  }

  async function withdraw(
    player: RegisteredPlayer,
    amount: number,
    accountNumber = `09${Math.floor(Math.random() * 1e9)}`,
  ) {
    const response = await inject(
      'POST',
      '/api/payment/initiateWithdraw',
      { amount, companyName: 'gcash', accountName: 'Maria Santos', accountNumber, idempotencyKey: key() },
      { cookie: player.cookie },
    );
    expect(response.statusCode, response.body).toBe(200);
    return Number(response.json<PaymentRequestReceipt>().transactionId.slice(2));
  }

  /** The flags of one rule whose transactions include the player's. */
  async function flagsOf(rule: AmlRule, playerId: number) {
    const list = await inject('GET', `${AmlRoutes.flags}?rule=${rule}`, undefined, { cookie: admin });
    expect(list.statusCode, list.body).toBe(200);
    const flags = list.json<{ flags: { id: number }[] }>().flags;
    const details = await Promise.all(
      flags.map(async (flag) =>
        (await inject('GET', AmlRoutes.flag(flag.id), undefined, { cookie: admin })).json<AmlFlagDetailResponse>(),
      ),
    );
    return details.filter((detail) => detail.transactions.some((row) => row.playerId === playerId));
  }

  beforeAll(async () => {
    t = await createTestApp({
      PLAYER_AUTH_RATE_LIMIT: '1000',
      KYC_GATES: '0',
      AML_COVERED_AMOUNT: '1000000',
      AML_STRUCTURING_BAND_PERCENT: '90',
      AML_STRUCTURING_DEPOSITS: '3',
      AML_SHARED_ACCOUNT_PLAYERS: '3',
      AML_RAPID_CYCLE_MINUTES: '60',
      AML_RAPID_CYCLES: '3',
      AML_LOW_TURNOVER_PERCENT: '30',
      STAFF_LOGIN_RATE_LIMIT: '1000',
    });
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    checker = await independentAdmin(t.app, 'aml-checker');
    cashier = await independentAdmin(t.app, 'aml-cashier');
    const account = await inject(
      'POST',
      '/api/backoffice/deposit-accounts',
      { type: 'GCASH', accountName: 'Karera One', accountNumber: '09170000001', active: true },
      { cookie: admin },
    );
    expect(account.statusCode, account.body).toBe(200);
    gcash = account.json<{ account: DepositAccountView }>().account;
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('covered amount: approved deposits reaching ₱10,000 in one Manila day raise one flag; the day before does not count', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const player = await registerPlayer(t.app);
    // 23:00 Manila on the 1st, then 00:30 and 01:00 on the 2nd.
    await at('2026-12-01T15:00:00.000Z', player);
    await approvedDeposit(player, 600_000);
    await at('2026-12-01T16:30:00.000Z', player);
    await approvedDeposit(player, 500_000);
    expect(await flagsOf('COVERED_AMOUNT', player.playerId)).toHaveLength(0);
    await at('2026-12-01T17:00:00.000Z', player);
    const second = await approvedDeposit(player, 500_000);
    await approvedDeposit(player, 100_000);
    const flags = await flagsOf('COVERED_AMOUNT', player.playerId);
    expect(flags).toHaveLength(1);
    expect(flags[0]!.flag).toMatchObject({ status: 'OPEN', amount: 1_000_000, playerId: player.playerId });
    expect(flags[0]!.transactions.map((row) => row.id)).toContain(second);
    expect(flags[0]!.transactions).toHaveLength(2);
  });

  it('covered amount: withdrawals are counted apart from deposits, on approval', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const player = await registerPlayer(t.app);
    await at('2026-12-05T02:00:00.000Z', player);
    for (const amount of [900_000, 900_000]) await approvedDeposit(player, amount);
    const first = await withdraw(player, 800_000);
    const second = await withdraw(player, 300_000);
    expect(await flagsOf('COVERED_AMOUNT', player.playerId)).toHaveLength(1); // the deposits' flag
    await approve(first);
    await approve(second);
    const flags = await flagsOf('COVERED_AMOUNT', player.playerId);
    expect(flags).toHaveLength(2);
    expect(flags.map((f) => f.transactions[0]!.kind).sort()).toEqual(['DEPOSIT', 'WITHDRAW']);
  });

  it('structuring: deposits within 24 hours that together come just below the covered amount raise one flag', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const player = await registerPlayer(t.app);
    // The e2e's covered amount is ₱10,000, the band from ₱9,000; each deposit is far below either.
    await at('2026-12-10T00:00:00.000Z', player);
    await approvedDeposit(player, 300_000);
    // 25 hours later: the first has left the window.
    await at('2026-12-11T01:00:00.000Z', player);
    await approvedDeposit(player, 400_000);
    await approvedDeposit(player, 100_000);
    await at('2026-12-11T02:00:00.000Z', player);
    await approvedDeposit(player, 300_000); // three in the window, ₱8,000 in all: below the band
    expect(await flagsOf('STRUCTURING', player.playerId)).toHaveLength(0);
    await approvedDeposit(player, 150_000); // ₱9,500: just below the covered amount
    await at('2026-12-11T03:00:00.000Z', player);
    await approvedDeposit(player, 40_000); // ₱9,900 the same Manila day: no second flag
    const flags = await flagsOf('STRUCTURING', player.playerId);
    expect(flags).toHaveLength(1);
    expect(flags[0]!.transactions.map((row) => row.amount)).toEqual([400_000, 100_000, 300_000, 150_000]);
    expect(await flagsOf('COVERED_AMOUNT', player.playerId)).toHaveLength(0);
  });

  it('structuring: deposits that pass the covered amount only across a Manila midnight raise one flag', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const player = await registerPlayer(t.app);
    // 22:00 and 23:00 in Manila on 10 December, then 01:00 on the 11th: ₱11,000 in three hours, no day at ₱10,000.
    await at('2026-12-10T14:00:00.000Z', player);
    await approvedDeposit(player, 400_000);
    await at('2026-12-10T15:00:00.000Z', player);
    await approvedDeposit(player, 300_000);
    await at('2026-12-10T17:00:00.000Z', player);
    await approvedDeposit(player, 400_000);
    expect(await flagsOf('COVERED_AMOUNT', player.playerId)).toHaveLength(0);
    const flags = await flagsOf('STRUCTURING', player.playerId);
    expect(flags).toHaveLength(1);
    expect(flags[0]!.transactions.map((row) => row.amount)).toEqual([400_000, 300_000, 400_000]);
  });

  it('structuring: a day that reaches the covered amount is a covered amount, not structuring', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const player = await registerPlayer(t.app);
    await at('2026-12-12T01:00:00.000Z', player);
    for (const amount of [400_000, 400_000, 300_000]) await approvedDeposit(player, amount);
    expect(await flagsOf('COVERED_AMOUNT', player.playerId)).toHaveLength(1);
    expect(await flagsOf('STRUCTURING', player.playerId)).toHaveLength(0);
  });

  it('low turnover: a withdrawal after deposits with no bets since the previous withdrawal raises one flag', async () => {
    const player = await registerPlayer(t.app);
    await approvedDeposit(player, 200_000);
    const withdrawal = await withdraw(player, 100_000);
    const flags = await flagsOf('LOW_TURNOVER', player.playerId);
    expect(flags).toHaveLength(1);
    expect(flags[0]!.transactions.map((row) => row.id)).toContain(withdrawal);
    // The next withdrawal follows no new deposit: nothing came in unplayed since the previous one.
    await withdraw(player, 50_000);
    expect(await flagsOf('LOW_TURNOVER', player.playerId)).toHaveLength(1);
  });

  it('low turnover: bets of 30% of the deposits since the previous withdrawal raise none', async () => {
    const day = await winRaceDay(t.app, admin, `AML Day ${randomUUID().slice(0, 8)}`);
    const player = await registerPlayer(t.app);
    await approvedDeposit(player, 200_000);
    const placed = await day.bet(player, { amount: 59_900 });
    expect(placed.statusCode, placed.body).toBe(200);
    await withdraw(player, 50_000); // ₱599 of ₱2,000 played: below 30%
    expect(await flagsOf('LOW_TURNOVER', player.playerId)).toHaveLength(1);
    await approvedDeposit(player, 100_000);
    expect((await day.bet(player, { amount: 30_000 })).statusCode).toBe(200);
    await withdraw(player, 50_000); // ₱300 of ₱1,000 since the previous withdrawal: exactly 30%
    expect(await flagsOf('LOW_TURNOVER', player.playerId)).toHaveLength(1);
  });

  it("low turnover: a group ticket is its members' bets, each by the shares they bought (decision 056)", async () => {
    const day = await winRaceDay(t.app, admin, `AML Bakas ${randomUUID().slice(0, 8)}`);
    const organiser = await registerPlayer(t.app);
    const member = await registerPlayer(t.app);
    await approvedDeposit(organiser, 200_000);
    await approvedDeposit(member, 200_000);
    const bakas = (who: RegisteredPlayer, op: string, body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/bakas/${op}`,
        payload: { idempotencyKey: randomUUID(), ...body },
        headers: { cookie: who.cookie },
      });
    // A ₱1,000 ticket in 10 shares: the organiser buys 1, the member 9, which places it.
    const created = await bakas(organiser, 'create', {
      raceId: day.raceId,
      eventId: day.eventId,
      betType: 'W',
      selections: [[1]],
      amount: 100_000,
      shares: 10,
      organiserShares: 1,
      title: 'AML',
      feePercent: 0,
      shortfall: 'cancel',
    });
    expect(created.statusCode, created.body).toBe(200);
    const { code } = created.json<{ group: { code: string } }>().group;
    expect((await bakas(member, 'join', { code, shares: 9 })).statusCode).toBe(200);
    // The organiser played ₱100 of ₱2,000 (the ₱1,000 ticket names them but is the group's): flagged.
    await withdraw(organiser, 50_000);
    expect(await flagsOf('LOW_TURNOVER', organiser.playerId)).toHaveLength(1);
    // The member played ₱900 of ₱2,000 by their shares: 45%, no flag.
    await withdraw(member, 50_000);
    expect(await flagsOf('LOW_TURNOVER', member.playerId)).toHaveLength(0);
  });

  it('shared account: one withdrawal account used by three players raises one flag', async () => {
    const account = `0918${Math.floor(Math.random() * 1e7)}`.padEnd(11, '7');
    const players = [];
    for (let i = 0; i < 4; i++) {
      const player = await registerPlayer(t.app);
      await approvedDeposit(player, 100_000);
      players.push(player);
    }
    await withdraw(players[0]!, 50_000, account);
    await withdraw(players[1]!, 50_000, account);
    await withdraw(players[0]!, 20_000, account);
    expect(await flagsOf('SHARED_ACCOUNT', players[0]!.playerId)).toHaveLength(0);
    await withdraw(players[2]!, 50_000, account);
    await withdraw(players[3]!, 50_000, account);
    const flags = await flagsOf('SHARED_ACCOUNT', players[0]!.playerId);
    expect(flags).toHaveLength(1);
    expect(new Set(flags[0]!.transactions.map((row) => row.playerId)).size).toBe(3);
  });

  it('shared account: one deposit sender number used by three players raises one flag', async () => {
    const sender = `0919${Math.floor(Math.random() * 1e7)}`.padEnd(11, '3');
    const players = [await registerPlayer(t.app), await registerPlayer(t.app), await registerPlayer(t.app)];
    await deposit(players[0]!, 100_000, sender);
    await deposit(players[1]!, 100_000, sender);
    expect(await flagsOf('SHARED_ACCOUNT', players[0]!.playerId)).toHaveLength(0);
    await deposit(players[2]!, 100_000, sender);
    await deposit(players[2]!, 100_000, sender);
    const flags = await flagsOf('SHARED_ACCOUNT', players[0]!.playerId);
    expect(flags).toHaveLength(1);
    expect(flags[0]!.flag.summary).toContain(sender);
  });

  it('rapid cycles: three withdrawals within an hour of a deposit in 7 days raise one flag', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const player = await registerPlayer(t.app);
    const cycle = async (iso: string) => {
      await at(iso, player);
      await approvedDeposit(player, 100_000);
      vi.setSystemTime(new Date(Date.parse(iso) + 30 * 60_000));
      await withdraw(player, 90_000);
    };
    await cycle('2026-12-20T02:00:00.000Z');
    await cycle('2026-12-22T02:00:00.000Z');
    // A withdrawal two hours after its deposit is no cycle.
    await at('2026-12-23T02:00:00.000Z', player);
    await approvedDeposit(player, 100_000);
    vi.setSystemTime(new Date(Date.parse('2026-12-23T02:00:00.000Z') + 2 * HOUR));
    await withdraw(player, 90_000);
    await at('2026-12-23T04:10:00.000Z', player);
    expect(await flagsOf('RAPID_CYCLES', player.playerId)).toHaveLength(0);
    await cycle('2026-12-25T02:00:00.000Z');
    await cycle('2026-12-26T02:00:00.000Z');
    const flags = await flagsOf('RAPID_CYCLES', player.playerId);
    expect(flags).toHaveLength(1);
    expect(flags[0]!.transactions.filter((row) => row.kind === 'WITHDRAW')).toHaveLength(3);
  });

  it("shows the subject's later transactions on an open flag's page, and audits every view of it", async () => {
    const player = await registerPlayer(t.app);
    const other = await registerPlayer(t.app);
    await approvedDeposit(player, 200_000);
    const withdrawal = await withdraw(player, 100_000);
    const [flag] = await flagsOf('LOW_TURNOVER', player.playerId);
    const id = flag!.flag.id;
    expect(flag!.laterTransactions).toEqual([]);
    const laterDeposit = await deposit(player, 50_000);
    const laterWithdrawal = await withdraw(player, 20_000);
    await deposit(other, 50_000);
    const viewed = async () => {
      const response = await inject('GET', AmlRoutes.flag(id), undefined, { cookie: admin });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<AmlFlagDetailResponse>();
    };
    const open = await viewed();
    expect(open.transactions.map((row) => row.id)).toContain(withdrawal);
    expect(open.laterTransactions.map((row) => [row.id, row.kind, row.playerId])).toEqual([
      [laterWithdrawal, 'WITHDRAW', player.playerId],
      [laterDeposit, 'DEPOSIT', player.playerId],
    ]);
    // Once resolved, the page keeps what came before the resolution only.
    const resolved = await inject(
      'POST',
      AmlRoutes.resolve(id),
      { resolution: 'NO_ACTION', note: 'Explained by the player.' },
      { cookie: admin },
    );
    expect(resolved.statusCode, resolved.body).toBe(200);
    await deposit(player, 30_000);
    expect((await viewed()).laterTransactions.map((row) => row.id)).toEqual([laterWithdrawal, laterDeposit]);

    const views = await t.app.db
      .selectFrom('audit_log')
      .select(['actor_type', 'details'])
      .where('action', '=', 'aml.flag_viewed')
      .where('target_id', '=', String(id))
      .execute();
    // flagsOf's look, then the two above; a missing flag is not a view.
    expect(views).toHaveLength(3);
    expect(views.every((view) => view.actor_type === 'staff')).toBe(true);
    expect((await inject('GET', AmlRoutes.flag(999_999), undefined, { cookie: admin })).statusCode).toBe(404);
  });

  it('keeps records append-only: notes and one resolution are new rows; nothing edits or deletes them', async () => {
    const player = await registerPlayer(t.app);
    await approvedDeposit(player, 200_000);
    await withdraw(player, 100_000);
    const [flag] = await flagsOf('LOW_TURNOVER', player.playerId);
    const id = flag!.flag.id;
    const noted = await inject(
      'POST',
      AmlRoutes.notes(id),
      { note: 'Asked the player about the source.' },
      { cookie: admin },
    );
    expect(noted.statusCode, noted.body).toBe(200);
    const resolved = await inject(
      'POST',
      AmlRoutes.resolve(id),
      { resolution: 'NO_ACTION', note: 'Winnings from another site.' },
      { cookie: admin },
    );
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json<AmlFlagDetailResponse>()).toMatchObject({
      flag: { status: 'NO_ACTION' },
      events: [
        { kind: 'NOTE', resolution: null },
        { kind: 'RESOLUTION', resolution: 'NO_ACTION' },
      ],
    });
    const again = await inject(
      'POST',
      AmlRoutes.resolve(id),
      { resolution: 'REPORTED', note: 'Changed my mind.' },
      { cookie: admin },
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ statusMessage: AmlMessages.alreadyResolved });
    // No route edits or removes a flag or a note.
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      expect([404, 405]).toContain(
        (await inject(method, AmlRoutes.flag(id), { note: 'x' }, { cookie: admin })).statusCode,
      );
    }
    expect([404, 405]).toContain(
      (await inject('POST', AmlRoutes.flag(id), { status: 'OPEN' }, { cookie: admin })).statusCode,
    );
    // Unknown fields are refused, not ignored.
    const extra = await inject('POST', AmlRoutes.notes(id), { note: 'x', id: 1 }, { cookie: admin });
    expect(extra.statusCode).toBe(400);
    // The database itself refuses an update or a delete, whoever sends it.
    await expect(
      t.app.db.updateTable('aml_flag_events').set({ note: 'rewritten' }).where('flag_id', '=', id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(t.app.db.deleteFrom('aml_flag_events').where('flag_id', '=', id).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(
      t.app.db.updateTable('aml_flags').set({ summary: 'x' }).where('id', '=', id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(t.app.db.deleteFrom('aml_flag_transactions').where('flag_id', '=', id).execute()).rejects.toThrow(
      /append-only/,
    );
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'aml_flag')
      .where('target_id', '=', String(id))
      .execute();
    expect(audit.map((row) => row.action).filter((action) => action !== 'aml.flag_viewed')).toEqual([
      'aml.note_added',
      'aml.flag_no_action',
    ]);
  });

  it('exports reported cases as CSV with the transactions, pesos, Manila dates and the narrative; admins only', async () => {
    const player = await registerPlayer(t.app);
    const depositId = await approvedDeposit(player, 200_000);
    const withdrawalId = await withdraw(player, 150_000);
    const [flag] = await flagsOf('LOW_TURNOVER', player.playerId);
    const narrative = 'Deposited ₱2,000, bet nothing, withdrew ₱1,500 "at once", to a new account.';
    const reported = await inject(
      'POST',
      AmlRoutes.resolve(flag!.flag.id),
      { resolution: 'REPORTED', note: narrative },
      { cookie: admin },
    );
    expect(reported.statusCode, reported.body).toBe(200);
    const exported = await inject('GET', AmlRoutes.reports, undefined, { cookie: admin });
    expect(exported.statusCode, exported.body).toBe(200);
    const { csv } = exported.json<AmlReportExportResponse>();
    const rows = csv.trim().split('\r\n');
    expect(rows[0]).toContain('transaction_id');
    const mine = rows.filter((row) => row.startsWith(`${flag!.flag.id},`));
    expect(mine).toHaveLength(2);
    expect(mine[0]).toContain(`DR${String(depositId).padStart(6, '0')}`);
    expect(mine[0]).toContain(',2000.00,');
    expect(mine[1]).toContain(`WR${String(withdrawalId).padStart(6, '0')}`);
    expect(mine[1]).toContain(',1500.00,');
    expect(mine[1]).toContain('"Deposited ₱2,000, bet nothing, withdrew ₱1,500 ""at once"", to a new account."');
    expect(mine[0]).toContain(player.mobileNo);
    expect(mine[0]).toContain(',Maria Santos,no,,,');

    // A player with a verified identity is reported under the legal name and ID of that identity.
    const verified = await registerPlayer(t.app);
    const { id: submissionId } = await t.app.db
      .insertInto('kyc_submissions')
      .values({
        player_id: verified.playerId,
        legal_name: 'Maria Clara Santos',
        date_of_birth: '1990-01-01',
        id_type: 'passport',
        id_number: 'P1234567A',
        id_number_key: `passport:${randomUUID()}`,
        declarations: '{}',
        reason: null,
        decided_by_staff_id: null,
        decided_at: null,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.app.db.updateTable('kyc_submissions').set({ status: 'verified' }).where('id', '=', submissionId).execute();
    await approvedDeposit(verified, 200_000);
    await withdraw(verified, 150_000);
    const [verifiedFlag] = await flagsOf('LOW_TURNOVER', verified.playerId);
    await inject(
      'POST',
      AmlRoutes.resolve(verifiedFlag!.flag.id),
      { resolution: 'REPORTED', note: 'Same pattern.' },
      { cookie: admin },
    );
    const again = (
      await inject('GET', AmlRoutes.reports, undefined, { cookie: admin })
    ).json<AmlReportExportResponse>();
    const verifiedRows = again.csv.split('\r\n').filter((row) => row.startsWith(`${verifiedFlag!.flag.id},`));
    expect(verifiedRows).toHaveLength(2);
    expect(verifiedRows[0]).toContain(',Maria Clara Santos,yes,passport,P1234567A,');

    const master = await createStaffAccount(t.app, admin, {
      role: 'master_agent',
      username: `aml-m-${randomUUID().slice(0, 6)}`,
      displayName: 'Master',
      password: 'staff-password-1',
    });
    const masterCookie = await staffCookie(t.app, master.username, master.password);
    for (const url of [AmlRoutes.flags, AmlRoutes.reports, AmlRoutes.flag(flag!.flag.id)]) {
      expect((await inject('GET', url, undefined, { cookie: masterCookie })).statusCode).toBe(403);
    }
    expect((await inject('GET', AmlRoutes.flags)).statusCode).toBe(401);
  });
});
