import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToteAdminRoutes, type SettlementReport } from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { adminPoster, fundPlayer, winRaceDay } from '../../../test/win-race.ts';
import { checkLedger, HouseAccount, playerBalances } from '../wallet/index.ts';

/**
 * The legal split posted (decision 049), on a fresh database's defaults (EO 194 and PD 1157): a Win pool of
 * ₱20 on the winner, ₱30 and ₱50 on losers, as worked by hand in philippineSettlement.test.ts. Gross ₱100;
 * shares ₱8.50 + ₱8.50 + ₱1.00; stamp tax ₱2.00 + ₱3.00 + ₱5.00; net ₱72.00, dividend 3.60; the winner is
 * paid ₱72.00 gross, ₱5.20 withheld (10% of ₱52.00), ₱66.80 received.
 */
describe(`a pool's split and taxes in the ledger (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterAll(async () => {
    await t.close();
  });

  const balanceOf = async (code: string) =>
    Number(
      (await t.app.db.selectFrom('accounts').select('balance').where('code', '=', code).executeTakeFirst())?.balance ??
        0,
    );
  const houseBalances = async () => ({
    franchise: await balanceOf(HouseAccount.franchiseCommission),
    prizeFund: await balanceOf(HouseAccount.prizeFund),
    regulator: await balanceOf(HouseAccount.regulatorShare),
    stampTax: await balanceOf(HouseAccount.stampTaxPayable),
    winningsTax: await balanceOf(HouseAccount.winningsTaxPayable),
    takeout: await balanceOf(HouseAccount.takeout),
  });

  async function bettor(pesos: number): Promise<RegisteredPlayer> {
    const player = await registerPlayer(t.app);
    await fundPlayer(t.app, admin, player, pesos * 100);
    return player;
  }

  it('posts each share, the stamp tax and each winner’s tax to its own account, the net to the player', async () => {
    const day = await winRaceDay(t.app, admin, `Split Day ${randomUUID().slice(0, 6)}`);
    const [winner, second, third] = [await bettor(20), await bettor(30), await bettor(50)];
    for (const [player, runner, pesos] of [
      [winner, 1, 20],
      [second, 2, 30],
      [third, 3, 50],
    ] as const) {
      const placed = await day.bet(player, { selections: [[runner]], amount: pesos * 100 });
      expect(placed.statusCode, placed.body).toBe(200);
    }
    const before = await houseBalances();
    const post = adminPoster(t.app, admin);
    await post(`/api/backoffice/racing/races/${day.raceId}/status`, { status: 'C' });
    const { report } = await post<{ report: SettlementReport }>(ToteAdminRoutes.confirmResult(day.raceId), {
      finish: [[1], [2], [3]],
      idempotencyKey: randomUUID(),
    });

    const after = await houseBalances();
    expect({
      franchise: after.franchise - before.franchise,
      prizeFund: after.prizeFund - before.prizeFund,
      regulator: after.regulator - before.regulator,
      stampTax: after.stampTax - before.stampTax,
      winningsTax: after.winningsTax - before.winningsTax,
      takeout: after.takeout - before.takeout,
    }).toEqual({ franchise: 850, prizeFund: 850, regulator: 100, stampTax: 1_000, winningsTax: 520, takeout: 0 });
    expect((await playerBalances(t.app.db, winner.playerId)).creditBalance).toBe(6_680);

    const ticket = await t.app.db
      .selectFrom('bet_tickets')
      .select(['status', 'won_amount', 'winnings_tax'])
      .where('player_id', '=', winner.playerId)
      .executeTakeFirstOrThrow();
    expect(ticket).toEqual({ status: 'won', won_amount: 6_680, winnings_tax: 520 });
    const pool = await t.app.db
      .selectFrom('pool_settlements')
      .select(['takeout', 'shares', 'stamp_tax', 'winnings_tax', 'net', 'payouts', 'breakage', 'policy'])
      .where('first_race_id', '=', day.raceId)
      .where('bet_type', '=', 'W')
      .executeTakeFirstOrThrow();
    expect({ ...pool, shares: JSON.parse(pool.shares), policy: undefined }).toEqual({
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
      policy: undefined,
    });
    // The pool kept the policy it opened with, and the report balances with the tax withheld in it.
    expect(JSON.parse(pool.policy)).toMatchObject({
      winningsTax: { rateBp: 1_000, base: 'winnings' },
      stampTax: { kind: 'per-ticket', baseCentavos: 10, perPesoCentavos: 10 },
    });
    const win = report.pools.find((p) => p.betType === 'W');
    expect(win).toMatchObject({ stakes: 10_000, stampTax: 1_000, winningsTax: 520, payouts: 6_680, takeout: 2_800 });
    expect(report.balanced).toBe(true);
    expect(await checkLedger(t.app.db)).toEqual([]);
  });

  it('the ledger check catches a winnings tax the tickets do not account for', async () => {
    const day = await winRaceDay(t.app, admin, `Tax Check ${randomUUID().slice(0, 6)}`);
    const [winner, loser] = [await bettor(20), await bettor(80)];
    await day.bet(winner, { selections: [[1]], amount: 2_000 });
    await day.bet(loser, { selections: [[2]], amount: 8_000 });
    const post = adminPoster(t.app, admin);
    await post(`/api/backoffice/racing/races/${day.raceId}/status`, { status: 'C' });
    await post(ToteAdminRoutes.confirmResult(day.raceId), { finish: [[1], [2], [3]], idempotencyKey: randomUUID() });
    expect(await checkLedger(t.app.db)).toEqual([]);
    // A ticket's recorded tax edited behind the ledger's back (the certificate would then mis-state it).
    await t.app.db
      .updateTable('bet_tickets')
      .set({ winnings_tax: 1 })
      .where('player_id', '=', winner.playerId)
      .execute();
    expect((await checkLedger(t.app.db)).map((breach) => breach.rule)).toContain('winnings-tax-mismatch');
  });
});
