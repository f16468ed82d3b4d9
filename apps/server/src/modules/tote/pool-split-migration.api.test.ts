import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  manilaDateOf,
  poolAccountCode,
  ToteAdminRoutes,
  type GameResultResponse,
  type SettlementReport,
  type ToteSetting,
} from '@karera/shared';
import { loadConfig } from '../../config.ts';
import { createDatabase } from '../../db/connection.ts';
import { migrateToJustBefore } from '../../db/migrate.ts';
import { hashPassword, lowerPasswordHashCost } from '../../lib/passwords.ts';
import {
  createTestApp,
  createTestDatabase,
  staffCookie,
  TEST_ADMIN,
  testDialect,
  type TestApp,
  type TestDatabase,
} from '../../../test/test-app.ts';
import { registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { adminPoster, fundPlayer, placeBetAs } from '../../../test/win-race.ts';
import { checkLedger, HouseAccount, openPlayerAccounts, playerAccountCode, postTransaction } from '../wallet/index.ts';

const POOL_SPLIT_MIGRATION = '20261128120000_philippine_pool_split';
/** The old Win takeout (LEGACY_TAKEOUT_BP), which the migration keeps for pools that opened before it. */
const LEGACY_WIN_TAKEOUT_BP = 1500;
/** A Forecast takeout an admin entered in the old shape (one takeout, no taxes). */
const ENTERED_FC_TAKEOUT_BP = 2200;
const ENTERED_FC_FROM = '2026-06-01';
const OLD_RULES = { no_winner: 'refund', multi_race_scratch: 'favourite', cancelled_leg: 'refund' } as const;

/**
 * A database in use when the Philippine pool split came (decision 049): an admin's Forecast setting in the
 * old shape, a race day with a pool settled by the old code, a race open for betting and a race not yet
 * open. After the app migrates it on start, the open race's pools settle as they were sold (the old single
 * takeout, no stamp tax, no winnings tax), the race opened afterwards follows EO 194 and PD 1157, and the
 * settled pool reads as it did.
 */
describe(`the pool split migration on a database in use (${testDialect})`, () => {
  let legacy: TestDatabase;
  let t: TestApp;
  let admin: string;
  const legacyIds = { eventId: 0, settledRaceId: 0, openRaceId: 0, laterRaceId: 0 };

  beforeAll(async () => {
    lowerPasswordHashCost();
    legacy = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', DEMO: '0', LOG_LEVEL: 'silent', ...legacy.env });
    const handle = createDatabase(config.database);
    try {
      await migrateToJustBefore(handle.db, handle.dialect, POOL_SPLIT_MIGRATION);
      const db = handle.db;
      const now = Date.now();
      const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
      const today = manilaDateOf(new Date(now));
      // Written as the code before the migration wrote them (no shares, taxes or opening time yet).
      const staff = await db
        .insertInto('staff_users')
        .values({
          username: TEST_ADMIN.username,
          display_name: 'Administrator',
          password_hash: await hashPassword(TEST_ADMIN.password),
          role: 'admin',
          parent_id: null,
          referral_code: null,
          created_at: at(60 * 24 * 200),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('tote_settings')
        .values({
          bet_type: 'FC',
          takeout_bp: ENTERED_FC_TAKEOUT_BP,
          ...OLD_RULES,
          effective_from: ENTERED_FC_FROM,
          created_by: staff.id,
          created_at: `${ENTERED_FC_FROM}T00:00:00.000Z`,
        })
        .execute();
      const event = await db
        .insertInto('game_events')
        .values({
          name: 'Legacy day',
          arena: 'San Lazaro',
          stream_url: '',
          race_date: today,
          enabled_bet_types: '[]',
          created_by: `staff:${staff.id}`,
          created_at: at(120),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      legacyIds.eventId = event.id;
      const addRace = async (raceNo: number, status: 'D' | 'O' | 'A', updatedAt: string) => {
        const race = await db
          .insertInto('races')
          .values({
            event_id: event.id,
            race_no: raceNo,
            status,
            start_time: `${today}T0${raceNo + 4}:00:00.000Z`,
            enabled_bet_types: '[]',
            updated_at: updatedAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('runners')
          .values(
            [1, 2, 3].map((no) => ({
              race_id: race.id,
              runner_no: String(no),
              horse_name: `Horse ${raceNo}-${no}`,
              jockey_name: 'J. Cruz',
              status: 'A' as const,
              odds: null,
              finish_position: status === 'D' ? no : null,
            })),
          )
          .execute();
        return race.id;
      };
      legacyIds.settledRaceId = await addRace(1, 'D', at(30));
      // Open for betting ten minutes before the migration: its pools keep the policy they opened with.
      legacyIds.openRaceId = await addRace(2, 'O', at(10));
      legacyIds.laterRaceId = await addRace(3, 'A', at(60));

      // Race 1's Win pool, settled by the old code: ₱17 on the winner and ₱83 on runner 2; a 15% takeout of
      // ₱100 leaves ₱85, a dividend of 5.00 paying ₱85.00; no breakage.
      await db
        .insertInto('accounts')
        .values(
          [HouseAccount.adjustments, HouseAccount.takeout].map((code) => ({
            code,
            kind: 'house' as const,
            player_id: null,
            may_go_negative: 1 as const,
            created_at: at(60 * 24 * 200),
          })),
        )
        .execute();
      const pool = await db
        .insertInto('accounts')
        .values({
          code: poolAccountCode({ firstRaceId: legacyIds.settledRaceId, betType: 'W' }),
          kind: 'house',
          player_id: null,
          may_go_negative: 1,
          tracks_balance: 0,
          created_at: at(40),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const accountId = async (code: string) =>
        (await db.selectFrom('accounts').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
      const adjustments = await accountId(HouseAccount.adjustments);
      const houseTakeout = await accountId(HouseAccount.takeout);
      const tickets: { ticketId: number; credit: number; won: boolean }[] = [];
      for (const [index, [runnerNo, stake]] of [
        [1, 1_700],
        [2, 8_300],
      ].entries()) {
        const player = await db
          .insertInto('players')
          .values({
            mobile_no: `0917000000${index}`,
            first_name: 'Legacy',
            last_name: `Bettor ${index}`,
            email: null,
            password_hash: 'not-a-password',
            verified: 1,
            agent_id: null,
            created_at: at(60),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await openPlayerAccounts(db, player.id);
        const credit = await accountId(playerAccountCode(player.id, 'credit'));
        const debit = await db.transaction().execute(async (trx) => {
          await postTransaction(trx, {
            kind: 'ADJUSTMENT',
            description: 'Test funds',
            actor: { type: 'staff', id: staff.id },
            postings: [
              { accountId: adjustments, amount: -(stake ?? 0) },
              { accountId: credit, amount: stake ?? 0 },
            ],
          });
          return postTransaction(trx, {
            kind: 'BET',
            description: `W race 1 #L${index}`,
            actor: { type: 'player', id: player.id },
            postings: [
              { accountId: credit, amount: -(stake ?? 0) },
              { accountId: pool.id, amount: stake ?? 0 },
            ],
          });
        });
        const ticket = await db
          .insertInto('bet_tickets')
          .values({
            ticket_no: `L${index}`,
            player_id: player.id,
            event_id: event.id,
            first_race_id: legacyIds.settledRaceId,
            bet_type: 'W',
            amount: stake ?? 0,
            combinations: 1,
            total: stake ?? 0,
            from_credit: stake ?? 0,
            from_bonus: 0,
            selections: JSON.stringify([[runnerNo]]),
            debit_transaction_id: debit,
            settlement_transaction_id: null,
            status: 'open',
            created_at: at(35),
            settlement_details: null,
            settled_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        tickets.push({ ticketId: ticket.id, credit, won: runnerNo === 1 });
      }
      await db
        .insertInto('race_results')
        .values({
          race_id: legacyIds.settledRaceId,
          finish: JSON.stringify([[1], [2], [3]]),
          official_dividends: '[]',
          confirmed_by: `staff:${staff.id}`,
          confirmed_at: at(30),
        })
        .execute();
      await db
        .insertInto('pool_settlements')
        .values({
          first_race_id: legacyIds.settledRaceId,
          bet_type: 'W',
          result_race_id: legacyIds.settledRaceId,
          status: 'settled',
          result: 'paid',
          policy: JSON.stringify({
            takeoutBp: LEGACY_WIN_TAKEOUT_BP,
            noWinner: 'refund',
            multiRaceScratch: 'favourite',
            cancelledLeg: 'refund',
          }),
          stakes: 10_000,
          refunds: 0,
          takeout: 1_500,
          carry_in: 0,
          carry_out: 0,
          net: 8_500,
          payouts: 8_500,
          breakage: 0,
          tickets: 2,
          winning_tickets: 1,
          dividends: JSON.stringify([{ combination: [1], dividend: 500, stake: 1_700, consolation: false }]),
          created_at: at(30),
          settled_at: at(30),
        })
        .execute();
      await db.transaction().execute(async (trx) => {
        await postTransaction(trx, {
          kind: 'TAKEOUT',
          description: 'Takeout W race 1',
          actor: { type: 'system', id: null },
          metadata: { firstRaceId: legacyIds.settledRaceId, betType: 'W' },
          postings: [
            { accountId: pool.id, amount: -1_500 },
            { accountId: houseTakeout, amount: 1_500 },
          ],
        });
        for (const { ticketId, credit, won } of tickets) {
          const settlement = won
            ? await postTransaction(trx, {
                kind: 'SETTLEMENT',
                description: 'Winnings W',
                actor: { type: 'system', id: null },
                metadata: { ticketId, payout: 8_500, refund: 0 },
                postings: [
                  { accountId: pool.id, amount: -8_500 },
                  { accountId: credit, amount: 8_500 },
                ],
              })
            : null;
          await trx
            .updateTable('bet_tickets')
            .set({
              status: won ? 'won' : 'lost',
              won_amount: won ? 8_500 : 0,
              settlement_transaction_id: settlement,
              settled_at: at(30),
            })
            .where('id', '=', ticketId)
            .execute();
        }
      });
    } finally {
      await handle.close();
    }
    // The app migrates the legacy database to the latest on start.
    t = await createTestApp(legacy.env);
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterAll(async () => {
    await t?.close();
    await legacy?.drop();
  });

  const balanceOf = async (code: string) =>
    Number(
      (await t.app.db.selectFrom('accounts').select('balance').where('code', '=', code).executeTakeFirst())?.balance ??
        0,
    );
  const houseBalances = async () => ({
    takeout: await balanceOf(HouseAccount.takeout),
    franchise: await balanceOf(HouseAccount.franchiseCommission),
    prizeFund: await balanceOf(HouseAccount.prizeFund),
    regulator: await balanceOf(HouseAccount.regulatorShare),
    stampTax: await balanceOf(HouseAccount.stampTaxPayable),
    winningsTax: await balanceOf(HouseAccount.winningsTaxPayable),
  });
  const moved = (before: Record<string, number>, after: Record<string, number>) =>
    Object.fromEntries(Object.entries(after).map(([key, value]) => [key, value - (before[key] ?? 0)]));

  async function bettor(pesos: number): Promise<RegisteredPlayer> {
    const player = await registerPlayer(t.app);
    await fundPlayer(t.app, admin, player, pesos * 100);
    return player;
  }
  const bet = async (player: RegisteredPlayer, raceId: number, body: Record<string, unknown>) => {
    const placed = await placeBetAs(t.app, player, { raceId, eventId: legacyIds.eventId, ...body });
    expect(placed.statusCode, placed.body).toBe(200);
  };
  const settle = async (raceId: number) => {
    const post = adminPoster(t.app, admin);
    await post(`/api/backoffice/racing/races/${raceId}/status`, { status: 'C' });
    const { report } = await post<{ report: SettlementReport }>(ToteAdminRoutes.confirmResult(raceId), {
      finish: [[1], [2], [3]],
      idempotencyKey: randomUUID(),
    });
    return report;
  };
  const reportOf = async (raceId: number) => {
    const response = await t.app.inject({ url: ToteAdminRoutes.report(raceId), headers: { cookie: admin } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SettlementReport>();
  };
  const poolRow = (raceId: number, betType: string) =>
    t.app.db
      .selectFrom('pool_settlements')
      .select(['takeout', 'shares', 'stamp_tax', 'winnings_tax', 'net', 'payouts', 'breakage'])
      .where('first_race_id', '=', raceId)
      .where('bet_type', '=', betType)
      .executeTakeFirstOrThrow();
  const ticketsOf = (raceId: number, betType: string) =>
    t.app.db
      .selectFrom('bet_tickets')
      .select(['player_id', 'status', 'won_amount', 'winnings_tax'])
      .where('first_race_id', '=', raceId)
      .where('bet_type', '=', betType)
      .orderBy('id')
      .execute();

  it('keeps the setting an admin entered as one share named takeout, with no taxes', async () => {
    const response = await t.app.inject({ url: ToteAdminRoutes.settings, headers: { cookie: admin } });
    expect(response.statusCode, response.body).toBe(200);
    const { settings } = response.json<{ settings: ToteSetting[] }>();
    const entered = settings.filter((setting) => setting.betType === 'FC' && setting.effectiveFrom === ENTERED_FC_FROM);
    expect(entered).toHaveLength(1);
    expect(entered[0]).toMatchObject({
      shares: [{ name: 'takeout', rateBp: ENTERED_FC_TAKEOUT_BP }],
      stampTax: null,
      winningsTax: { rateBp: 0, base: 'winnings' },
    });
    const stored = await t.app.db
      .selectFrom('tote_settings')
      .select(['takeout_bp', 'shares', 'stamp_tax', 'winnings_tax_bp'])
      .where('bet_type', '=', 'FC')
      .where('effective_from', '=', ENTERED_FC_FROM)
      .executeTakeFirstOrThrow();
    expect({ ...stored, shares: JSON.parse(String(stored.shares)) }).toEqual({
      takeout_bp: ENTERED_FC_TAKEOUT_BP,
      shares: [{ name: 'takeout', rateBp: ENTERED_FC_TAKEOUT_BP }],
      stamp_tax: null,
      winnings_tax_bp: 0,
    });
  });

  it('reads a pool the old code settled as it did: its figures unchanged, no tax invented', async () => {
    const report = await reportOf(legacyIds.settledRaceId);
    expect(report.pools).toHaveLength(1);
    expect(report.pools[0]).toMatchObject({
      betType: 'W',
      status: 'settled',
      result: 'paid',
      stakes: 10_000,
      refunds: 0,
      takeout: 1_500,
      stampTax: 0,
      winningsTax: 0,
      net: 8_500,
      payouts: 8_500,
      breakage: 0,
      minusPool: 0,
      tickets: 2,
      winningTickets: 1,
      dividends: [{ combination: '1', dividend: 500, stake: 1_700, consolation: false, official: false }],
    });
    expect(report.totals).toMatchObject({
      stakes: 10_000,
      payouts: 8_500,
      takeout: 1_500,
      stampTax: 0,
      winningsTax: 0,
    });
    expect(report.balanced).toBe(true);
    // The player's results show the same dividend.
    const results = await t.app.inject({
      method: 'POST',
      url: '/api/game/getGameResult',
      payload: { eventId: legacyIds.eventId, raceId: legacyIds.settledRaceId },
    });
    expect(results.statusCode, results.body).toBe(200);
    const { pools } = results.json<GameResultResponse>();
    expect(pools).toHaveLength(1);
    expect(pools?.[0]).toMatchObject({
      betType: 'W',
      result: 'paid',
      grossSales: 10_000,
      refunds: 0,
      stampTax: 0,
      netPool: 8_500,
      winningsTax: { rateBp: 0 },
      dividends: [{ picks: '1', dividend: 500, netDividend: 500, consolation: false }],
    });
    // Its takeout is no share of EO 194's.
    expect(
      pools?.[0]?.shares.filter((share) => share.name !== 'takeout').reduce((sum, share) => sum + share.amount, 0),
    ).toBe(0);
    expect(await ticketsOf(legacyIds.settledRaceId, 'W')).toEqual([
      expect.objectContaining({ status: 'won', won_amount: 8_500, winnings_tax: 0 }),
      expect.objectContaining({ status: 'lost', won_amount: 0, winnings_tax: 0 }),
    ]);
  });

  it('settles the race that was open before at the old takeouts, with no stamp tax and no winnings tax', async () => {
    const raceId = legacyIds.openRaceId;
    const [first, second, third] = [await bettor(27), await bettor(73), await bettor(50)];
    // Win: ₱17 on the winner of ₱100; the old 15% leaves ₱85, a dividend of 5.00.
    await bet(first, raceId, { selections: [[1]], amount: 1_700 });
    await bet(second, raceId, { selections: [[2]], amount: 3_300 });
    await bet(third, raceId, { selections: [[3]], amount: 5_000 });
    // Forecast: ₱10 on 1-2 of ₱50; the entered 22% leaves ₱39, a dividend of 3.90.
    await bet(first, raceId, { betType: 'FC', selections: [[1], [2]], amount: 1_000 });
    await bet(second, raceId, { betType: 'FC', selections: [[2], [1]], amount: 4_000 });
    const before = await houseBalances();
    const report = await settle(raceId);

    expect(moved(before, await houseBalances())).toEqual({
      takeout: 1_500 + 1_100,
      franchise: 0,
      prizeFund: 0,
      regulator: 0,
      stampTax: 0,
      winningsTax: 0,
    });
    const win = await poolRow(raceId, 'W');
    expect({ ...win, shares: JSON.parse(win.shares) }).toEqual({
      takeout: 1_500,
      shares: [{ name: 'takeout', amount: 1_500 }],
      stamp_tax: 0,
      winnings_tax: 0,
      net: 8_500,
      payouts: 8_500,
      breakage: 0,
    });
    const forecast = await poolRow(raceId, 'FC');
    expect({ ...forecast, shares: JSON.parse(forecast.shares) }).toEqual({
      takeout: 1_100,
      shares: [{ name: 'takeout', amount: 1_100 }],
      stamp_tax: 0,
      winnings_tax: 0,
      net: 3_900,
      payouts: 3_900,
      breakage: 0,
    });
    expect((await ticketsOf(raceId, 'W')).map(({ won_amount, winnings_tax }) => [won_amount, winnings_tax])).toEqual([
      [8_500, 0],
      [0, 0],
      [0, 0],
    ]);
    expect((await ticketsOf(raceId, 'FC')).map(({ won_amount, winnings_tax }) => [won_amount, winnings_tax])).toEqual([
      [3_900, 0],
      [0, 0],
    ]);
    const reported = report.pools
      .map(({ betType, takeout, stampTax, winningsTax, payouts }) => ({
        betType,
        takeout,
        stampTax,
        winningsTax,
        payouts,
      }))
      .sort((a, b) => a.betType.localeCompare(b.betType));
    expect(reported).toEqual([
      { betType: 'FC', takeout: 1_100, stampTax: 0, winningsTax: 0, payouts: 3_900 },
      { betType: 'W', takeout: 1_500, stampTax: 0, winningsTax: 0, payouts: 8_500 },
    ]);
    expect(report.balanced).toBe(true);
  });

  it('settles a race opened after the migration by EO 194: the shares, the stamp tax and the winnings tax', async () => {
    const raceId = legacyIds.laterRaceId;
    await adminPoster(t.app, admin)(`/api/backoffice/racing/races/${raceId}/status`, { status: 'O' });
    const [winner, second, third] = [await bettor(20), await bettor(30), await bettor(50)];
    await bet(winner, raceId, { selections: [[1]], amount: 2_000 });
    await bet(second, raceId, { selections: [[2]], amount: 3_000 });
    await bet(third, raceId, { selections: [[3]], amount: 5_000 });
    const before = await houseBalances();
    await settle(raceId);
    // As worked in pool-split.api.test.ts: shares ₱8.50 + ₱8.50 + ₱1.00, stamp tax ₱10.00, net ₱72.00; the
    // winner's ₱72.00 less 10% of the ₱52.00 won.
    expect(moved(before, await houseBalances())).toEqual({
      takeout: 0,
      franchise: 850,
      prizeFund: 850,
      regulator: 100,
      stampTax: 1_000,
      winningsTax: 520,
    });
    const pool = await poolRow(raceId, 'W');
    expect({ ...pool, shares: JSON.parse(pool.shares) }).toEqual({
      takeout: 2_800,
      shares: [
        { name: 'franchiseCommission', amount: 850 },
        { name: 'prizeFund', amount: 850 },
        { name: 'regulator', amount: 100 },
      ],
      stamp_tax: 1_000,
      winnings_tax: 520,
      net: 7_200,
      payouts: 7_200,
      breakage: 0,
    });
    expect((await ticketsOf(raceId, 'W'))[0]).toMatchObject({ won_amount: 6_680, winnings_tax: 520 });
  });

  it('leaves the settled pool as it was and the ledger clean', async () => {
    const report = await reportOf(legacyIds.settledRaceId);
    expect(report.pools[0]).toMatchObject({ takeout: 1_500, stampTax: 0, winningsTax: 0, payouts: 8_500 });
    expect(await checkLedger(t.app.db)).toEqual([]);
  });
});
