import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  manilaDateOf,
  RacingMessages,
  ToteAdminRoutes,
  ToteMessages,
  ToteRoutes,
  type BetHistoryResponse,
  type BetReceipt,
  type CarryoversResponse,
  type GameResultResponse,
  type Race,
  type RealtimeMessage,
  type ResultPreview,
  type SettlementReport,
  type ToteSetting,
} from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { enterPolicy, legacyPolicy, useLegacyTakeouts } from '../../../test/tote-policies.ts';
import { approveAsSecondAdmin } from '../../../test/second-admin.ts';
import { call, registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { checkLedger, accountIdByCode, playerBalances, postTransaction, reverseTransaction } from '../wallet/index.ts';

describe(`tote and settlement (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    // Figures below are worked out on the single takeouts of before the EO 194 split (decision 049).
    await useLegacyTakeouts(t.app.db);
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterAll(async () => {
    await t.close();
  });

  const adminCall = async <T>(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => {
    const response = await t.app.inject({ method, url, payload, headers: { cookie: admin } });
    return {
      status: response.statusCode,
      body: response.json<T & { statusCode: number; statusMessage?: string }>(),
    };
  };
  const post = async <T>(url: string, payload: Record<string, unknown>) =>
    (await adminCall<T>('POST', url, payload)).body;

  async function fund(player: RegisteredPlayer, account: 'credit' | 'bonus', amount: number) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/players/${player.playerId}/adjustments`,
      headers: { cookie: admin, 'idempotency-key': randomUUID() },
      payload: { account, amount, reason: 'Test funds' },
    });
    expect(response.statusCode).toBe(200);
  }

  /** A fresh race day of `count` races, six runners each (1-6), all open for betting. */
  async function raceDay(count: number, types: string[] = []) {
    const { event } = await post<{ event: { id: number } }>('/api/backoffice/racing/events', {
      name: `Tote Day ${randomUUID().slice(0, 8)}`,
      arena: 'Metro Turf',
      streamUrl: '',
      raceDate: '2026-11-22',
      enabledBetTypes: types,
    });
    const races: Race[] = [];
    for (let raceNo = 1; raceNo <= count; raceNo += 1) {
      const { race } = await post<{ race: Race }>(`/api/backoffice/racing/events/${event.id}/races`, {
        raceNo,
        startDateTime: '2026-11-22T06:00:00Z',
        enabledBetTypes: types,
      });
      for (const runnerNo of ['1', '2', '3', '4', '5', '6']) {
        await post(`/api/backoffice/racing/races/${race.raceId}/runners`, {
          runnerNo,
          horseName: `Horse ${raceNo}-${runnerNo}`,
          jockeyName: 'J. Cruz',
        });
      }
      await post(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'O' });
      races.push(race);
    }
    return { eventId: event.id, races };
  }

  async function newPlayer(credit = 100_000, bonus = 0) {
    const player = await registerPlayer(t.app);
    await fund(player, 'credit', credit);
    if (bonus > 0) await fund(player, 'bonus', bonus);
    return player;
  }

  async function bet(
    player: RegisteredPlayer,
    day: { eventId: number; races: Race[] },
    body: { betType: string; selections: number[][]; amount: number; raceNo?: number; useBonus?: boolean },
  ) {
    const response = await call(
      t.app,
      '../game/placeBet',
      {
        raceId: day.races[(body.raceNo ?? 1) - 1]?.raceId,
        eventId: day.eventId,
        betType: body.betType,
        selections: body.selections,
        amount: body.amount,
        useBonus: body.useBonus ?? false,
        idempotencyKey: randomUUID(),
      },
      player.cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BetReceipt>();
  }

  const close = (race: Race) => post(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'C' });
  const confirm = (race: Race, finish: number[][], key = randomUUID(), extra: Record<string, unknown> = {}) =>
    adminCall<{ report: SettlementReport }>('POST', ToteAdminRoutes.confirmResult(race.raceId), {
      finish,
      idempotencyKey: key,
      ...extra,
    });
  const credit = async (player: RegisteredPlayer) => (await playerBalances(t.app.db, player.playerId)).creditBalance;
  const ticketsOf = (player: RegisteredPlayer) =>
    t.app.db
      .selectFrom('bet_tickets')
      .select(['status', 'won_amount', 'refund_amount', 'settlement_transaction_id'])
      .where('player_id', '=', player.playerId)
      .orderBy('id')
      .execute();

  it('previews, confirms and pays a Win pool once; the report balances and the results page shows it', async () => {
    const day = await raceDay(1);
    const [race] = day.races as [Race];
    const [ana, ben, cora] = [await newPlayer(), await newPlayer(), await newPlayer()];
    await bet(ana, day, { betType: 'W', selections: [[3]], amount: 1000 });
    await bet(ben, day, { betType: 'W', selections: [[5]], amount: 2000 });
    await bet(cora, day, { betType: 'W', selections: [[3, 5]], amount: 1000 });

    // Not before betting closes.
    const early = await adminCall('POST', ToteAdminRoutes.previewResult(race.raceId), { finish: [[3], [5], [1]] });
    expect(early).toMatchObject({ status: 409, body: { statusMessage: ToteMessages.raceNotClosed } });
    await close(race);
    const unknownRunner = await adminCall('POST', ToteAdminRoutes.previewResult(race.raceId), { finish: [[9], [5]] });
    expect(unknownRunner).toMatchObject({ status: 400, body: { statusMessage: ToteMessages.finishInvalid } });
    // The Forecast pool needs two places; one runner twice is no finish either.
    for (const finish of [[[3]], [[3], [3]]]) {
      const refused = await adminCall('POST', ToteAdminRoutes.previewResult(race.raceId), { finish });
      expect(refused).toMatchObject({ status: 400, body: { statusMessage: ToteMessages.finishInvalid } });
    }
    const bare = await adminCall('POST', `/api/backoffice/racing/races/${race.raceId}/status`, { status: 'D' });
    expect(bare).toMatchObject({ status: 409, body: { statusMessage: RacingMessages.resultRequired } });

    // ₱50 in, 15% takeout: net ₱42.50 over ₱20 on runner 3 -> 2.10 (2.125 rounded down).
    const preview = await adminCall<ResultPreview>('POST', ToteAdminRoutes.previewResult(race.raceId), {
      finish: [[3], [5], [1]],
    });
    expect(preview.body.pools).toEqual([
      expect.objectContaining({
        betType: 'W',
        stakes: 5000,
        takeout: 750,
        net: 4250,
        payouts: 4200,
        breakage: 50,
        winningTickets: 2,
        dividends: [{ combination: '3', dividend: 210, stake: 2000, consolation: false, official: false }],
      }),
    ]);
    expect(await ticketsOf(ana)).toEqual([expect.objectContaining({ status: 'open' })]);

    const noticed: number[] = [];
    const stopListening = t.app.pubsub.subscribePlayers((playerId) => noticed.push(playerId));
    const settledRaces: number[] = [];
    const stopSettled = t.app.events.on('race.settled', ({ raceId }) => void settledRaces.push(raceId));
    const key = randomUUID();
    const confirmed = await confirm(race, [[3], [5], [1]], key);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.report).toMatchObject({ balanced: true, totals: { stakes: 5000, payouts: 4200 } });
    expect(await credit(ana)).toBe(100_000 - 1000 + 2100);
    expect(await credit(ben)).toBe(100_000 - 2000);
    expect(await credit(cora)).toBe(100_000 - 2000 + 2100);
    expect(await ticketsOf(ben)).toEqual([expect.objectContaining({ status: 'lost', won_amount: 0 })]);
    // The winners' screens are told to refresh their balance; the loser's balance did not change.
    await expect.poll(() => [...noticed].sort(), { timeout: 30_000 }).toEqual([ana.playerId, cora.playerId].sort());
    stopListening();
    // Other modules hear that the race's pools are settled, once.
    await expect.poll(() => settledRaces).toEqual([race.raceId]);
    stopSettled();
    const history = (await call(t.app, '../game/getBetHistory', {}, ana.cookie)).json<BetHistoryResponse>();
    expect(history.betHistory[0]).toMatchObject({ status: 'won', wonLose: 'WON', wonAmount: 2100 });

    // The same confirmation again pays nothing more; another finish is refused.
    expect((await confirm(race, [[3], [5], [1]], key)).status).toBe(200);
    expect((await confirm(race, [[5], [3], [1]])).status).toBe(409);
    expect(await credit(ana)).toBe(100_000 - 1000 + 2100);

    const result = (
      await t.app.inject({
        method: 'POST',
        url: ToteRoutes.getGameResult,
        payload: { raceId: race.raceId, eventId: day.eventId },
      })
    ).json<GameResultResponse>();
    expect(result.winners).toEqual([
      { betType: 'W', betTypeName: 'Win', picks: '3', odds: 210 },
      { betType: 'FC', betTypeName: 'Forcast', picks: '3-5', odds: null, reason: ToteMessages.noBets },
    ]);
    const finished = await t.app.db
      .selectFrom('runners')
      .select(['runner_no', 'finish_position'])
      .where('race_id', '=', race.raceId)
      .where('finish_position', 'is not', null)
      .orderBy('finish_position')
      .execute();
    expect(finished).toEqual([
      { runner_no: '3', finish_position: 1 },
      { runner_no: '5', finish_position: 2 },
      { runner_no: '1', finish_position: 3 },
    ]);
    expect(await checkLedger(t.app.db)).toEqual([]);
  });

  it('broadcasts live Win odds from the pool as bets land; a runner without stake has none', async () => {
    const day = await raceDay(1);
    const [race] = day.races as [Race];
    const seen: RealtimeMessage[] = [];
    const stop = t.app.pubsub.subscribe((messages) => seen.push(...messages));
    const player = await newPlayer();
    // A takeout of 30% entered after the race opened applies to pools opened from now on: this race's odds keep
    // the 15% it opened with (decision 049).
    await enterPolicy(t.app.db, 'W', { ...legacyPolicy('W'), shares: [{ name: 'takeout', rateBp: 3000 }] });
    await bet(player, day, { betType: 'W', selections: [[1]], amount: 1000 });
    await bet(player, day, { betType: 'W', selections: [[2]], amount: 3000 });
    await bet(player, day, { betType: 'W', selections: [[1, 2]], amount: 1000 });
    // ₱60 in, 15% takeout: ₱51 net. Runner 1 has ₱20 (2.55 -> 2.50), runner 2 ₱40 (1.275 -> 1.20).
    const expected = { type: 'UPDATE_ODDS', raceId: race.raceId, odds: ['2.50', '1.20', null, null, null, null] };
    await expect
      .poll(() => seen.filter((m) => m.type === 'UPDATE_ODDS' && m.raceId === race.raceId).at(-1), { timeout: 30_000 })
      .toEqual(expected);
    // A later bet moves the odds again (on SQLite the publisher reads only the tickets since its last look).
    await bet(player, day, { betType: 'W', selections: [[3]], amount: 1000 });
    // ₱70 in, ₱59.50 net: runner 1 2.975 -> 2.90, runner 2 1.4875 -> 1.40, runner 3 5.95 -> 5.90.
    const later = { type: 'UPDATE_ODDS', raceId: race.raceId, odds: ['2.90', '1.40', '5.90', null, null, null] };
    await expect
      .poll(() => seen.filter((m) => m.type === 'UPDATE_ODDS' && m.raceId === race.raceId).at(-1), { timeout: 30_000 })
      .toEqual(later);
    stop();
    const info = (
      await t.app.inject({ method: 'POST', url: '/api/game/getRaceInfo', payload: { eventId: day.eventId } })
    ).json<{ races: Race[] }>();
    expect(info.races[0]?.runners.map((r) => r.odds)).toEqual(later.odds);
    // The later suites' races open under the takeouts they were worked out on.
    await t.app.db.deleteFrom('tote_settings').where('bet_type', '=', 'W').where('takeout_bp', '=', 3000).execute();
  });

  it('refunds a scratched runner in a Trifecta and bonus money goes back to bonus', async () => {
    const day = await raceDay(1, ['TRI']);
    const [race] = day.races as [Race];
    const player = await newPlayer(10_000, 600);
    // 1,2 / 1,2,3 / 3,4: 6 combinations of ₱1, paid from bonus first.
    await bet(player, day, {
      betType: 'TRI',
      selections: [
        [1, 2],
        [1, 2, 3],
        [3, 4],
      ],
      amount: 100,
      useBonus: true,
    });
    const runners = await t.app.db
      .selectFrom('runners')
      .select(['id', 'runner_no'])
      .where('race_id', '=', race.raceId)
      .execute();
    const runner4 = runners.find((r) => r.runner_no === '4');
    await post(`/api/backoffice/racing/runners/${runner4?.id}/scratch`, { scratched: true });
    await close(race);
    const confirmed = await confirm(race, [[2], [1], [3], [5]]);
    expect(confirmed.body.report.balanced).toBe(true);
    // 4 combinations held runner 4: ₱4 back to bonus (the ticket was all bonus); 2-1-3 won the whole pool.
    const balances = await playerBalances(t.app.db, player.playerId);
    expect(balances.bonusBalance).toBe(400);
    // The ₱2 still riding was bonus too, and it won back less than that (₱1.50 after 25% takeout): the
    // bonus stake is not returned (decision 016), so nothing reaches credit.
    expect(await ticketsOf(player)).toEqual([
      expect.objectContaining({ status: 'won', refund_amount: 400, won_amount: 0 }),
    ]);
    expect(balances.creditBalance).toBe(10_000);
    expect(await checkLedger(t.app.db)).toEqual([]);
  });

  it('a scratched Double pick runs as the leg favourite at close, and the ticket says so', async () => {
    const day = await raceDay(2, ['DD']);
    const [first, second] = day.races as [Race, Race];
    const [dina, crowd] = [await newPlayer(), await newPlayer()];
    await bet(dina, day, { betType: 'DD', selections: [[1], [4]], amount: 1000 });
    await bet(crowd, day, { betType: 'DD', selections: [[1], [5]], amount: 1000 });
    // The crowd's Win money makes 6 the favourite of race 2.
    await bet(crowd, day, { betType: 'W', selections: [[6]], amount: 5000, raceNo: 2 });
    const runners = await t.app.db
      .selectFrom('runners')
      .select(['id', 'runner_no'])
      .where('race_id', '=', second.raceId)
      .execute();
    await post(`/api/backoffice/racing/runners/${runners.find((r) => r.runner_no === '4')?.id}/scratch`, {
      scratched: true,
    });
    await close(first);
    expect((await confirm(first, [[1], [2]])).status).toBe(200);
    await close(second);
    expect((await confirm(second, [[6], [1]])).status).toBe(200);

    const history = (await call(t.app, '../game/getBetHistory', {}, dina.cookie)).json<BetHistoryResponse>();
    expect(history.betHistory[0]).toMatchObject({
      wonLose: 'WON',
      refundAmount: 0,
      substitutions: [{ raceNo: 2, scratched: 4, favourite: 6 }],
    });
    // ₱20 Double pool, 20% takeout: ₱16 on ₱10 that (with the substitute) won: 1.60.
    expect(history.betHistory[0]?.wonAmount).toBe(1600);
    expect(await checkLedger(t.app.db)).toEqual([]);
  });

  it('a cancelled race refunds every bet on it', async () => {
    const day = await raceDay(1);
    const [race] = day.races as [Race];
    const player = await newPlayer(10_000, 500);
    await bet(player, day, { betType: 'W', selections: [[1, 2]], amount: 500, useBonus: true });
    expect(await playerBalances(t.app.db, player.playerId)).toMatchObject({ creditBalance: 9_500, bonusBalance: 0 });
    await post(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'X' });
    expect(await playerBalances(t.app.db, player.playerId)).toMatchObject({ creditBalance: 10_000, bonusBalance: 500 });
    expect(await ticketsOf(player)).toEqual([expect.objectContaining({ status: 'refunded', refund_amount: 1000 })]);
    const result = (
      await t.app.inject({
        method: 'POST',
        url: ToteRoutes.getGameResult,
        payload: { raceId: race.raceId, eventId: day.eventId },
      })
    ).json<GameResultResponse>();
    expect(result.winners).toEqual([]);
    expect(result.message).toMatch(/cancelled/);
    expect(await checkLedger(t.app.db)).toEqual([]);
  });

  it('a Pick4 nobody wins pays consolation and carries the rest to the next Pick4 pool', async () => {
    const day = await raceDay(5, ['PICK4']);
    const [alma, bert] = [await newPlayer(), await newPlayer()];
    // Alma wins legs 1-3 and misses leg 4; Bert wins only leg 1.
    await bet(alma, day, { betType: 'PICK4', selections: [[1], [1], [1], [2]], amount: 1000 });
    await bet(bert, day, { betType: 'PICK4', selections: [[1], [2], [2], [2]], amount: 1000 });
    for (const race of day.races.slice(0, 4)) {
      await close(race);
      expect((await confirm(race, [[1], [3], [4]])).status).toBe(200);
    }
    // ₱20 in, 25% takeout: net ₱15.00; 25% (₱3.75) to ₱10 on three legs pays 0.30 for 1.00 (a consolation
    // pays from its share only, no 1.00 minimum): ₱3.00, ₱0.75 breakage; ₱11.25 carried.
    const report = (await adminCall<SettlementReport>('GET', ToteAdminRoutes.report(day.races[3]?.raceId ?? 0))).body;
    expect(report.pools).toEqual([
      expect.objectContaining({
        betType: 'PICK4',
        result: 'consolation',
        net: 1500,
        carryOut: 1125,
        payouts: 300,
        breakage: 75,
        minusPool: 0,
      }),
    ]);
    expect(report.balanced).toBe(true);
    const carried = (
      await t.app.inject({ method: 'POST', url: ToteRoutes.getCarryovers, payload: {} })
    ).json<CarryoversResponse>();
    expect(carried.carryovers).toContainEqual({ betType: 'PICK4', betTypeName: 'Pick4', amount: 1125 });
    expect(await credit(alma)).toBe(99_300);
    expect(await checkLedger(t.app.db)).toEqual([]);
  });

  it('a setting applies to the pools that open after its approval, never to one already selling', async () => {
    // A Forecast pool opens and sells under the settings in force (the single 20% takeout).
    const before = await raceDay(1);
    const [selling] = before.races as [Race];
    await bet(await newPlayer(), before, { betType: 'FC', selections: [[1], [2]], amount: 1000 });

    const today = manilaDateOf(new Date());
    const setting = {
      betType: 'FC',
      shares: [{ name: 'takeout', rateBp: 1800 }],
      stampTax: null,
      winningsTax: { rateBp: 0, base: 'winnings' },
      noWinner: 'carryover',
      multiRaceScratch: 'favourite',
      cancelledLeg: 'refund',
      effectiveFrom: today,
    };
    const saved = await adminCall<{ request: { id: number } }>('POST', ToteAdminRoutes.settings, setting);
    expect(saved.status).toBe(200);
    // Proposed: in force when an independent second admin approves it (decision 045).
    await approveAsSecondAdmin(t.app, saved.body.request.id);
    // Refused: shares above half the gross, a share named twice, and a date before today.
    for (const wrong of [
      { shares: [{ name: 'takeout', rateBp: 9000 }] },
      {
        shares: [
          { name: 'prizeFund', rateBp: 100 },
          { name: 'prizeFund', rateBp: 100 },
        ],
      },
      { winningsTax: { rateBp: 6000, base: 'winnings' } },
      { effectiveFrom: '2020-01-01' },
    ]) {
      expect(await adminCall('POST', ToteAdminRoutes.settings, { ...setting, ...wrong })).toMatchObject({
        status: 400,
      });
    }
    const past = await adminCall<{ statusMessage: string }>('POST', ToteAdminRoutes.settings, {
      ...setting,
      effectiveFrom: '2020-01-01',
    });
    expect(past.body.statusMessage).toBe(ToteMessages.effectiveFromPast);
    const listed = (await adminCall<{ settings: ToteSetting[] }>('GET', ToteAdminRoutes.settings)).body;
    expect(listed.settings[0]).toMatchObject({ betType: 'FC', shares: [{ name: 'takeout', rateBp: 1800 }] });

    // A pool opening now follows the new setting; the one already selling keeps the rates it opened with.
    const after = await raceDay(1);
    const [opened] = after.races as [Race];
    await bet(await newPlayer(), after, { betType: 'FC', selections: [[1], [2]], amount: 1000 });
    for (const race of [selling, opened]) await close(race);
    const preview = async (race: Race) =>
      (await adminCall<ResultPreview>('POST', ToteAdminRoutes.previewResult(race.raceId), { finish: [[2], [1], [3]] }))
        .body.pools[0];
    expect(await preview(selling)).toMatchObject({ betType: 'FC', result: 'refunded', takeout: 0 });
    expect(await preview(opened)).toMatchObject({ betType: 'FC', result: 'carryover', takeout: 180, carryOut: 820 });
    await confirm(selling, [[1], [2], [3]]);
    const settled = await t.app.db
      .selectFrom('pool_settlements')
      .select(['policy', 'takeout'])
      .where('first_race_id', '=', selling.raceId)
      .where('bet_type', '=', 'FC')
      .executeTakeFirstOrThrow();
    expect(settled.takeout).toBe(200);
    expect(JSON.parse(settled.policy)).toMatchObject({
      shares: [{ name: 'takeout', rateBp: 2000 }],
      noWinner: 'refund',
    });
  });

  it('the ledger check catches a ticket paid twice', async () => {
    const day = await raceDay(1);
    const [race] = day.races as [Race];
    const player = await newPlayer();
    await bet(player, day, { betType: 'W', selections: [[2]], amount: 1000 });
    await close(race);
    await confirm(race, [[2], [1]]);
    expect(await checkLedger(t.app.db)).toEqual([]);
    // A second payout posted behind the settlement's back: not any ticket's settlement, and the pool
    // it came from no longer balances to zero.
    await t.app.db.transaction().execute(async (trx) =>
      postTransaction(trx, {
        kind: 'SETTLEMENT',
        description: 'Winnings W',
        postings: [
          { accountId: await accountIdByCode(trx, `pool:${race.raceId}:W`), amount: -500 },
          { accountId: await accountIdByCode(trx, `player:${player.playerId}:credit`), amount: 500 },
        ],
        actor: { type: 'system', id: null },
      }),
    );
    expect((await checkLedger(t.app.db)).map((b) => b.rule).sort()).toEqual([
      'pool-overpaid',
      'settled-pool-not-empty',
      'ticket-settlement',
    ]);
    // Corrected by a reversal, as staff would: clean again.
    await t.app.db.transaction().execute(async (trx) => {
      const stray = await trx
        .selectFrom('ledger_transactions')
        .select('id')
        .where('kind', '=', 'SETTLEMENT')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      await reverseTransaction(trx, stray.id, 'test correction', { type: 'system', id: null });
    });
    expect(await checkLedger(t.app.db)).toEqual([]);
  });

  it('only admins reach the tote back office', async () => {
    const player = await registerPlayer(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: ToteAdminRoutes.settings,
      headers: { cookie: player.cookie },
    });
    expect(response.statusCode).toBe(401);
  });
});
