import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ToteAdminRoutes,
  ToteMessages,
  ToteRoutes,
  type BetReceipt,
  type GameResultResponse,
  type Race,
  type WinnerLine,
} from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { enterPolicy, legacyPolicy, useLegacyTakeouts } from '../../../test/tote-policies.ts';
import { call, registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { checkLedger } from '../wallet/index.ts';

/**
 * The results page (game/getGameResult) of a finished race lists every bet type the race offers and
 * every multi-race pool it completes, each with its winning combination and either the dividend for
 * 1.00 or why there is none.
 */
describe(`results of a finished race (${testDialect})`, () => {
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
    const response = await t.app.inject({
      method,
      url,
      payload,
      headers: { cookie: admin, 'idempotency-key': randomUUID() },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const post = <T>(url: string, payload: Record<string, unknown>) => adminCall<T>('POST', url, payload);

  /** A race day of `count` races, runners 1-6 each, open for betting, with these flag-enabled types. */
  async function raceDay(count: number, types: string[] = [], raceDate = '2026-11-22') {
    const { event } = await post<{ event: { id: number } }>('/api/backoffice/racing/events', {
      name: `Results Day ${randomUUID().slice(0, 8)}`,
      arena: 'Metro Turf',
      streamUrl: '',
      raceDate,
      enabledBetTypes: types,
    });
    const races: Race[] = [];
    for (let raceNo = 1; raceNo <= count; raceNo += 1) {
      const { race } = await post<{ race: Race }>(`/api/backoffice/racing/events/${event.id}/races`, {
        raceNo,
        startDateTime: `${raceDate}T06:00:00Z`,
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
  type Day = Awaited<ReturnType<typeof raceDay>>;

  async function newPlayer(credit = 100_000) {
    const player = await registerPlayer(t.app);
    await post(`/api/backoffice/players/${player.playerId}/adjustments`, {
      account: 'credit',
      amount: credit,
      reason: 'Test funds',
    });
    return player;
  }

  async function bet(
    player: RegisteredPlayer,
    day: Day,
    body: { betType: string; selections: number[][]; amount: number; raceNo?: number },
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
        useBonus: false,
        idempotencyKey: randomUUID(),
      },
      player.cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BetReceipt>();
  }

  const raceOf = (day: Day, raceNo: number) => day.races[raceNo - 1] as Race;
  const setStatus = (race: Race, status: 'C' | 'X') =>
    post(`/api/backoffice/racing/races/${race.raceId}/status`, { status });
  /** Closes betting and confirms the finish, which settles every pool the race completes. */
  async function result(race: Race, finish: number[][], extra: Record<string, unknown> = {}) {
    await setStatus(race, 'C');
    await post(ToteAdminRoutes.confirmResult(race.raceId), { finish, idempotencyKey: randomUUID(), ...extra });
  }
  async function resultsPage(day: Day, raceNo: number) {
    const response = await t.app.inject({
      method: 'POST',
      url: ToteRoutes.getGameResult,
      payload: { raceId: raceOf(day, raceNo).raceId, eventId: day.eventId },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<GameResultResponse>();
  }
  const line = (betType: string, betTypeName: string, picks: string, odds: number | null, reason?: string) =>
    (reason === undefined
      ? { betType, betTypeName, picks, odds }
      : { betType, betTypeName, picks, odds, reason }) as WinnerLine;

  it('a finished race without bets lists every type it offers with its winning combination and No bets', async () => {
    const day = await raceDay(1, ['TRI', 'QRT', 'DD']);
    await result(raceOf(day, 1), [[3], [5], [1], [2], [6], [4]]);
    const page = await resultsPage(day, 1);
    expect(page.message).toBeUndefined();
    // The Double starts here: it is completed (and shown) by race 2, not by race 1.
    expect(page.winners).toEqual([
      line('W', 'Win', '3', null, ToteMessages.noBets),
      line('FC', 'Forcast', '3-5', null, ToteMessages.noBets),
      line('TRI', 'Trifecta', '3-5-1', null, ToteMessages.noBets),
      line('QRT', 'Quartet', '3-5-1-2', null, ToteMessages.noBets),
    ]);
  });

  it('a Win pool nobody picked the winner of is refunded and says so; the paid pool shows its dividend', async () => {
    const day = await raceDay(1);
    const [ana, ben] = [await newPlayer(), await newPlayer()];
    // Win: nobody on 4. Forcast: ₱10 on 4-2 and ₱30 on 1-2 -> ₱40, 20% takeout, ₱32 over ₱10: 3.20.
    await bet(ana, day, { betType: 'W', selections: [[1, 2]], amount: 1000 });
    await bet(ana, day, { betType: 'FC', selections: [[4], [2]], amount: 1000 });
    await bet(ben, day, { betType: 'FC', selections: [[1], [2]], amount: 3000 });
    await result(raceOf(day, 1), [[4], [2], [1]]);
    const page = await resultsPage(day, 1);
    expect(page.winners).toEqual([
      line('W', 'Win', '4', null, ToteMessages.refunded),
      line('FC', 'Forcast', '4-2', 320),
    ]);
    const tickets = await t.app.db
      .selectFrom('bet_tickets')
      .select('status')
      .where('player_id', '=', ana.playerId)
      .where('bet_type', '=', 'W')
      .execute();
    expect(tickets).toEqual([{ status: 'refunded' }]);
    expect(await checkLedger(t.app.db)).toEqual([]);
  });

  it('a dead heat gives a line per winner: the one with bets paid, the other without a winning ticket', async () => {
    const day = await raceDay(1);
    const player = await newPlayer();
    // ₱20 on 3, ₱10 on 1; dead heat 3=5, only 3 has bets: ₱25.50 net (15% takeout) over ₱20 on 3: 1.20.
    await bet(player, day, { betType: 'W', selections: [[3]], amount: 2000 });
    await bet(player, day, { betType: 'W', selections: [[1]], amount: 1000 });
    // The track's official Forcast dividend shows even though nobody here bet on the pool.
    await result(raceOf(day, 1), [[3, 5], [1]], {
      officialDividends: [{ betType: 'FC', combination: '3-5', dividend: 1240 }],
    });
    const page = await resultsPage(day, 1);
    expect(page.winners).toEqual([
      line('W', 'Win', '3', 120),
      line('W', 'Win', '5', null, ToteMessages.noWinningTicket),
      line('FC', 'Forcast', '3-5', 1240),
      line('FC', 'Forcast', '5-3', null, ToteMessages.noBets),
    ]);
  });

  it('a pool carried over for want of a winning ticket says so', async () => {
    // A Win policy that carries over, in force for the pools opening while it stands (decision 049); the
    // default refund comes back after, for the other tests.
    await enterPolicy(t.app.db, 'W', legacyPolicy('W', { noWinner: 'carryover' }));
    const day = await raceDay(1);
    // A setting entered in the millisecond the race opened would be in force at its opening: the default
    // comes back once the clock is past it.
    const { opened_at: openedAt } = await t.app.db
      .selectFrom('races')
      .select('opened_at')
      .where('id', '=', raceOf(day, 1).raceId)
      .executeTakeFirstOrThrow();
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(Date.parse(openedAt ?? '')), { interval: 1 });
    await enterPolicy(t.app.db, 'W', legacyPolicy('W'));
    await bet(await newPlayer(), day, { betType: 'W', selections: [[1]], amount: 1000 });
    await result(raceOf(day, 1), [[2], [1]]);
    expect((await resultsPage(day, 1)).winners).toEqual([
      line('W', 'Win', '2', null, ToteMessages.carriedOver),
      line('FC', 'Forcast', '2-1', null, ToteMessages.noBets),
    ]);
  });

  it('a Double and an XD show on the results of the race that completes them, leg by leg', async () => {
    const day = await raceDay(3, ['DD', 'XD']);
    const [ana, ben] = [await newPlayer(), await newPlayer()];
    // Double 1-2: ₱10 on 2/4, ₱10 on 3/4 -> ₱20, 20% takeout, ₱16 over ₱10: 1.60. XD 1-3 has no bets.
    await bet(ana, day, { betType: 'DD', selections: [[2], [4]], amount: 1000 });
    await bet(ben, day, { betType: 'DD', selections: [[3], [4]], amount: 1000 });
    await result(raceOf(day, 1), [[2], [1]]);
    expect((await resultsPage(day, 1)).winners.map((l) => l.betType)).toEqual(['W', 'FC']);

    await result(raceOf(day, 2), [[4], [6]]);
    expect((await resultsPage(day, 2)).winners).toEqual([
      line('W', 'Win', '4', null, ToteMessages.noBets),
      line('FC', 'Forcast', '4-6', null, ToteMessages.noBets),
      line('DD', 'Double', '2/4', 160),
    ]);

    await result(raceOf(day, 3), [[5], [1]]);
    expect((await resultsPage(day, 3)).winners).toEqual([
      line('W', 'Win', '5', null, ToteMessages.noBets),
      line('FC', 'Forcast', '5-1', null, ToteMessages.noBets),
      line('DD', 'Double', '4/5', null, ToteMessages.noBets),
      line('XD', 'XD', '2/5', null, ToteMessages.noBets),
    ]);
    expect(await checkLedger(t.app.db)).toEqual([]);
  });

  it('a Double whose first leg was cancelled is refunded, the leg written as ALL', async () => {
    const day = await raceDay(2, ['DD']);
    await bet(await newPlayer(), day, { betType: 'DD', selections: [[1], [2]], amount: 1000 });
    await setStatus(raceOf(day, 1), 'X');
    const cancelled = await resultsPage(day, 1);
    expect(cancelled).toMatchObject({ winners: [], message: ToteMessages.raceCancelled });
    await result(raceOf(day, 2), [[3], [2]]);
    expect((await resultsPage(day, 2)).winners).toContainEqual(
      line('DD', 'Double', 'ALL/3', null, ToteMessages.refunded),
    );
  });

  it('a pool with tickets and no settlement yet reads Settling, not No bets', async () => {
    const day = await raceDay(2, ['DD']);
    await bet(await newPlayer(), day, { betType: 'DD', selections: [[1], [2]], amount: 1000 });
    await result(raceOf(day, 1), [[1], [2]]);
    await result(raceOf(day, 2), [[2], [1]]);
    // As it stands for a moment after the result's commit, before settlement writes the pool's row.
    await t.app.db.deleteFrom('pool_settlements').where('first_race_id', '=', raceOf(day, 1).raceId).execute();
    expect((await resultsPage(day, 2)).winners).toContainEqual(
      line('DD', 'Double', '1/2', null, ToteMessages.settling),
    );
  });

  it('a race without an official result yet says so', async () => {
    const day = await raceDay(1);
    expect(await resultsPage(day, 1)).toMatchObject({ winners: [], message: ToteMessages.raceNotDone });
    await setStatus(raceOf(day, 1), 'C');
    expect(await resultsPage(day, 1)).toMatchObject({ winners: [], message: ToteMessages.raceNotDone });
  });
});
