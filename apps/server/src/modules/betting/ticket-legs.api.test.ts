import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BettingRoutes,
  GameOperations,
  ToteAdminRoutes,
  type BetHistoryResponse,
  type BetHistoryTicket,
  type BetReceipt,
  type Race,
} from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { adminPoster, fundPlayer } from '../../../test/win-race.ts';
import { checkLedger } from '../wallet/index.ts';

/**
 * The player's tickets say where each leg of a multi-race ticket stands (shared ticketLegs): won, lost
 * or running as the leg races' results come in, with scratched picks on the favourite at close, and the
 * ticket still alive while no leg is lost. One race day's tickets can be asked for (the live screen's My
 * tickets), only ever the session's player's.
 */
describe(`tickets leg by leg (${testDialect})`, () => {
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

  async function newPlayer() {
    const player = await registerPlayer(t.app);
    await fundPlayer(t.app, admin, player, 100_000);
    return player;
  }

  /** A race day of `count` races, runners 1-5 each, all open. */
  async function raceDay(count: number) {
    const types = ['DD', 'PICK4'];
    const { event } = await post<{ event: { id: number } }>('/api/backoffice/racing/events', {
      name: `Legs Day ${randomUUID().slice(0, 8)}`,
      arena: 'Metro Turf',
      streamUrl: '',
      raceDate: '2026-11-24',
      enabledBetTypes: types,
    });
    const races: Race[] = [];
    for (let raceNo = 1; raceNo <= count; raceNo += 1) {
      const { race } = await post<{ race: Race }>(`/api/backoffice/racing/events/${event.id}/races`, {
        raceNo,
        startDateTime: '2026-11-24T06:00:00Z',
        enabledBetTypes: types,
      });
      for (const runnerNo of ['1', '2', '3', '4', '5']) {
        await post(`/api/backoffice/racing/races/${race.raceId}/runners`, {
          runnerNo,
          horseName: `Horse ${raceNo}-${runnerNo}`,
          jockeyName: 'J. Cruz',
        });
      }
      await post(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'O' });
      races.push(race);
    }
    const bet = async (player: RegisteredPlayer, betType: string, selections: number[][], raceNo = 1) => {
      const response = await t.app.inject({
        method: 'POST',
        url: BettingRoutes.placeBet,
        headers: { cookie: player.cookie },
        payload: {
          raceId: races[raceNo - 1]?.raceId,
          eventId: event.id,
          betType,
          selections,
          amount: 200,
          useBonus: false,
          idempotencyKey: randomUUID(),
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<BetReceipt>().ticket_no;
    };
    const result = async (raceNo: number, finish: number[][]) => {
      const race = races[raceNo - 1] as Race;
      await post(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'C' });
      const confirmed = await t.app.inject({
        method: 'POST',
        url: ToteAdminRoutes.confirmResult(race.raceId),
        headers: { cookie: admin },
        payload: { finish, idempotencyKey: randomUUID() },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
    };
    return { eventId: event.id, races, bet, result };
  }

  async function history(player: RegisteredPlayer, body: Record<string, unknown> = {}) {
    const response = await t.app.inject({
      method: 'POST',
      url: BettingRoutes.getBetHistory,
      headers: { cookie: player.cookie },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<BetHistoryResponse>();
    // The answer is the contract's.
    expect(GameOperations.getBetHistory.response.parse(answer)).toEqual(answer);
    return answer.betHistory;
  }
  const ticketOf = (tickets: BetHistoryTicket[], ticketNo: string) => {
    const ticket = tickets.find((candidate) => candidate.ticketNo === ticketNo);
    if (!ticket) throw new Error(`no ticket ${ticketNo}`);
    return ticket;
  };
  const statuses = (ticket: BetHistoryTicket) => ticket.legs.map((leg) => leg.status);

  it('a Pick4 runs leg by leg: still alive after a won leg, lost after a lost one, won when all are won', async () => {
    const day = await raceDay(4);
    const ana = await newPlayer();
    const alive = await day.bet(ana, 'PICK4', [[1, 2], [3], [4], [5]]);
    const beaten = await day.bet(ana, 'PICK4', [[3], [3], [4], [5]]);
    const win = await day.bet(ana, 'W', [[1]]);

    let tickets = await history(ana);
    expect(ticketOf(tickets, alive)).toMatchObject({
      eventId: day.eventId,
      legsSummary: 'alive',
      legs: [
        { raceNo: 1, status: 'running', picks: [1, 2], winners: [] },
        { raceNo: 2, status: 'running', picks: [3] },
        { raceNo: 3, status: 'running', picks: [4] },
        { raceNo: 4, status: 'running', picks: [5] },
      ],
    });
    // A single-race ticket has no legs.
    expect(ticketOf(tickets, win)).toMatchObject({ legs: [], legsSummary: null });

    await day.result(1, [[2], [1], [3]]);
    tickets = await history(ana);
    expect(ticketOf(tickets, alive)).toMatchObject({ status: 'open', legsSummary: 'alive' });
    expect(ticketOf(tickets, alive).legs[0]).toMatchObject({ status: 'won', winners: [2] });
    expect(statuses(ticketOf(tickets, alive))).toEqual(['won', 'running', 'running', 'running']);
    expect(statuses(ticketOf(tickets, beaten))).toEqual(['lost', 'running', 'running', 'running']);
    expect(ticketOf(tickets, beaten)).toMatchObject({ status: 'open', legsSummary: 'lost' });

    await day.result(2, [[3], [1]]);
    await day.result(3, [[4], [1]]);
    await day.result(4, [[5], [1]]);
    tickets = await history(ana);
    // All legs won is the winning ticket settlement paid.
    expect(ticketOf(tickets, alive)).toMatchObject({ legsSummary: 'won', wonLose: 'WON' });
    expect(statuses(ticketOf(tickets, alive))).toEqual(['won', 'won', 'won', 'won']);
    expect(ticketOf(tickets, beaten)).toMatchObject({ legsSummary: 'lost', wonLose: 'LOSE' });
    expect(await checkLedger(t.app.db)).toEqual([]);
  });

  it('a scratched pick shows on the favourite at close and wins with it, as settlement pays it', async () => {
    const day = await raceDay(2);
    const [dina, crowd] = [await newPlayer(), await newPlayer()];
    const double = await day.bet(dina, 'DD', [[1], [4]]);
    // The crowd's Win money makes 5 the favourite of race 2.
    await day.bet(crowd, 'W', [[5]], 2);
    const runners = await t.app.db
      .selectFrom('runners')
      .select(['id', 'runner_no'])
      .where('race_id', '=', (day.races[1] as Race).raceId)
      .execute();
    await post(`/api/backoffice/racing/runners/${runners.find((r) => r.runner_no === '4')?.id}/scratch`, {
      scratched: true,
    });
    await day.result(1, [[1], [2]]);
    // Race 2 closed: its favourite is known, the pick rides on it before the result.
    await post(`/api/backoffice/racing/races/${(day.races[1] as Race).raceId}/status`, { status: 'C' });
    let ticket = ticketOf(await history(dina), double);
    expect(ticket.legs[1]).toMatchObject({ status: 'running', substitutions: [{ scratched: 4, favourite: 5 }] });
    expect(ticket.legsSummary).toBe('alive');

    const confirmed = await t.app.inject({
      method: 'POST',
      url: ToteAdminRoutes.confirmResult((day.races[1] as Race).raceId),
      headers: { cookie: admin },
      payload: { finish: [[5], [1]], idempotencyKey: randomUUID() },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    ticket = ticketOf(await history(dina), double);
    expect(ticket).toMatchObject({
      legsSummary: 'won',
      wonLose: 'WON',
      substitutions: [{ raceNo: 2, scratched: 4, favourite: 5 }],
    });
    expect(ticket.legs[1]).toMatchObject({ status: 'won', winners: [5] });
  });

  it("one race day's tickets, and only the session player's", async () => {
    const [first, second] = [await raceDay(2), await raceDay(2)];
    const [ana, ben] = [await newPlayer(), await newPlayer()];
    const onFirst = await first.bet(ana, 'DD', [[1], [2]]);
    const onSecond = await second.bet(ana, 'DD', [[1], [2]]);
    await first.bet(ben, 'DD', [[1], [2]]);

    const firstDay = await history(ana, { eventId: first.eventId });
    expect(firstDay.map((ticket) => ticket.ticketNo)).toEqual([onFirst]);
    expect((await history(ana)).map((ticket) => ticket.ticketNo)).toEqual([onSecond, onFirst]);
    const asBen = await history(ben, { eventId: first.eventId });
    expect(asBen.map((ticket) => ticket.ticketNo)).not.toContain(onFirst);
    expect(asBen).toHaveLength(1);
    // Naming another player in the body is refused as a session that is not theirs.
    const asAna = await t.app.inject({
      method: 'POST',
      url: BettingRoutes.getBetHistory,
      headers: { cookie: ben.cookie },
      payload: { eventId: first.eventId, playerId: ana.playerId },
    });
    expect(asAna.json<{ statusCode: number }>().statusCode).toBe(107);
  });

  it('refuses an event id that is not a row id, and unknown fields', async () => {
    const ana = await newPlayer();
    for (const payload of [{ eventId: '1' }, { eventId: 0 }, { eventId: 1.5 }, { event: 1 }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: BettingRoutes.getBetHistory,
        headers: { cookie: ana.cookie },
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const anonymous = await t.app.inject({ method: 'POST', url: BettingRoutes.getBetHistory, payload: { eventId: 1 } });
    expect(anonymous.json<{ statusCode: number }>().statusCode).toBe(107);
  });
});
