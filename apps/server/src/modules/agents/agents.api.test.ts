import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AgentRoutes,
  ticketCommissionShares,
  ToteAdminRoutes,
  type ChainLink,
  type AgentNode,
  type AgentOverviewResponse,
  type AgentReportResponse,
  type PlayerListResponse,
  type PaymentRequestListResponse,
} from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { createStaffAccount } from '../../../test/staff-accounts.ts';
import { fundPlayer, openRace, placeBetAs } from '../../../test/win-race.ts';
import { nowIso } from '../../lib/time.ts';
import { checkLedger } from '../wallet/index.ts';
import { agentDb, CommissionAccount } from './agents.tables.ts';
import { accrueCommissionsForPool } from './commission-accrual.ts';

/**
 * The agent network (decision 040) over the API: a three-level tree with hand-worked commissions, a
 * refund earning nothing, a rate change, payouts under concurrency, and every id-taking route that a
 * non-admin reaches tried with ids of another branch.
 *
 * Branch one: master agent M (turnover 5.00 %) > agent A (3.00 %) > sub-agent S (2.00 %), which A made.
 * Branch two: master agent N (NGR 30 %) > agent B (NGR 20 %).
 */
describe(`agent network and commissions (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  const suffix = randomUUID().slice(0, 6);
  interface Member {
    id: number;
    cookie: string;
    code: string;
  }
  let M: Member;
  let A: Member;
  let S: Member;
  let N: Member;
  let B: Member;
  let pS: RegisteredPlayer;
  let pA: RegisteredPlayer;
  let pB: RegisteredPlayer;
  let pHouse: RegisteredPlayer;
  let eventId: number;
  let raceNo = 0;

  const inject = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object, headers = {}) =>
    t.app.inject({ method, url, headers: { cookie, ...headers }, ...(payload ? { payload: payload as object } : {}) });
  const password = 'staff-password-1';

  async function member(cookie: string, url: string, body: Record<string, unknown>): Promise<Member> {
    const code = `${String(body.username).replace(/\W/g, '')}`.slice(0, 20).toUpperCase();
    const response = await inject(cookie, 'POST', url, { password, referralCode: code, ...body });
    expect(response.statusCode, response.body).toBe(200);
    const { id, username } = (response.json<{ staff?: { id: number; username: string } }>().staff ??
      response.json<{ agent: AgentNode }>().agent) as { id: number; username: string };
    return { id, code, cookie: await staffCookie(t.app, username, password) };
  }
  const setRate = (cookie: string, id: number, basis: 'turnover' | 'ngr', rateBps: number) =>
    inject(cookie, 'POST', AgentRoutes.rate(id), { basis, rateBps });
  const overview = async (cookie: string, id: number) => {
    const response = await inject(cookie, 'GET', AgentRoutes.agent(id));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AgentOverviewResponse>();
  };
  const earned = async (id: number) => (await overview(admin, id)).commission.earned;

  /** One Win race: each bet placed, the race closed and its result confirmed (which settles the pool). */
  async function raceWith(bets: { player: RegisteredPlayer; runner: number; amount: number }[], winner = 1) {
    raceNo += 1;
    const race = await openRace(t.app, admin, eventId, raceNo, 3);
    for (const bet of bets) {
      const placed = await placeBetAs(t.app, bet.player, {
        raceId: race.raceId,
        eventId,
        selections: [[bet.runner]],
        amount: bet.amount,
      });
      expect(placed.statusCode, placed.body).toBe(200);
    }
    await inject(admin, 'POST', `/api/backoffice/racing/races/${race.raceId}/status`, { status: 'C' });
    const others = [1, 2, 3].filter((n) => n !== winner);
    const confirmed = await inject(admin, 'POST', ToteAdminRoutes.confirmResult(race.raceId), {
      finish: [[winner], [others[0]], [others[1]]],
      idempotencyKey: randomUUID(),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return race;
  }

  /** A master agent: one admin asks, an independent admin approves (decision 044). */
  async function masterAgent(username: string, displayName: string): Promise<Member> {
    const code = username.replace(/\W/g, '').slice(0, 20).toUpperCase();
    const made = await createStaffAccount(t.app, admin, {
      role: 'master_agent',
      username,
      displayName,
      password,
      referralCode: code,
    });
    return { id: made.id, code, cookie: await staffCookie(t.app, username, password) };
  }

  beforeAll(async () => {
    t = await createTestApp({ PLAYER_AUTH_RATE_LIMIT: '1000' });
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    M = await masterAgent(`m-${suffix}`, 'Master M');
    N = await masterAgent(`n-${suffix}`, 'Master N');
    A = await member(admin, AgentRoutes.network, { username: `a-${suffix}`, displayName: 'Agent A', parentId: M.id });
    B = await member(N.cookie, AgentRoutes.network, { username: `b-${suffix}`, displayName: 'Agent B' });
    // The sub-agent is made by its agent, under itself.
    S = await member(A.cookie, AgentRoutes.network, { username: `s-${suffix}`, displayName: 'Sub-agent S' });

    expect((await setRate(admin, M.id, 'turnover', 500)).statusCode).toBe(200);
    expect((await setRate(M.cookie, A.id, 'turnover', 300)).statusCode).toBe(200);
    expect((await setRate(A.cookie, S.id, 'turnover', 200)).statusCode).toBe(200);
    expect((await setRate(admin, N.id, 'ngr', 3_000)).statusCode).toBe(200);
    expect((await setRate(N.cookie, B.id, 'ngr', 2_000)).statusCode).toBe(200);

    pS = await registerPlayer(t.app, { referralCode: S.code });
    pA = await registerPlayer(t.app, { referralCode: A.code });
    pB = await registerPlayer(t.app, { referralCode: B.code });
    pHouse = await registerPlayer(t.app); // the default agent: no rate
    for (const p of [pS, pA, pB, pHouse]) await fundPlayer(t.app, admin, p, 100_000);

    const created = await inject(admin, 'POST', '/api/backoffice/racing/events', {
      name: `Agents ${suffix}`,
      arena: 'Metro Turf',
      streamUrl: '',
      raceDate: '2026-11-22',
      enabledBetTypes: [],
    });
    eventId = created.json<{ event: { id: number } }>().event.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('accrues commissions over a three-level tree to the hand-worked centavo, in balanced ledger postings', async () => {
    // Runner 1 wins: only pHouse backed it. pS (₱100) and pA (₱50) and pB (₱20) lose.
    const race = await raceWith([
      { player: pS, runner: 2, amount: 10_000 },
      { player: pA, runner: 3, amount: 5_000 },
      { player: pB, runner: 2, amount: 2_000 },
      { player: pHouse, runner: 1, amount: 1_000 },
    ]);
    // pS's ticket, turnover 10,000: S 2 % = 200; A 3 % - 2 % = 1 % = 100; M 5 % - 3 % = 2 % = 200.
    // pA's ticket, turnover 5,000: A 3 % = 150; M 5 % - 3 % = 2 % = 100.
    // pB's ticket, NGR = 2,000 - 0 won = 2,000: B 20 % = 400; N 30 % - 20 % = 10 % = 200.
    // pHouse's ticket: the default agent has no rate, nothing.
    expect(await earned(S.id)).toBe(200);
    expect(await earned(A.id)).toBe(100 + 150);
    expect(await earned(M.id)).toBe(200 + 100);
    expect(await earned(B.id)).toBe(400);
    expect(await earned(N.id)).toBe(200);

    const adb = agentDb(t.app.db);
    const expense = await adb
      .selectFrom('accounts')
      .select('balance')
      .where('code', '=', CommissionAccount.expense)
      .executeTakeFirstOrThrow();
    expect(Number(expense.balance)).toBe(-(200 + 250 + 300 + 400 + 200));
    // One ledger transaction per ticket with a share: pS, pA, pB.
    const transactions = await adb
      .selectFrom('ledger_transactions')
      .select('id')
      .where('kind', '=', 'COMMISSION')
      .execute();
    expect(transactions).toHaveLength(3);
    expect(await checkLedger(t.app.db)).toEqual([]);

    // Settling again never accrues twice: every ticket of the pool is claimed.
    const again = await accrueCommissionsForPool(t.app.db, { firstRaceId: race.raceId, betType: 'W' });
    expect(again).toBe(0);
    expect(await earned(M.id)).toBe(300);

    // The agent's dashboard shows its players and its per-period commission.
    const dash = await overview(A.cookie, A.id);
    // Most recently active first: pA's bet was placed after pS's.
    expect(dash.players.map((p) => p.playerId)).toEqual([pA.playerId, pS.playerId]);
    expect(dash.players.every((p) => p.lastActivity !== null)).toBe(true);
    const ofS = dash.players.find((p) => p.playerId === pS.playerId);
    expect(ofS).toMatchObject({ turnover: 10_000, netResult: -10_000 });
    expect(dash.subAgents.map((a) => a.id)).toEqual([S.id]);
    expect(dash.periods.reduce((sum, p) => sum + p.earned, 0)).toBe(250);
    // The referral link to share: the landing page with the agent's code, and its QR code as an SVG.
    expect(dash.referral?.link).toMatch(new RegExp(`^https?://[^/]+/\\?r=${A.code}$`));
    expect(dash.referral?.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it('a refunded ticket earns nothing', async () => {
    const before = await Promise.all([S, A, M].map((m) => earned(m.id)));
    raceNo += 1;
    const race = await openRace(t.app, admin, eventId, raceNo, 3);
    expect((await placeBetAs(t.app, pS, { raceId: race.raceId, eventId, amount: 10_000 })).statusCode).toBe(200);
    await inject(admin, 'POST', `/api/backoffice/racing/races/${race.raceId}/status`, { status: 'X' });
    const ticket = await t.app.db
      .selectFrom('bet_tickets')
      .select(['id', 'status'])
      .where('first_race_id', '=', race.raceId)
      .executeTakeFirstOrThrow();
    expect(ticket.status).toBe('refunded');
    const shares = await agentDb(t.app.db)
      .selectFrom('agent_commissions')
      .select('id')
      .where('ticket_id', '=', ticket.id)
      .execute();
    expect(shares).toEqual([]);
    expect(await Promise.all([S, A, M].map((m) => earned(m.id)))).toEqual(before);
  });

  it('a rate change applies to tickets settled after it, never to those before', async () => {
    const before = await Promise.all([S, A, M].map((m) => earned(m.id)));
    // M raises A to 4 %: on a ₱100 ticket of pS, S 2 % = 200; A 4 % - 2 % = 200; M 5 % - 4 % = 100.
    expect((await setRate(M.cookie, A.id, 'turnover', 400)).statusCode).toBe(200);
    await raceWith([
      { player: pS, runner: 2, amount: 10_000 },
      { player: pHouse, runner: 1, amount: 1_000 },
    ]);
    const after = await Promise.all([S, A, M].map((m) => earned(m.id)));
    expect(after.map((value, i) => value - (before[i] ?? 0))).toEqual([200, 200, 100]);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'agents.commission_rate_set')
      .where('target_id', '=', String(A.id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details ?? '{}')).toMatchObject({
      before: { basis: 'turnover', rateBps: 300 },
      after: { basis: 'turnover', rateBps: 400 },
    });
  });

  it('pays a commission once under concurrency, as one audited ledger transaction', async () => {
    const { balance } = (await overview(admin, M.id)).commission;
    expect(balance).toBeGreaterThan(0);
    const pay = (key: string) =>
      inject(admin, 'POST', AgentRoutes.payout(M.id), { amount: balance }, { 'idempotency-key': key });
    const answers = await Promise.all(Array.from({ length: 8 }, () => pay(randomUUID())));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses, answers.map((a) => a.body).join('\n')).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const after = await overview(admin, M.id);
    expect(after.commission).toMatchObject({ balance: 0, paid: balance, earned: after.commission.earned });

    // The same key again answers the same payout, and pays nothing more.
    const key = randomUUID();
    await inject(admin, 'POST', AgentRoutes.rate(M.id), { basis: 'turnover', rateBps: 500 });
    const sBalance = (await overview(admin, S.id)).commission.balance;
    const first = await inject(
      admin,
      'POST',
      AgentRoutes.payout(S.id),
      { amount: sBalance },
      { 'idempotency-key': key },
    );
    const twins = await Promise.all(
      [1, 2, 3].map(() =>
        inject(admin, 'POST', AgentRoutes.payout(S.id), { amount: sBalance }, { 'idempotency-key': key }),
      ),
    );
    expect(first.statusCode, first.body).toBe(200);
    for (const twin of twins) expect(twin.json()).toEqual(first.json());
    expect((await overview(admin, S.id)).commission).toMatchObject({ balance: 0, paid: sBalance });

    const payouts = await t.app.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('kind', '=', 'COMMISSION_PAYOUT')
      .execute();
    expect(payouts).toHaveLength(2);
    const audits = await t.app.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'agents.commission_paid')
      .execute();
    expect(audits).toHaveLength(2);
    expect(await checkLedger(t.app.db)).toEqual([]);

    // Only admins pay; a payout without a key, over the balance, or of a fraction is refused.
    expect(
      (await inject(M.cookie, 'POST', AgentRoutes.payout(A.id), { amount: 1 }, { 'idempotency-key': randomUUID() }))
        .statusCode,
    ).toBe(403);
    expect((await inject(admin, 'POST', AgentRoutes.payout(A.id), { amount: 1 })).statusCode).toBe(400);
    expect(
      (await inject(admin, 'POST', AgentRoutes.payout(A.id), { amount: 10 ** 9 }, { 'idempotency-key': randomUUID() }))
        .statusCode,
    ).toBe(409);
    expect(
      (await inject(admin, 'POST', AgentRoutes.payout(A.id), { amount: 1.5 }, { 'idempotency-key': randomUUID() }))
        .statusCode,
    ).toBe(400);
    expect(
      (await inject(admin, 'POST', AgentRoutes.payout(A.id), { amount: '1' }, { 'idempotency-key': randomUUID() }))
        .statusCode,
    ).toBe(400);
  });

  it('scopes every view to the subtree, at any depth', async () => {
    const network = async (cookie: string) =>
      (await inject(cookie, 'GET', AgentRoutes.network)).json<{ agents: AgentNode[] }>().agents.map((a) => a.id);
    expect(await network(A.cookie)).toEqual([A.id, S.id]);
    expect(await network(M.cookie)).toEqual([M.id, A.id, S.id]);
    expect(await network(S.cookie)).toEqual([S.id]);
    expect(await network(N.cookie)).toEqual([N.id, B.id]);
    expect(await network(admin)).toEqual(expect.arrayContaining([M.id, N.id, A.id, B.id, S.id]));

    // The master agent sees the sub-agent's player, two levels down; the agent of the other branch does not.
    const players = async (cookie: string) =>
      (await inject(cookie, 'GET', '/api/backoffice/players'))
        .json<PlayerListResponse>()
        .players.map((p) => p.playerId);
    expect(await players(M.cookie)).toEqual(expect.arrayContaining([pS.playerId, pA.playerId]));
    expect(await players(M.cookie)).not.toContain(pB.playerId);
    expect(await players(S.cookie)).toEqual([pS.playerId]);
    expect(await players(B.cookie)).toEqual([pB.playerId]);

    const report = (
      await inject(A.cookie, 'GET', `${AgentRoutes.report}?period=month&from=2026-01-01&to=2026-12-31`)
    ).json<AgentReportResponse>();
    expect(new Set(report.rows.map((r) => r.agentId))).toEqual(new Set([A.id, S.id]));
    // A's row is its whole subtree's: pA's ₱50 and pS's ₱100 + ₱100 (the refund rode nothing).
    const month = report.rows.find((r) => r.agentId === A.id);
    expect(month).toMatchObject({ turnover: 25_000, ggr: 25_000, commission: 250 + 200 });
  });

  it('refuses every id of another branch on every route that takes one (BOLA)', async () => {
    const pending = async (player: RegisteredPlayer) =>
      (
        await t.app.db
          .insertInto('payment_requests')
          .values({
            player_id: player.playerId,
            kind: 'DEPOSIT',
            amount: 10_000,
            channel: 'gcash',
            deposit_account_id: null,
            account_name: 'Test',
            account_number: '09170000000',
            sender_number: '09171234567',
            reference_number: randomUUID().slice(0, 12),
            note: null,
            decision_note: null,
            decided_by_staff_id: null,
            decided_at: null,
            hold_transaction_id: null,
            decision_transaction_id: null,
            created_at: nowIso(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const ofB = await pending(pB);
    const ofS = await pending(pS);
    const key = { 'idempotency-key': randomUUID() };

    for (const outsider of [A, S, M]) {
      const c = outsider.cookie;
      expect((await inject(c, 'GET', `/api/backoffice/players/${pB.playerId}`)).statusCode).toBe(404);
      expect((await inject(c, 'POST', `/api/backoffice/payments/${ofB}/approve`, {}, key)).statusCode).toBe(404);
      expect((await inject(c, 'POST', `/api/backoffice/payments/${ofB}/decline`, { note: 'no' }, key)).statusCode).toBe(
        404,
      );
      expect((await inject(c, 'GET', `/api/backoffice/payments/${ofB}/receipt`)).statusCode).toBe(404);
      const listed = (
        await inject(c, 'GET', '/api/backoffice/payments?status=PENDING')
      ).json<PaymentRequestListResponse>();
      expect(listed.requests.map((r) => r.id)).not.toContain(ofB);
      for (const id of [B.id, N.id]) {
        expect((await inject(c, 'GET', AgentRoutes.agent(id))).statusCode).toBe(404);
        expect((await setRate(c, id, 'ngr', 0)).statusCode).toBe(404);
        const made = await inject(c, 'POST', AgentRoutes.network, {
          username: `x${randomUUID().slice(0, 6)}`,
          displayName: 'Intruder',
          password,
          parentId: id,
        });
        expect(made.statusCode).toBe(400);
      }
    }
    // Upward is out of scope too: a sub-agent cannot read or rate its agent or master agent.
    for (const id of [A.id, M.id]) {
      expect((await inject(S.cookie, 'GET', AgentRoutes.agent(id))).statusCode).toBe(404);
      expect((await setRate(S.cookie, id, 'turnover', 0)).statusCode).toBe(404);
    }
    // Nobody rates themselves; a downline rate above one's own, or on another basis, is refused.
    expect((await setRate(A.cookie, A.id, 'turnover', 400)).statusCode).toBe(404);
    expect((await setRate(A.cookie, S.id, 'turnover', 401)).statusCode).toBe(403);
    expect((await setRate(A.cookie, S.id, 'ngr', 100)).statusCode).toBe(403);
    // The other branch's agent cannot touch this branch either; this branch's master agent decides two levels down.
    expect(
      (await inject(B.cookie, 'POST', `/api/backoffice/payments/${ofS}/decline`, { note: 'no' }, key)).statusCode,
    ).toBe(404);
    expect((await inject(B.cookie, 'GET', AgentRoutes.agent(S.id))).statusCode).toBe(404);
    const decided = await inject(
      M.cookie,
      'POST',
      `/api/backoffice/payments/${ofS}/decline`,
      { note: 'duplicate' },
      {
        'idempotency-key': randomUUID(),
      },
    );
    expect(decided.statusCode, decided.body).toBe(200);
  });

  it('exports the report as formula-safe CSV', async () => {
    const csv = await inject(admin, 'GET', `${AgentRoutes.reportCsv}?period=day&from=2026-01-01&to=2026-12-31`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Agent ID,Agent,Role,Upline ID,Period,Turnover (PHP),GGR (PHP),Commission (PHP)');
    expect(lines.some((l) => l.startsWith(`${M.id},Master M,Master agent,,`))).toBe(true);
    const json = await inject(admin, 'GET', `${AgentRoutes.report}?period=week&from=2026-12-31&to=2026-01-01`);
    expect(json.statusCode).toBe(400);
  });

  it('an NGR commission claws back on a winning ticket; a balance below zero pays nothing', async () => {
    const before = { B: await earned(B.id), N: await earned(N.id) };
    await raceWith([
      { player: pB, runner: 1, amount: 1_000 },
      { player: pHouse, runner: 2, amount: 9_000 },
    ]);
    // Win pool 10,000 under EO 194 (decision 049): shares 18 % = 1,800; stamp tax 100 on the ₱10 ticket
    // (₱0.10 + 9 × ₱0.10) and 900 on the ₱90 one; net 7,200 all to runner 1's 1,000 staked: 7.20 per 1.00,
    // so pB's ticket wins 7,200 gross, 620 withheld (10 % of 6,200), 6,580 paid.
    // NGR counts the winnings gross of the tax: 1,000 - 7,200 = -6,200. B 20 %: -1,240. N 30 % - 20 % = 10 %: -620.
    const ticket = await t.app.db
      .selectFrom('bet_tickets')
      .select(['won_amount', 'winnings_tax'])
      .where('player_id', '=', pB.playerId)
      .where('status', '=', 'won')
      .executeTakeFirstOrThrow();
    expect([Number(ticket.won_amount), Number(ticket.winnings_tax)]).toEqual([6_580, 620]);
    expect((await earned(B.id)) - before.B).toBe(-1_240);
    expect((await earned(N.id)) - before.N).toBe(-620);
    const { commission } = await overview(admin, B.id);
    expect(commission.balance).toBe(400 - 1_240);
    const refused = await inject(
      admin,
      'POST',
      AgentRoutes.payout(B.id),
      { amount: 1 },
      { 'idempotency-key': randomUUID() },
    );
    expect(refused.statusCode).toBe(409);
    expect(await checkLedger(t.app.db)).toEqual([]);
  });

  it('concurrent accrual passes over one pool accrue a ticket once', async () => {
    // pHouse's winning tickets were claimed with no share (their agent, the default one, has no rate).
    // Give that agent a rate and release one such claim (it moved no money), then race three passes.
    const houseAgent = (
      await t.app.db
        .selectFrom('players')
        .select('agent_id')
        .where('id', '=', pHouse.playerId)
        .executeTakeFirstOrThrow()
    ).agent_id as number;
    expect((await setRate(admin, houseAgent, 'turnover', 100)).statusCode).toBe(200);
    const ticket = await t.app.db
      .selectFrom('bet_tickets')
      .select(['id', 'first_race_id'])
      .where('player_id', '=', pHouse.playerId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const adb = agentDb(t.app.db);
    const released = await adb
      .deleteFrom('commission_accruals')
      .where('ticket_id', '=', ticket.id)
      .where('transaction_id', 'is', null)
      .executeTakeFirst();
    expect(Number(released.numDeletedRows)).toBe(1);
    const pool = { firstRaceId: ticket.first_race_id, betType: 'W' };
    const posted = await Promise.all([1, 2, 3].map(() => accrueCommissionsForPool(t.app.db, pool)));
    expect(posted.reduce((a, b) => a + b, 0)).toBe(1);
    const shares = await adb
      .selectFrom('agent_commissions')
      .select('amount')
      .where('ticket_id', '=', ticket.id)
      .execute();
    // 1 % of the ticket's ₱10.00 stake: 10 centavos.
    expect(shares.map((r) => Number(r.amount))).toEqual([10]);
    expect(await checkLedger(t.app.db)).toEqual([]);
    await setRate(admin, houseAgent, 'turnover', 0);
  });

  it("a group ticket's commissions go up each member's own chain, by the shares they bought (decision 056)", async () => {
    const reportRow = async (agent: Member) =>
      (await inject(agent.cookie, 'GET', `${AgentRoutes.report}?period=month&from=2026-01-01&to=2026-12-31`))
        .json<AgentReportResponse>()
        .rows.find((r) => r.agentId === agent.id) ?? { turnover: 0, ggr: 0 };
    const playerRow = async (agent: Member, player: RegisteredPlayer) =>
      (await overview(admin, agent.id)).players.find((row) => row.playerId === player.playerId);
    const reportBefore = await reportRow(B);
    const pSBefore = await playerRow(S, pS);
    raceNo += 1;
    const race = await openRace(t.app, admin, eventId, raceNo, 3);
    const organiser = await registerPlayer(t.app);
    await fundPlayer(t.app, admin, organiser, 100_000);
    const bakas = (who: RegisteredPlayer, op: string, body: Record<string, unknown>) =>
      inject(who.cookie, 'POST', `/api/bakas/${op}`, { idempotencyKey: randomUUID(), ...body });
    // A ₱100 Win in 10 shares of ₱10: the organiser 2, pS (under S > A > M) 5, pB (under B > N) 3.
    const created = await bakas(organiser, 'create', {
      raceId: race.raceId,
      eventId,
      betType: 'W',
      selections: [[1]],
      amount: 10_000,
      shares: 10,
      organiserShares: 2,
      title: 'Agents',
      feePercent: 0,
      shortfall: 'cancel',
    });
    expect(created.statusCode, created.body).toBe(200);
    const { code } = created.json<{ group: { code: string } }>().group;
    expect((await bakas(pS, 'join', { code, shares: 5 })).statusCode).toBe(200);
    expect((await bakas(pB, 'join', { code, shares: 3 })).statusCode).toBe(200);
    // pA backs the winner, so the pool has one and the group's ticket loses.
    const rival = await placeBetAs(t.app, pA, { raceId: race.raceId, eventId, selections: [[2]], amount: 1_000 });
    expect(rival.statusCode, rival.body).toBe(200);
    await inject(admin, 'POST', `/api/backoffice/racing/races/${race.raceId}/status`, { status: 'C' });
    const confirmed = await inject(admin, 'POST', ToteAdminRoutes.confirmResult(race.raceId), {
      finish: [[2], [1], [3]],
      idempotencyKey: randomUUID(),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const ticket = await t.app.db
      .selectFrom('bet_tickets')
      .select(['id', 'status'])
      .where('first_race_id', '=', race.raceId)
      .where('holder_account_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(ticket.status).toBe('lost');
    // Each member's chain with the rates in force now.
    const staff = await t.app.db.selectFrom('staff_users').select(['id', 'parent_id']).execute();
    const rates = await agentDb(t.app.db).selectFrom('agent_commission_rates').selectAll().execute();
    const chainOf = async (player: RegisteredPlayer): Promise<ChainLink[]> => {
      const { agent_id: agentId } = await t.app.db
        .selectFrom('players')
        .select('agent_id')
        .where('id', '=', player.playerId)
        .executeTakeFirstOrThrow();
      const chain: ChainLink[] = [];
      for (let id = agentId; id !== null && chain.length < 10; id = staff.find((s) => s.id === id)?.parent_id ?? null) {
        const rate = rates.find((r) => r.staff_id === id);
        chain.push({ staffId: id, rate: rate ? { basis: rate.basis, rateBps: rate.rate_bps } : null });
      }
      return chain;
    };
    const expected = new Map<number, number>();
    for (const [player, stake] of [
      [organiser, 2_000],
      [pS, 5_000],
      [pB, 3_000],
    ] as const) {
      for (const share of ticketCommissionShares(await chainOf(player), { total: stake, refund: 0, won: 0 })) {
        expected.set(share.staffId, (expected.get(share.staffId) ?? 0) + share.amount);
      }
    }
    // Both branches earn, each on its own member's stake: S, A and M on pS's ₱50, B and N on pB's ₱30.
    for (const id of [S.id, A.id, M.id, B.id, N.id]) expect(expected.get(id) ?? 0).toBeGreaterThan(0);
    const rows = await agentDb(t.app.db)
      .selectFrom('agent_commissions')
      .select(['staff_id', 'amount'])
      .where('ticket_id', '=', ticket.id)
      .execute();
    expect(new Map(rows.map((row) => [row.staff_id, Number(row.amount)]))).toEqual(expected);
    // The agents' report and player list count each member's stake, lost, under the member's own agent.
    const reportAfter = await reportRow(B);
    expect(reportAfter.turnover - reportBefore.turnover).toBe(3_000);
    expect(reportAfter.ggr - reportBefore.ggr).toBe(3_000);
    const pSAfter = await playerRow(S, pS);
    expect((pSAfter?.turnover ?? 0) - (pSBefore?.turnover ?? 0)).toBe(5_000);
    expect((pSAfter?.netResult ?? 0) - (pSBefore?.netResult ?? 0)).toBe(-5_000);
    expect(await checkLedger(t.app.db)).toEqual([]);
  });
  it('two members under one master agent by two chains with different rates earn it each their own chain’s commission, as their own bets would', async () => {
    // A second agent under M at 1.00 %: M earns 5 - 3 = 2 % on pA (under A) and 5 - 1 = 4 % on pA2 (under A2).
    const A2 = await member(admin, AgentRoutes.network, {
      username: `a2-${suffix}`,
      displayName: 'Agent A2',
      parentId: M.id,
    });
    expect((await setRate(M.cookie, A2.id, 'turnover', 100)).statusCode).toBe(200);
    const pA2 = await registerPlayer(t.app, { referralCode: A2.code });
    await fundPlayer(t.app, admin, pA2, 100_000);
    const organiser = await registerPlayer(t.app);
    await fundPlayer(t.app, admin, organiser, 100_000);
    raceNo += 1;
    const race = await openRace(t.app, admin, eventId, raceNo, 3);
    const bakas = (who: RegisteredPlayer, op: string, body: Record<string, unknown>) =>
      inject(who.cookie, 'POST', `/api/bakas/${op}`, { idempotencyKey: randomUUID(), ...body });
    // A ₱100 Win on 1 in 10 shares of ₱10: the organiser 2, pA 3 (₱30), pA2 5 (₱50).
    const created = await bakas(organiser, 'create', {
      raceId: race.raceId,
      eventId,
      betType: 'W',
      selections: [[1]],
      amount: 10_000,
      shares: 10,
      organiserShares: 2,
      title: 'Two chains',
      feePercent: 0,
      shortfall: 'cancel',
    });
    expect(created.statusCode, created.body).toBe(200);
    const { code } = created.json<{ group: { code: string } }>().group;
    expect((await bakas(pA, 'join', { code, shares: 3 })).statusCode).toBe(200);
    // The same stakes bet directly on the same runner, in the same pool: what a member's own bet earns.
    for (const [player, amount] of [
      [pA, 3_000],
      [pA2, 5_000],
    ] as const) {
      const direct = await placeBetAs(t.app, player, { raceId: race.raceId, eventId, selections: [[1]], amount });
      expect(direct.statusCode, direct.body).toBe(200);
    }
    expect((await bakas(pA2, 'join', { code, shares: 5 })).statusCode).toBe(200);
    const rival = await placeBetAs(t.app, pS, { raceId: race.raceId, eventId, selections: [[2]], amount: 1_000 });
    expect(rival.statusCode, rival.body).toBe(200);
    await inject(admin, 'POST', `/api/backoffice/racing/races/${race.raceId}/status`, { status: 'C' });
    const confirmed = await inject(admin, 'POST', ToteAdminRoutes.confirmResult(race.raceId), {
      finish: [[2], [1], [3]],
      idempotencyKey: randomUUID(),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const tickets = await t.app.db
      .selectFrom('bet_tickets')
      .select(['id', 'player_id', 'holder_account_id'])
      .where('first_race_id', '=', race.raceId)
      .execute();
    const held = tickets.find((ticket) => ticket.holder_account_id !== null);
    const purchases = await t.app.db
      .selectFrom('bakas_members as m')
      .innerJoin('bakas_groups as g', 'g.id', 'm.group_id')
      .select(['m.id', 'm.player_id'])
      .where('g.code', '=', code)
      .execute();
    const rowsOf = async (ticketId: number, memberId: number | null) =>
      (
        await agentDb(t.app.db)
          .selectFrom('agent_commissions')
          .select(['staff_id', 'basis', 'base', 'rate_bps', 'amount'])
          .where('ticket_id', '=', ticketId)
          .where((eb) => (memberId === null ? eb('bakas_member_id', 'is', null) : eb('bakas_member_id', '=', memberId)))
          .orderBy('staff_id')
          .execute()
      ).map((row) => ({ ...row, base: Number(row.base), amount: Number(row.amount) }));
    for (const player of [pA, pA2]) {
      const direct = tickets.find(
        (ticket) => ticket.holder_account_id === null && ticket.player_id === player.playerId,
      );
      const purchase = purchases.find((row) => row.player_id === player.playerId);
      const expected = await rowsOf(direct!.id, null);
      expect(expected.some((row) => row.staff_id === M.id)).toBe(true);
      expect(await rowsOf(held!.id, purchase!.id)).toEqual(expected);
    }
    // M: 2 % of ₱30 and 4 % of ₱50, each at its own chain's rate.
    const master = await rowsOf(held!.id, purchases.find((row) => row.player_id === pA2.playerId)!.id);
    expect(master.find((row) => row.staff_id === M.id)).toMatchObject({ base: 5_000, rate_bps: 400, amount: 200 });
    expect(await checkLedger(t.app.db)).toEqual([]);
  });
});
