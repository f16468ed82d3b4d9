import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  betTypeByCode,
  poolAccountCode,
  settlePool,
  ToteAdminRoutes,
  type BetHistoryResponse,
  type BetTypeDefinition,
  type Race,
  type SettlementReport,
} from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { useLegacyTakeouts } from '../../../test/tote-policies.ts';
import { call, registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { adminPoster, fundPlayer, openRace, placeBetAs } from '../../../test/win-race.ts';
import { checkLedger, accountIdByCode, HouseAccount, playerBalances } from '../wallet/index.ts';
import { finishPayingPools, resumeSettlements } from './settlement.service.ts';
import { payTickets } from './payouts.ts';
import { poolTickets } from './pools.ts';
import { poolPolicyOf } from './tote-settings.ts';

/**
 * Decision 016: the bonus-funded share of a winning ticket pays its winnings without the stake, so bonus
 * spread over a whole field never comes back as withdrawable credit, stake and all. Win pools here keep
 * the default 15% takeout.
 */
describe(`bonus stake not returned (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let post: ReturnType<typeof adminPoster>;

  beforeAll(async () => {
    t = await createTestApp();
    // Figures below are worked out on the single takeouts of before the EO 194 split (decision 049).
    await useLegacyTakeouts(t.app.db);
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    post = adminPoster(t.app, admin);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A race day with one Win race of six runners, open for betting. */
  async function winRace(): Promise<{ eventId: number; race: Race }> {
    const { event } = await post<{ event: { id: number } }>('/api/backoffice/racing/events', {
      name: `Bonus Day ${randomUUID().slice(0, 8)}`,
      arena: 'Metro Turf',
      streamUrl: '',
      raceDate: '2026-11-22',
      enabledBetTypes: [],
    });
    return { eventId: event.id, race: await openRace(t.app, admin, event.id, 1, 6) };
  }

  async function player(credit: number, bonus = 0): Promise<RegisteredPlayer> {
    const registered = await registerPlayer(t.app);
    if (credit > 0) await fundPlayer(t.app, admin, registered, credit, 'credit');
    if (bonus > 0) await fundPlayer(t.app, admin, registered, bonus, 'bonus');
    return registered;
  }

  async function bet(
    who: RegisteredPlayer,
    day: { eventId: number; race: Race },
    runners: number[],
    amount: number,
    useBonus: boolean,
  ) {
    const response = await placeBetAs(t.app, who, {
      raceId: day.race.raceId,
      eventId: day.eventId,
      selections: [runners],
      amount,
      useBonus,
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  async function settle(race: Race, finish: number[][]): Promise<SettlementReport> {
    await post(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'C' });
    const response = await t.app.inject({
      method: 'POST',
      url: ToteAdminRoutes.confirmResult(race.raceId),
      headers: { cookie: admin },
      payload: { finish, idempotencyKey: randomUUID() },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ report: SettlementReport }>().report;
  }

  const history = async (who: RegisteredPlayer) =>
    (await call(t.app, '../game/getBetHistory', {}, who.cookie)).json<BetHistoryResponse>().betHistory;

  const retainedBalance = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('accounts')
          .select('balance')
          .where('code', '=', HouseAccount.bonusStakeRetained)
          .executeTakeFirstOrThrow()
      ).balance,
    );

  /** The postings of each ticket's SETTLEMENT transaction, by account code. */
  async function settlementPostings(who: RegisteredPlayer): Promise<Record<string, number>[]> {
    const tickets = await t.app.db
      .selectFrom('bet_tickets')
      .select(['id', 'settlement_transaction_id'])
      .where('player_id', '=', who.playerId)
      .where('settlement_transaction_id', 'is not', null)
      .orderBy('id')
      .execute();
    const out: Record<string, number>[] = [];
    for (const ticket of tickets) {
      const rows = await t.app.db
        .selectFrom('ledger_postings')
        .innerJoin('accounts', 'accounts.id', 'ledger_postings.account_id')
        .select(['accounts.code', 'ledger_postings.amount'])
        .where('ledger_postings.transaction_id', '=', ticket.settlement_transaction_id ?? 0)
        .execute();
      out.push(Object.fromEntries(rows.map((r) => [r.code, Number(r.amount)])));
    }
    return out;
  }

  it('the whole bonus bet over every runner of a Win race, one ticket each: credit rises by the profit only', async () => {
    const day = await winRace();
    const spreader = await player(0, 60_000);
    const crowd = await player(40_000);
    for (const runner of [1, 2, 3, 4, 5, 6]) await bet(spreader, day, [runner], 10_000, true);
    await bet(crowd, day, [2], 40_000, false);
    expect(await playerBalances(t.app.db, spreader.playerId)).toMatchObject({ creditBalance: 0, bonusBalance: 0 });
    const retainedBefore = await retainedBalance();

    const report = await settle(day.race, [[3], [1], [2]]);

    // ₱1,000 in, 15% takeout: ₱850 on the ₱100 on runner 3, a dividend of 8.50, so its ticket won ₱850.
    // Its ₱100 bonus stake is not returned: credit gets the ₱750 profit, the house keeps ₱100.
    expect(await playerBalances(t.app.db, spreader.playerId)).toMatchObject({
      creditBalance: 75_000,
      bonusBalance: 0,
    });
    expect(await retainedBalance()).toBe(retainedBefore + 10_000);
    expect(report.balanced).toBe(true);
    expect(report.totals).toMatchObject({
      stakes: 100_000,
      payouts: 75_000,
      bonusRetained: 10_000,
      refunds: 0,
      takeout: 15_000,
      carryOut: 0,
      breakage: 0,
    });
    expect(report.pools[0]).toMatchObject({ status: 'settled', payouts: 75_000, bonusRetained: 10_000 });

    const tickets = await history(spreader);
    const winner = tickets.find((ticket) => ticket.wonLose === 'WON');
    expect(winner).toMatchObject({ wonAmount: 75_000, bonusStakeRetained: 10_000, bonusUsed: 10_000 });
    expect(tickets.filter((ticket) => ticket.wonLose === 'LOSE')).toHaveLength(5);
    expect(tickets.every((ticket) => ticket === winner || ticket.bonusStakeRetained === 0)).toBe(true);

    const pool = poolAccountCode({ firstRaceId: day.race.raceId, betType: 'W' });
    expect(await settlementPostings(spreader)).toEqual([
      {
        [pool]: -85_000,
        [`player:${spreader.playerId}:credit`]: 75_000,
        [HouseAccount.bonusStakeRetained]: 10_000,
      },
    ]);
    expect(await checkLedger(t.app.db)).toEqual([]);
  });

  it('one all-bonus ticket over the whole field returns less than its stake: credit rises by nothing', async () => {
    const day = await winRace();
    const spreader = await player(0, 60_000);
    const retainedBefore = await retainedBalance();
    await bet(spreader, day, [1, 2, 3, 4, 5, 6], 10_000, true);

    const report = await settle(day.race, [[4], [1], [2]]);

    // ₱600 in, ₱510 net on the ₱100 line on 4: 5.10, so the ticket won ₱510, all of it inside its
    // ₱600 bonus stake. Old rule: ₱510 of withdrawable credit out of ₱600 of bonus.
    expect(await playerBalances(t.app.db, spreader.playerId)).toMatchObject({ creditBalance: 0, bonusBalance: 0 });
    expect(await retainedBalance()).toBe(retainedBefore + 51_000);
    expect(report.balanced).toBe(true);
    expect(report.totals).toMatchObject({ stakes: 60_000, payouts: 0, bonusRetained: 51_000, takeout: 9_000 });
    expect((await history(spreader))[0]).toMatchObject({
      status: 'won',
      wonLose: 'WON',
      wonAmount: 0,
      bonusStakeRetained: 51_000,
    });
    expect(await checkLedger(t.app.db)).toEqual([]);
  });

  it('a mixed credit and bonus ticket pays its credit share in full and its bonus share without the stake', async () => {
    const day = await winRace();
    const mixed = await player(700, 300);
    const twin = await player(1_000);
    const crowd = await player(4_000);
    // ₱10 on runner 1 each: bonus first, so ₱3 bonus + ₱7 credit; the twin all credit.
    await bet(mixed, day, [1], 1_000, true);
    await bet(twin, day, [1], 1_000, false);
    await bet(crowd, day, [2], 4_000, false);
    const ticket = await t.app.db
      .selectFrom('bet_tickets')
      .select(['from_bonus', 'from_credit'])
      .where('player_id', '=', mixed.playerId)
      .executeTakeFirstOrThrow();
    expect(ticket).toEqual({ from_bonus: 300, from_credit: 700 });

    const report = await settle(day.race, [[1], [2], [3]]);

    // ₱60 in, ₱51 net on ₱20: 2.55 -> 2.50, each ticket won ₱25. The twin gets ₱25. The mixed ticket:
    // credit share 70% = ₱17.50 in full, bonus share ₱7.50 less its ₱3 stake = ₱4.50: ₱22.00.
    expect((await playerBalances(t.app.db, twin.playerId)).creditBalance).toBe(2_500);
    expect(await playerBalances(t.app.db, mixed.playerId)).toMatchObject({ creditBalance: 2_200, bonusBalance: 0 });
    expect(report.balanced).toBe(true);
    expect(report.totals).toMatchObject({
      stakes: 6_000,
      payouts: 4_700,
      bonusRetained: 300,
      takeout: 900,
      breakage: 100,
    });
    expect((await history(mixed))[0]).toMatchObject({ wonAmount: 2_200, bonusStakeRetained: 300 });
    expect((await history(twin))[0]).toMatchObject({ wonAmount: 2_500, bonusStakeRetained: 0 });
    expect(await checkLedger(t.app.db)).toEqual([]);
  });

  it('a settlement resumed after a crash pays a bonus ticket already paid once, never twice', async () => {
    const day = await winRace();
    const spreader = await player(0, 10_000);
    const crowd = await player(10_000);
    await bet(spreader, day, [1], 10_000, true);
    await bet(crowd, day, [2], 10_000, false);
    await post(`/api/backoffice/racing/races/${day.race.raceId}/status`, { status: 'C' });
    const retainedBefore = await retainedBalance();

    // An earlier settlement paid the bonus ticket's batch, then stopped: the same figures settlement makes.
    const key = { firstRaceId: day.race.raceId, betType: 'W' };
    const tickets = await poolTickets(t.app.db, key);
    const outcome = settlePool({
      betType: betTypeByCode('W') as BetTypeDefinition,
      tickets,
      legs: [{ status: 'D', finish: [[1], [2]], scratched: [], favourite: null }],
      policy: await poolPolicyOf(t.app.db, key),
      carryIn: 0,
    });
    const bonusTicket = tickets.find((ticket) => ticket.playerId === spreader.playerId);
    const settlement = outcome.tickets.find((ticket) => ticket.id === bonusTicket?.id);
    if (!bonusTicket || !settlement) throw new Error('the bonus ticket is missing');
    expect(settlement).toMatchObject({ payout: 17_000, winningsToCredit: 7_000, bonusStakeRetained: 10_000 });
    const batch = [{ ticketId: bonusTicket.id, playerId: spreader.playerId, settlement }];
    const pool = await accountIdByCode(t.app.db, poolAccountCode(key));
    const paid = await t.app.db.transaction().execute((trx) => payTickets(trx, pool, 'W', batch));
    expect([...paid]).toEqual([spreader.playerId]);

    // The result comes in (settling the rest), the server restarts its settlements, a batch is retried.
    const report = await settle(day.race, [[1], [2]]);
    await finishPayingPools(t.app);
    await resumeSettlements(t.app);
    const retried = await t.app.db.transaction().execute((trx) => payTickets(trx, pool, 'W', batch));
    expect(retried.size).toBe(0);

    expect(await playerBalances(t.app.db, spreader.playerId)).toMatchObject({ creditBalance: 7_000, bonusBalance: 0 });
    expect(await retainedBalance()).toBe(retainedBefore + 10_000);
    expect(await settlementPostings(spreader)).toHaveLength(1);
    const settlements = await t.app.db
      .selectFrom('ledger_transactions')
      .select('metadata')
      .where('kind', '=', 'SETTLEMENT')
      .execute();
    const forTicket = settlements.filter(
      (row) => (JSON.parse(row.metadata) as { ticketId: number }).ticketId === bonusTicket.id,
    );
    expect(forTicket).toHaveLength(1);
    expect(report.balanced).toBe(true);
    expect(report.totals).toMatchObject({ payouts: 7_000, bonusRetained: 10_000, takeout: 3_000, breakage: 0 });
    expect(await checkLedger(t.app.db)).toEqual([]);
  });
});
