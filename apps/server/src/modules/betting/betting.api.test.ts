import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  betReceiptSchema,
  BetMessages,
  StatusCode,
  type BetHistoryResponse,
  type BetReceipt,
  type Race,
} from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { call, registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { placeBetAs } from '../../../test/win-race.ts';
import { checkLedger, playerBalances } from '../wallet/index.ts';
import { BetRefusals } from './betting.service.ts';

describe(`placing bets (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let eventId: number;
  let races: Race[];

  const post = async <T>(url: string, payload: Record<string, unknown>) =>
    (await t.app.inject({ method: 'POST', url, payload, headers: { cookie: admin } })).json<T>();

  async function fund(player: RegisteredPlayer, account: 'credit' | 'bonus', amount: number) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/players/${player.playerId}/adjustments`,
      headers: { cookie: admin, 'idempotency-key': randomUUID() },
      payload: { account, amount, reason: 'Test funds' },
    });
    expect(response.statusCode).toBe(200);
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const { event } = await post<{ event: { id: number } }>('/api/backoffice/racing/events', {
      name: 'Bet Day',
      arena: 'Metro Turf',
      streamUrl: '',
      raceDate: '2026-11-22',
      enabledBetTypes: ['TRI', 'PICK4', 'WTA', 'XD'],
    });
    eventId = event.id;
    races = [];
    for (let raceNo = 1; raceNo <= 8; raceNo += 1) {
      const { race } = await post<{ race: Race }>(`/api/backoffice/racing/events/${eventId}/races`, {
        raceNo,
        startDateTime: '2026-11-22T06:00:00Z',
        enabledBetTypes: ['TRI', 'PICK4', 'WTA', 'XD'],
      });
      for (const runnerNo of ['1', '1A', '2', '3', '4', '5']) {
        await post(`/api/backoffice/racing/races/${race.raceId}/runners`, {
          runnerNo,
          horseName: `Horse ${raceNo}-${runnerNo}`,
          jockeyName: 'J. Cruz',
        });
      }
      if (raceNo <= 7) await post(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'O' });
      races.push(race);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const raceId = (raceNo: number) => races[raceNo - 1]?.raceId ?? 0;
  const bet = (player: RegisteredPlayer, body: Record<string, unknown>) =>
    placeBetAs(t.app, player, { raceId: raceId(1), eventId, ...body });

  it('places a Win, debits credit into the pool, and shows the ticket in history', async () => {
    const player = await registerPlayer(t.app);
    await fund(player, 'credit', 10_000);
    const response = await bet(player, { selections: [[2]], amount: 500 });
    expect(response.statusCode, response.body).toBe(200);
    const receipt = response.json<BetReceipt>();
    expect(receipt).toMatchObject({
      statusCode: 200,
      total_amount: 500,
      raceId: raceId(1),
      creditBalance: 9_500,
      bonusBalance: 0,
    });
    expect(receipt.betDetails).toEqual({ type: 'W', picks: '2', amount: 500, combinations: 1, raceNumbers: [1] });
    expect(receipt.ticket_no).toMatch(/^[A-Z2-9]{12}$/);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    // The answer is the schema's fields and nothing more.
    expect(receipt).toEqual(betReceiptSchema.parse(receipt));
    const history = (await call(t.app, '../game/getBetHistory', {}, player.cookie)).json<BetHistoryResponse>();
    expect(history.betHistory).toEqual([
      expect.objectContaining({
        ticketNo: receipt.ticket_no,
        raceNo: '1',
        status: 'open',
        bets: [{ type: 'W', amount: 500, combinations: 1, totalAmount: 500, picks: '2' }],
      }),
    ]);
    expect(await checkLedger(t.app.db)).toEqual([]);
  });

  it('prices multi-place and multi-race slips and formats their picks', async () => {
    const player = await registerPlayer(t.app);
    await fund(player, 'credit', 100_000);
    const tri = (
      await bet(player, {
        betType: 'TRI',
        selections: [
          [1, 2],
          [1, 2, 3],
          [3, 4],
        ],
        amount: 100,
      })
    ).json<BetReceipt>();
    expect(tri.betDetails).toMatchObject({ combinations: 6, picks: '1,2-1,2,3-3,4' });
    expect(tri.total_amount).toBe(600);
    const pick4 = (
      await bet(player, { betType: 'PICK4', raceId: raceId(2), selections: [[1, 2], [3], [4, 5], [1]], amount: 200 })
    ).json<BetReceipt>();
    expect(pick4.betDetails).toMatchObject({ combinations: 4, picks: '1,2/3/4,5/1', raceNumbers: [2, 3, 4, 5] });
    const xd = (
      await bet(player, { betType: 'XD', raceId: raceId(1), selections: [[1], [2]], amount: 100 })
    ).json<BetReceipt>();
    expect(xd.betDetails.raceNumbers).toEqual([1, 3]);
  });

  it.each([
    ['below the minimum', { betType: 'PICK4', selections: [[1], [2], [3], [4]], amount: 100 }, BetMessages.minBet(2)],
    [
      'an odd WTA amount',
      { betType: 'WTA', selections: [[1], [2], [3], [4], [5], [1], [2]], amount: 300 },
      BetMessages.evenOnly,
    ],
    [
      '2000 combinations',
      { betType: 'WTA', selections: Array.from({ length: 7 }, () => [1, 2, 3, 4, 5]), amount: 200 },
      BetMessages.tooManyCombinations,
    ],
    ['the wrong number of places', { betType: 'TRI', selections: [[1], [2]] }, BetMessages.pickEveryPosition],
    ['an unknown runner', { selections: [[9]] }, BetRefusals.unknownRunner(9, 1)],
    [
      'a type the card does not offer',
      { betType: 'QRT', selections: [[1], [2], [3], [4]] },
      BetRefusals.typeNotOffered,
    ],
    ['a race not on the card', { raceId: 999_999 }, BetRefusals.raceNotFound],
  ])('refuses %s and writes nothing', async (_case, body, message) => {
    const player = await registerPlayer(t.app);
    await fund(player, 'credit', 1_000_000);
    const response = await bet(player, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().statusMessage).toBe(message);
    expect((await playerBalances(t.app.db, player.playerId)).creditBalance).toBe(1_000_000);
  });

  it('refuses a multi-race bet whose legs run past the card', async () => {
    const player = await registerPlayer(t.app);
    await fund(player, 'credit', 10_000);
    const response = await bet(player, {
      betType: 'WTA',
      raceId: raceId(3),
      selections: [[1], [2], [3], [4], [5], [1], [2]],
      amount: 200,
    });
    expect(response.json().statusMessage).toBe(BetRefusals.missingLeg);
  });

  it('refuses closed races and scratched runners', async () => {
    const player = await registerPlayer(t.app);
    await fund(player, 'credit', 10_000);
    expect((await bet(player, { raceId: raceId(8) })).json().statusMessage).toBe(BetRefusals.closed(8));
    // A Pick4 over races 5-8 is on sale while race 5 is open, although race 8 has not opened yet.
    const pick4 = await bet(player, {
      betType: 'PICK4',
      raceId: raceId(5),
      selections: [[1], [1], [1], [1]],
      amount: 200,
    });
    expect(pick4.statusCode, pick4.body).toBe(200);
    const race6 = (
      await t.app.inject({ url: `/api/backoffice/racing/events/${eventId}`, headers: { cookie: admin } })
    ).json<{ races: Race[] }>().races[5];
    const five = race6?.runners.find((r) => r.runnerNo === '5');
    await post(`/api/backoffice/racing/runners/${five?.id}/scratch`, { scratched: true });
    expect((await bet(player, { raceId: raceId(6), selections: [[5]] })).json().statusMessage).toBe(
      BetRefusals.scratched(5),
    );
  });

  it.each([
    ['a float amount', { amount: 100.5 }],
    ['a string amount', { amount: '100' }],
    ['a negative amount', { amount: -100 }],
    ['a huge amount', { amount: 1e15 }],
    ['an unknown field', { discount: 50 }],
    ['a string runner', { selections: [['1']] }],
    ['a missing key', { idempotencyKey: undefined }],
  ])('answers %s with a 4xx and moves nothing', async (_case, body) => {
    const player = await registerPlayer(t.app);
    await fund(player, 'credit', 10_000);
    const response = await bet(player, body);
    expect(response.statusCode).toBe(400);
    expect((await playerBalances(t.app.db, player.playerId)).creditBalance).toBe(10_000);
  });

  it('spends bonus first when asked, and refuses the switch without bonus', async () => {
    const player = await registerPlayer(t.app);
    await fund(player, 'credit', 1_000);
    expect((await bet(player, { useBonus: true })).json().statusMessage).toBe(BetMessages.noBonusBalance);
    await fund(player, 'bonus', 300);
    const receipt = (await bet(player, { useBonus: true, amount: 500 })).json<BetReceipt>();
    expect(receipt).toMatchObject({ creditBalance: 800, bonusBalance: 0 });
    const ticket = await t.app.db
      .selectFrom('bet_tickets')
      .select(['from_bonus', 'from_credit'])
      .where('ticket_no', '=', receipt.ticket_no)
      .executeTakeFirstOrThrow();
    expect([Number(ticket.from_bonus), Number(ticket.from_credit)]).toEqual([300, 200]);
  });

  it('answers 119 when the balance cannot cover the bet', async () => {
    const player = await registerPlayer(t.app);
    await fund(player, 'credit', 100);
    const response = await bet(player, { amount: 200 });
    expect(response.json()).toEqual({
      statusCode: StatusCode.INSUFFICIENT_BALANCE,
      statusMessage: BetMessages.insufficientBalance,
    });
  });

  it('debits once for 100 concurrent submits with one key, and refuses the key with another body', async () => {
    const player = await registerPlayer(t.app);
    await fund(player, 'credit', 10_000);
    const idempotencyKey = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => bet(player, { idempotencyKey, amount: 300 })),
    );
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    expect((await playerBalances(t.app.db, player.playerId)).creditBalance).toBe(9_700);
    expect((await bet(player, { idempotencyKey, amount: 400 })).statusCode).toBe(409);
  });

  it('never takes a balance below zero under 200 concurrent bets', async () => {
    const player = await registerPlayer(t.app);
    await fund(player, 'credit', 5_000);
    const responses = await Promise.all(Array.from({ length: 200 }, () => bet(player, { amount: 100 })));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(50);
    expect(responses.filter((r) => r.json().statusCode === StatusCode.INSUFFICIENT_BALANCE)).toHaveLength(150);
    expect((await playerBalances(t.app.db, player.playerId)).creditBalance).toBe(0);
    expect(await checkLedger(t.app.db)).toEqual([]);
  });

  it('keeps each player to their own tickets (BOLA)', async () => {
    const a = await registerPlayer(t.app);
    const b = await registerPlayer(t.app);
    await fund(a, 'credit', 1_000);
    await bet(a, {});
    expect((await call(t.app, '../game/getBetHistory', {}, b.cookie)).json<BetHistoryResponse>().betHistory).toEqual(
      [],
    );
    expect((await call(t.app, '../game/getBetHistory', { playerId: a.playerId }, b.cookie)).statusCode).toBe(401);
    expect(
      (
        await call(t.app, '../game/placeBet', {
          raceId: raceId(1),
          eventId,
          betType: 'W',
          selections: [[1]],
          amount: 100,
          useBonus: false,
          idempotencyKey: randomUUID(),
        })
      ).json().statusCode,
    ).toBe(StatusCode.INVALID_SESSION);
  });
});
