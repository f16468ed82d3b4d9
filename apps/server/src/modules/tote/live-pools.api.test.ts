import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToteAdminRoutes, type Race, type RacePoolsResponse, type RealtimeMessage } from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { useLegacyTakeouts } from '../../../test/tote-policies.ts';
import { registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { adminPoster, fundPlayer, placeBetAs } from '../../../test/win-race.ts';

/**
 * The live screen's pools: the Win odds movement, Forecast probables and a Double's will-pays after its
 * first leg, read from the stored bets, and the POOLS_UPDATED notice on the socket when they change.
 */
describe(`live pools: odds movement, probables and will-pays (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let post: ReturnType<typeof adminPoster>;
  let player: RegisteredPlayer;

  beforeAll(async () => {
    t = await createTestApp();
    // Figures below are worked out on the single takeouts of before the EO 194 split (decision 049).
    await useLegacyTakeouts(t.app.db);
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    post = adminPoster(t.app, admin);
    player = await registerPlayer(t.app);
    await fundPlayer(t.app, admin, player, 100_000);
  });
  afterAll(async () => {
    await t.close();
  });

  const pools = async (raceId: number) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/game/pools/${raceId}` });
    return { status: response.statusCode, body: response.json<RacePoolsResponse>() };
  };

  it('answers from the pools, tells the screens when they move, and a Double pays its will-pay', async () => {
    const types = ['DD'];
    const { event } = await post<{ event: { id: number } }>('/api/backoffice/racing/events', {
      name: 'Will-pay Day',
      arena: 'Metro Turf',
      streamUrl: '',
      raceDate: '2026-11-23',
      enabledBetTypes: types,
    });
    const races: Race[] = [];
    for (const raceNo of [1, 2]) {
      const { race } = await post<{ race: Race }>(`/api/backoffice/racing/events/${event.id}/races`, {
        raceNo,
        startDateTime: `2026-11-23T0${raceNo}:00:00Z`,
        enabledBetTypes: types,
      });
      for (const runnerNo of ['1', '2', '3', '4']) {
        await post(`/api/backoffice/racing/races/${race.raceId}/runners`, {
          runnerNo,
          horseName: `Horse ${raceNo}-${runnerNo}`,
          jockeyName: 'J. Cruz',
        });
      }
      races.push(race);
    }
    const [first, second] = races as [Race, Race];
    const move = (race: Race, status: Race['status']) =>
      post(`/api/backoffice/racing/races/${race.raceId}/status`, { status });
    const bet = async (betType: string, selections: number[][], amount: number) => {
      const placed = await placeBetAs(t.app, player, {
        eventId: event.id,
        raceId: first.raceId,
        betType,
        selections,
        amount,
      });
      expect(placed.statusCode, placed.body).toBe(200);
    };

    await move(first, 'O');
    const empty = await pools(first.raceId);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ raceId: first.raceId, winOdds: { times: [], runners: [] }, willPays: [] });
    expect(empty.body.forecast.runners).toEqual([1, 2, 3, 4]);
    expect(empty.body.forecast.cells.every((c) => c.dividend === null)).toBe(true);

    const seen: RealtimeMessage[] = [];
    const stop = t.app.pubsub.subscribe((messages) => seen.push(...messages));
    await bet('W', [[1]], 1000);
    await bet('W', [[2]], 3000);
    await bet('FC', [[1], [2]], 1000);
    await bet('FC', [[2], [1]], 3000);
    await bet('DD', [[1], [2]], 100);
    await bet('DD', [[1], [2, 3]], 500);
    await bet('DD', [[2], [1]], 1000);

    const open = await pools(first.raceId);
    // Win: ₱40 less 15% = ₱34 net; Forecast: ₱40 less 20% = ₱32 net; no will-pays before leg 1 is run.
    expect(open.body.winOdds.runners).toEqual([
      { runnerNo: 1, odds: expect.arrayContaining([340]) as number[] },
      { runnerNo: 2, odds: expect.arrayContaining([110]) as number[] },
    ]);
    expect(open.body.winOdds.runners.map((r) => r.odds.at(-1))).toEqual([340, 110]);
    expect(open.body.winOdds.times.length).toBeGreaterThan(1);
    const cell = (a: number, b: number) => open.body.forecast.cells.find((c) => c.first === a && c.second === b);
    expect(cell(1, 2)?.dividend).toBe(320);
    expect(cell(2, 1)?.dividend).toBe(100);
    expect(cell(3, 4)?.dividend).toBeNull();
    expect(open.body.willPays).toEqual([]);
    expect(open.body.version).not.toBe(empty.body.version);
    // The same state answers the same version; a screen told of it reads it once.
    expect((await pools(first.raceId)).body.version).toBe(open.body.version);
    // A tick of the publisher may fall between two of the bets above (a notice of that state, then one of
    // this): the notice of the state the screens read now arrives.
    await expect
      .poll(() => seen.findLast((m) => m.type === 'POOLS_UPDATED' && m.raceId === first.raceId), { timeout: 60_000 })
      .toEqual({ type: 'POOLS_UPDATED', raceId: first.raceId, version: open.body.version });

    // Leg 1 goes to runner 1: the Double's tickets on runner 2 are out. ₱21 less 20% = ₱16.80 net;
    // runner 2 has ₱6 alive (₱1 + ₱5): 2.80; runner 3 has ₱5: 3.36 -> 3.30; nobody has 1 or 4.
    await move(first, 'C');
    const confirmed = await t.app.inject({
      method: 'POST',
      url: ToteAdminRoutes.confirmResult(first.raceId),
      headers: { cookie: admin },
      payload: { finish: [[1], [2], [3]], idempotencyKey: randomUUID() },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const afterLeg1 = await pools(second.raceId);
    expect(afterLeg1.body.willPays).toEqual([
      {
        betType: 'DD',
        name: 'Double',
        firstRaceNo: 1,
        leg: 2,
        legs: 2,
        exact: true,
        lines: [
          { runnerNo: 1, winners: [1], dividend: null },
          { runnerNo: 2, winners: [1], dividend: 280 },
          { runnerNo: 3, winners: [1], dividend: 330 },
          { runnerNo: 4, winners: [1], dividend: null },
        ],
      },
    ]);
    await expect
      .poll(
        () =>
          seen.some(
            (m) => m.type === 'POOLS_UPDATED' && m.raceId === second.raceId && m.version === afterLeg1.body.version,
          ),
        { timeout: 60_000 },
      )
      .toBe(true);
    stop();

    // Runner 2 wins leg 2: the ₱1 Double on 1/2 is paid its will-pay, 2.80.
    await move(second, 'O');
    await move(second, 'C');
    const settled = await t.app.inject({
      method: 'POST',
      url: ToteAdminRoutes.confirmResult(second.raceId),
      headers: { cookie: admin },
      payload: { finish: [[2], [1], [3]], idempotencyKey: randomUUID() },
    });
    expect(settled.statusCode, settled.body).toBe(200);
    const doubles = await t.app.db
      .selectFrom('bet_tickets')
      .select(['amount', 'combinations', 'won_amount'])
      .where('first_race_id', '=', first.raceId)
      .where('bet_type', '=', 'DD')
      .orderBy('id')
      .execute();
    expect(doubles.map((d) => d.won_amount)).toEqual([280, 5 * 280, 0]);
    expect((await pools(second.raceId)).body.willPays).toEqual([]);
  });

  it('answers 404 for a race that does not exist and refuses an id that is not one', async () => {
    expect((await pools(2_000_000_000)).status).toBe(404);
    expect((await pools(0)).status).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/game/pools/1e3' })).statusCode).toBe(400);
  });
});
