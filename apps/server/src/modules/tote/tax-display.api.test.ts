import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ToteAdminRoutes,
  ToteRoutes,
  type BetHistoryResponse,
  type BetHistoryTicket,
  type BetReceipt,
  type GameResultResponse,
  type ShareAmount,
} from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { call, registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { adminPoster, fundPlayer, openRace, placeBetAs } from '../../../test/win-race.ts';
import { checkLedger } from '../wallet/index.ts';

/**
 * Players see the arithmetic of the Philippine taxes: bet history gives a win's gross, the tax withheld and
 * the net; the bet receipt states the pool's tax on winnings; the results page breaks each settled pool
 * down to its shares, stamp tax, net pool and the dividend before and after the tax. The test app's fresh
 * database has no tote settings, so every pool runs on the EO 194 defaults (decision 049).
 *
 * Worked by hand, a Win pool of race 1 (runners 1-3):
 *   Ana ₱10 on 1, Ben ₱30 on 2, Cai ₱5 on 3; runner 3 is scratched, so Cai's ₱5 is refunded.
 *   Gross (stakes less refunds): ₱45 - ₱5 = ₱40.00.
 *   Shares (EO 194 §1, each rounded down): franchise commission 8.5% = ₱3.40, prize fund 8.5% = ₱3.40,
 *   regulator 1% = ₱0.40.
 *   Stamp tax (EO 194 §2, Win: ₱0.10 a ticket + ₱0.10 per ₱1 or part above ₱1): Ana ₱10 -> ₱0.10 + 9 x ₱0.10
 *   = ₱1.00, Ben ₱30 -> ₱0.10 + 29 x ₱0.10 = ₱3.00; none on Cai's refunded ticket: ₱4.00.
 *   Net pool: ₱40.00 - ₱7.20 - ₱4.00 = ₱28.80; runner 1 wins with ₱10 on it: ₱2.88 a peso, down to the 10
 *   centavos: dividend ₱2.80.
 *   Ana's ticket pays ₱28.00 gross; her winnings are ₱28.00 - ₱10.00 = ₱18.00, 10% withheld (PD 1157) =
 *   ₱1.80; ₱26.20 reaches her credit. For ₱1: ₱2.80 less 10% of ₱1.80 = ₱0.18 -> ₱2.62 net.
 */
describe(`players see the taxes on their winnings (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let post: ReturnType<typeof adminPoster>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    post = adminPoster(t.app, admin);
  });
  afterAll(async () => {
    await t.close();
  });

  async function raceDay() {
    const { event } = await post<{ event: { id: number } }>('/api/backoffice/racing/events', {
      name: `Tax Day ${randomUUID().slice(0, 8)}`,
      arena: 'Metro Turf',
      streamUrl: '',
      raceDate: '2026-11-22',
      enabledBetTypes: [],
    });
    const race = await openRace(t.app, admin, event.id, 1, 3);
    return { eventId: event.id, raceId: race.raceId };
  }
  type Day = Awaited<ReturnType<typeof raceDay>>;

  async function newPlayer() {
    const player = await registerPlayer(t.app);
    await fundPlayer(t.app, admin, player, 100_000);
    return player;
  }
  async function bet(player: RegisteredPlayer, day: Day, runner: number, amount: number) {
    const response = await placeBetAs(t.app, player, {
      raceId: day.raceId,
      eventId: day.eventId,
      selections: [[runner]],
      amount,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BetReceipt>();
  }
  async function result(day: Day, finish: number[][]) {
    await post(`/api/backoffice/racing/races/${day.raceId}/status`, { status: 'C' });
    const response = await t.app.inject({
      method: 'POST',
      url: ToteAdminRoutes.confirmResult(day.raceId),
      payload: { finish, idempotencyKey: randomUUID() },
      headers: { cookie: admin, 'idempotency-key': randomUUID() },
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  async function historyOf(player: RegisteredPlayer): Promise<BetHistoryTicket[]> {
    const response = await call(t.app, '../game/getBetHistory', {}, player.cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BetHistoryResponse>().betHistory;
  }
  async function resultsPage(day: Day) {
    const response = await t.app.inject({
      method: 'POST',
      url: ToteRoutes.getGameResult,
      payload: { raceId: day.raceId, eventId: day.eventId },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<GameResultResponse>();
  }

  it('a winning Win ticket reads gross, tax and net; a refunded one no tax; /result breaks the pool down', async () => {
    const day = await raceDay();
    const [ana, ben, cai] = [await newPlayer(), await newPlayer(), await newPlayer()];
    const receipt = await bet(ana, day, 1, 1_000);
    // The receipt states the pool's tax on winnings: PD 1157's 10% of the winnings.
    expect(receipt.winningsTax).toEqual({ rateBp: 1_000, base: 'winnings' });
    await bet(ben, day, 2, 3_000);
    await bet(cai, day, 3, 500);
    const runner3 = await t.app.db
      .selectFrom('runners')
      .select('id')
      .where('race_id', '=', day.raceId)
      .where('runner_no', '=', '3')
      .executeTakeFirstOrThrow();
    await post(`/api/backoffice/racing/runners/${runner3.id}/scratch`, { scratched: true });
    await result(day, [[1], [2]]);

    const [won] = await historyOf(ana);
    expect(won).toMatchObject({ status: 'won', grossWon: 2_800, winningsTax: 180, wonAmount: 2_620 });
    expect(won?.bonusStakeRetained).toBe(0);
    const [lost] = await historyOf(ben);
    expect(lost).toMatchObject({ status: 'lost', grossWon: 0, winningsTax: 0, wonAmount: 0 });
    const [refunded] = await historyOf(cai);
    expect(refunded).toMatchObject({ status: 'X', refundAmount: 500, grossWon: 0, winningsTax: 0, wonAmount: 0 });

    const page = await resultsPage(day);
    expect(page.pools).toEqual([
      {
        betType: 'W',
        betTypeName: 'Win',
        races: '1',
        result: 'paid',
        grossSales: 4_000,
        refunds: 500,
        shares: [
          { name: 'franchiseCommission', amount: 340 },
          { name: 'prizeFund', amount: 340 },
          { name: 'regulator', amount: 40 },
        ],
        stampTax: 400,
        carryIn: 0,
        carryOut: 0,
        netPool: 2_880,
        winningsTax: { rateBp: 1_000, base: 'winnings' },
        dividends: [{ picks: '1', dividend: 280, netDividend: 262, consolation: false }],
      },
    ]);

    // The breakdown is the pool's settlement, figure for figure.
    const settled = await t.app.db
      .selectFrom('pool_settlements')
      .selectAll()
      .where('first_race_id', '=', day.raceId)
      .where('bet_type', '=', 'W')
      .executeTakeFirstOrThrow();
    const pool = page.pools?.[0];
    expect(pool).toMatchObject({
      grossSales: Number(settled.stakes) - Number(settled.refunds),
      refunds: Number(settled.refunds),
      shares: JSON.parse(settled.shares) as ShareAmount[],
      stampTax: Number(settled.stamp_tax),
      carryIn: Number(settled.carry_in),
      carryOut: Number(settled.carry_out),
      netPool: Number(settled.net),
    });
    expect(Number(settled.winnings_tax)).toBe(won?.winningsTax);
    expect(Number(settled.takeout)).toBe(720 + 400);
    expect(await checkLedger(t.app.db)).toEqual([]);
  });

  it('a win at the ₱1.00 minimum dividend has no winnings to tax: tax ₱0.00, gross equals net', async () => {
    // Alone in the pool: ₱10 on the winner, ₱7.20 net pool after ₱1.80 of shares and ₱1.00 stamp tax, so
    // the dividend is lifted to the ₱1.00 minimum (a minus pool) and pays back the stake: no winnings.
    const day = await raceDay();
    const dan = await newPlayer();
    await bet(dan, day, 2, 1_000);
    await result(day, [[2], [1]]);
    const [won] = await historyOf(dan);
    expect(won).toMatchObject({ status: 'won', grossWon: 1_000, winningsTax: 0, wonAmount: 1_000 });
    const page = await resultsPage(day);
    expect(page.pools?.[0]).toMatchObject({
      grossSales: 1_000,
      netPool: 720,
      stampTax: 100,
      dividends: [{ picks: '2', dividend: 100, netDividend: 100, consolation: false }],
    });
  });

  it('a race not yet resulted has no breakdown', async () => {
    const day = await raceDay();
    const page = await resultsPage(day);
    expect(page.pools).toBeUndefined();
    expect(page.winners).toEqual([]);
  });
});
