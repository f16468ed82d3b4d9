import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  manilaMonthOf,
  ToteAdminRoutes,
  type BetHistoryResponse,
  type BetReceipt,
  type Race,
  type Statement,
} from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { call, registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { adminPoster, fundPlayer } from '../../../test/win-race.ts';

/**
 * What the server tells the player a bet was, so receipts, history and statements can say it in words:
 * the race on the receipt, a consolation named as one, and why a refund was made.
 */
describe(`bets in words (${testDialect})`, () => {
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

  /** A race day of `count` races, runners 1-4 each, open for betting; race n posts at 06:0n UTC. */
  async function raceDay(count: number, types: string[] = []) {
    const name = `Words Day ${randomUUID().slice(0, 6)}`;
    const { event } = await post<{ event: { id: number } }>('/api/backoffice/racing/events', {
      name,
      arena: 'Metro Turf',
      streamUrl: '',
      raceDate: '2026-11-22',
      enabledBetTypes: types,
    });
    const races: Race[] = [];
    for (let raceNo = 1; raceNo <= count; raceNo += 1) {
      const { race } = await post<{ race: Race }>(`/api/backoffice/racing/events/${event.id}/races`, {
        raceNo,
        startDateTime: `2026-11-22T06:0${raceNo}:00.000Z`,
        enabledBetTypes: types,
      });
      for (const runnerNo of ['1', '2', '3', '4']) {
        await post(`/api/backoffice/racing/races/${race.raceId}/runners`, {
          runnerNo,
          horseName: `Horse ${raceNo}-${runnerNo}`,
          jockeyName: 'J. Cruz',
        });
      }
      await post(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'O' });
      races.push(race);
    }
    return { name, eventId: event.id, races };
  }

  async function newPlayer() {
    const player = await registerPlayer(t.app);
    await fundPlayer(t.app, admin, player, 100_000);
    return player;
  }

  async function bet(
    player: RegisteredPlayer,
    day: { eventId: number; races: Race[] },
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

  async function settle(race: Race, finish: number[][]) {
    await post(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'C' });
    const response = await t.app.inject({
      method: 'POST',
      url: ToteAdminRoutes.confirmResult(race.raceId),
      payload: { finish, idempotencyKey: randomUUID() },
      headers: { cookie: admin },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  const historyOf = async (player: RegisteredPlayer) =>
    (await call(t.app, '../game/getBetHistory', {}, player.cookie)).json<BetHistoryResponse>().betHistory;
  const statementOf = async (player: RegisteredPlayer) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/statement/${manilaMonthOf(new Date())}`,
      headers: { cookie: player.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ statement: Statement }>().statement;
  };

  it('names the race of a placed bet on its receipt: number, race day and post time, as moved', async () => {
    const day = await raceDay(3, ['TRI']);
    const player = await newPlayer();
    const receipt = await bet(player, day, { betType: 'TRI', selections: [[1], [2], [3]], amount: 100, raceNo: 2 });
    expect(receipt.race).toEqual({
      raceNo: 2,
      eventName: day.name,
      raceDate: '2026-11-22',
      postTime: '2026-11-22T06:02:00.000Z',
    });
    expect(receipt.betDetails.type).toBe('TRI');

    // A new post time is what the next receipt names.
    const race3 = day.races[2] as Race;
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/racing/races/${race3.raceId}`,
      payload: { startDateTime: '2026-11-22T07:30:00.000Z' },
      headers: { cookie: admin },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const later = await bet(player, day, { betType: 'W', selections: [[1]], amount: 100, raceNo: 3 });
    expect(later.race).toMatchObject({ raceNo: 3, postTime: '2026-11-22T07:30:00.000Z' });
  });

  it('a Pick4 consolation is a consolation in history and the statement', async () => {
    const day = await raceDay(4, ['PICK4']);
    const [alma, bert] = [await newPlayer(), await newPlayer()];
    // Alma wins legs 1-3 and misses leg 4 (nobody wins all four): the consolation is hers.
    await bet(alma, day, { betType: 'PICK4', selections: [[1], [1], [1], [2]], amount: 1000 });
    await bet(bert, day, { betType: 'PICK4', selections: [[1], [2], [2], [2]], amount: 1000 });
    for (const race of day.races) await settle(race, [[1], [3], [4]]);

    const [ticket] = await historyOf(alma);
    expect(ticket).toMatchObject({ wonLose: 'WON', consolation: true, refundReason: null, eventName: day.name });
    expect(ticket?.wonAmount).toBeGreaterThan(0);
    const [lost] = await historyOf(bert);
    expect(lost).toMatchObject({ wonLose: 'LOSE', consolation: false });

    const lines = (await statementOf(alma)).lines;
    expect(lines.find((line) => line.category === 'winnings')?.bet).toEqual({
      ticketNo: ticket?.ticketNo,
      betType: 'PICK4',
      raceNo: '1/2/3/4',
      eventName: day.name,
      consolation: true,
      refundReason: null,
    });
    // The files describe it in the language asked for.
    const file = (format: 'csv' | 'pdf', lang: 'en' | 'fil') =>
      t.app.inject({
        method: 'GET',
        url: `/api/statement/${manilaMonthOf(new Date())}/${format}?lang=${lang}`,
        headers: { cookie: alma.cookie },
      });
    const csv = await file('csv', 'en');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`Consolation · Pick4 · Races 1/2/3/4 · ${day.name} · Ticket ${ticket?.ticketNo}`);
    expect(csv.body).toContain(`Pick4 · Races 1/2/3/4 · ${day.name} · Ticket ${ticket?.ticketNo}`);
    expect(csv.body).not.toContain('Winnings PICK4');
    expect((await file('csv', 'fil')).body).toContain('Konsolasyon · Pick4 · Mga Karera 1/2/3/4');
    const pdf = await file('pdf', 'fil');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(lines.find((line) => line.category === 'stake')?.bet).toMatchObject({ betType: 'PICK4', raceNo: '1/2/3/4' });
  });

  it('a winning Win is no consolation', async () => {
    const day = await raceDay(1);
    const player = await newPlayer();
    await bet(player, day, { betType: 'W', selections: [[1]], amount: 1000 });
    await settle(day.races[0] as Race, [[1], [2], [3]]);
    expect((await historyOf(player))[0]).toMatchObject({ wonLose: 'WON', consolation: false, refundReason: null });
  });

  it('says why a ticket was refunded: nobody backed the winner, a scratch, a cancelled race', async () => {
    const day = await raceDay(3);
    const [ana, ben, cara] = [await newPlayer(), await newPlayer(), await newPlayer()];
    // Race 1: only runner 2 is backed and 1 wins: the Win pool is refunded.
    await bet(ana, day, { betType: 'W', selections: [[2]], amount: 500 });
    await settle(day.races[0] as Race, [[1], [3], [4]]);
    // Race 2: Ben's only pick is scratched; Cara's Win on the winner pays the pool.
    await bet(ben, day, { betType: 'W', selections: [[4]], amount: 500, raceNo: 2 });
    await bet(cara, day, { betType: 'W', selections: [[1]], amount: 500, raceNo: 2 });
    const runner4 = await t.app.db
      .selectFrom('runners')
      .select('id')
      .where('race_id', '=', day.races[1]?.raceId ?? 0)
      .where('runner_no', '=', '4')
      .executeTakeFirstOrThrow();
    await post(`/api/backoffice/racing/runners/${runner4.id}/scratch`, { scratched: true });
    await settle(day.races[1] as Race, [[1], [2], [3]]);
    // Race 3 is called off.
    await bet(cara, day, { betType: 'W', selections: [[1]], amount: 500, raceNo: 3 });
    await post(`/api/backoffice/racing/races/${day.races[2]?.raceId}/status`, { status: 'X' });

    expect((await historyOf(ana))[0]).toMatchObject({ status: 'X', refundReason: 'noWinner', consolation: false });
    expect((await historyOf(ben))[0]).toMatchObject({ status: 'X', refundReason: 'scratch' });
    const caras = await historyOf(cara);
    expect(caras[0]).toMatchObject({ status: 'X', refundReason: 'cancelled' });
    expect(caras[1]).toMatchObject({ wonLose: 'WON', refundReason: null });

    const refund = (await statementOf(ana)).lines.find((line) => line.category === 'refund');
    expect(refund?.bet).toMatchObject({ betType: 'W', raceNo: '1', refundReason: 'noWinner', eventName: day.name });
  });
});
