import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BetReceipt, Race } from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { adminPoster, fundPlayer, placeBetAs } from '../../../test/win-race.ts';
import { playerBalances, checkLedger } from '../wallet/index.ts';
import { BetRefusals } from './betting.service.ts';

/**
 * A multi-race pool is sold as a track sells it: while its first leg is open and none of its later
 * legs has closed (docs/product/betting.md#multi-race-pools), on a card where only one race is open at a time.
 */
describe(`multi-race pools on sale before their later legs (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let post: ReturnType<typeof adminPoster>;
  let player: RegisteredPlayer;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    post = adminPoster(t.app, admin);
    player = await registerPlayer(t.app);
    await fundPlayer(t.app, admin, player, 100_000);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A card of `count` races, 4 runners each, every race awaiting its opening (A). */
  async function card(name: string, count: number) {
    const types = ['DD', 'PICK4', 'XD'];
    const { event } = await post<{ event: { id: number } }>('/api/backoffice/racing/events', {
      name,
      arena: 'Metro Turf',
      streamUrl: '',
      raceDate: '2026-11-23',
      enabledBetTypes: types,
    });
    const races: Race[] = [];
    for (let raceNo = 1; raceNo <= count; raceNo += 1) {
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
    const move = async (raceNo: number, status: Race['status']) => {
      const race = races[raceNo - 1] as Race;
      const { race: moved } = await post<{ race: Race }>(`/api/backoffice/racing/races/${race.raceId}/status`, {
        status,
      });
      expect(moved.status).toBe(status);
    };
    const bet = (betType: string, firstRaceNo: number, selections: number[][], amount = 200) =>
      placeBetAs(t.app, player, {
        eventId: event.id,
        raceId: races[firstRaceNo - 1]?.raceId,
        betType,
        selections,
        amount,
      });
    return { races, move, bet };
  }

  it('sells a Double and a Pick4 while only their first leg is open', async () => {
    const { move, bet } = await card('Sale Day', 5);
    await move(1, 'O');
    const before = (await playerBalances(t.app.db, player.playerId)).creditBalance;
    const double = await bet('DD', 1, [[1, 2], [3]]);
    expect(double.statusCode, double.body).toBe(200);
    expect(double.json<BetReceipt>().betDetails).toMatchObject({ raceNumbers: [1, 2], combinations: 2 });
    const pick4 = await bet('PICK4', 1, [[1], [2], [3], [4]]);
    expect(pick4.statusCode, pick4.body).toBe(200);
    expect(pick4.json<BetReceipt>().betDetails).toMatchObject({ raceNumbers: [1, 2, 3, 4], combinations: 1 });
    expect((await playerBalances(t.app.db, player.playerId)).creditBalance).toBe(before - 400 - 200);

    // A pool whose first leg awaits its opening is not on sale yet, whatever its later legs do.
    const notYet = await bet('DD', 2, [[1], [2]]);
    expect(notYet.json<{ statusMessage: string }>().statusMessage).toBe(BetRefusals.closed(2));
    expect(await checkLedger(t.app.db)).toEqual([]);
  });

  it('stops selling the pools of a race once it closes', async () => {
    const { move, bet } = await card('Close Day', 5);
    await move(1, 'O');
    await move(1, 'L');
    expect((await bet('PICK4', 1, [[1], [2], [3], [4]])).statusCode).toBe(200);
    await move(1, 'C');
    const before = (await playerBalances(t.app.db, player.playerId)).creditBalance;
    for (const [type, selections] of [
      ['DD', [[1], [2]]],
      ['PICK4', [[1], [2], [3], [4]]],
    ] as const) {
      const refused = await bet(
        type,
        1,
        selections.map((leg) => [...leg]),
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ statusMessage: string }>().statusMessage).toBe(BetRefusals.closed(1));
    }
    expect((await playerBalances(t.app.db, player.playerId)).creditBalance).toBe(before);
  });

  it('refuses a pool one of whose later legs has already closed or been cancelled', async () => {
    const { move, bet } = await card('Out of Order Day', 5);
    await move(1, 'O');
    await move(3, 'O');
    await move(3, 'C');
    await move(4, 'X');
    const before = (await playerBalances(t.app.db, player.playerId)).creditBalance;
    const pick4 = await bet('PICK4', 1, [[1], [2], [3], [4]]);
    expect(pick4.statusCode).toBe(400);
    expect(pick4.json<{ statusMessage: string }>().statusMessage).toBe(BetRefusals.closed(3));
    const xd = await bet('XD', 1, [[1], [2]]);
    expect(xd.json<{ statusMessage: string }>().statusMessage).toBe(BetRefusals.closed(3));
    // The Double's legs (races 1 and 2) are untouched: it is still on sale.
    expect((await bet('DD', 1, [[1], [2]], 100)).statusCode).toBe(200);
    expect((await playerBalances(t.app.db, player.playerId)).creditBalance).toBe(before - 100);
    expect(await checkLedger(t.app.db)).toEqual([]);
  });
});
