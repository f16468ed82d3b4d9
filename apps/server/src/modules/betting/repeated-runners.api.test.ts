import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BET_TYPES, BetMessages, FLAG_BET_TYPES, StatusCode, type Race } from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { placeBetAs } from '../../../test/win-race.ts';
import { playerBalances, checkLedger } from '../wallet/index.ts';

const TYPES = FLAG_BET_TYPES;

describe(`a selection that repeats a runner (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let eventId: number;
  let firstRaceId: number;
  let player: RegisteredPlayer;

  const post = async <T>(url: string, payload: Record<string, unknown>) => {
    const response = await t.app.inject({ method: 'POST', url, payload, headers: { cookie: admin } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const { event } = await post<{ event: { id: number } }>('/api/backoffice/racing/events', {
      name: 'Repeat Day',
      arena: 'Metro Turf',
      streamUrl: '',
      raceDate: '2026-11-22',
      enabledBetTypes: TYPES,
    });
    eventId = event.id;
    for (let raceNo = 1; raceNo <= 7; raceNo += 1) {
      const { race } = await post<{ race: Race }>(`/api/backoffice/racing/events/${eventId}/races`, {
        raceNo,
        startDateTime: '2026-11-22T06:00:00Z',
        enabledBetTypes: TYPES,
      });
      if (raceNo === 1) firstRaceId = race.raceId;
      for (const runnerNo of ['1', '2', '3', '4', '5', '6']) {
        await post(`/api/backoffice/racing/races/${race.raceId}/runners`, {
          runnerNo,
          horseName: `Horse ${raceNo}-${runnerNo}`,
          jockeyName: 'J. Cruz',
        });
      }
      await post(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'O' });
    }
    player = await registerPlayer(t.app);
    const funded = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/players/${player.playerId}/adjustments`,
      headers: { cookie: admin, 'idempotency-key': randomUUID() },
      payload: { account: 'credit', amount: 1_000_000, reason: 'Test funds' },
    });
    expect(funded.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  const bet = (betType: string, selections: number[][], amount = 1000) =>
    placeBetAs(t.app, player, { raceId: firstRaceId, eventId, betType, selections, amount });

  const expectRefused = async (betType: string, selections: number[][], message: string) => {
    const response = await bet(betType, selections);
    expect(response.statusCode, `${betType} ${JSON.stringify(selections)}: ${response.body}`).toBe(400);
    expect(response.json()).toEqual({ statusCode: StatusCode.BAD_REQUEST, statusMessage: message });
  };

  it('refuses a runner twice in one place or leg, for every bet type, and takes no money', async () => {
    const before = await playerBalances(t.app.db, player.playerId);
    for (const { code: betType, selector: count } of BET_TYPES) {
      const distinct = Array.from({ length: count }, (_, i) => [i + 1]);
      for (let place = 0; place < count; place += 1) {
        const repeated = distinct.map((runners, i) => (i === place ? [runners[0] ?? 1, runners[0] ?? 1] : runners));
        await expectRefused(betType, repeated, BetMessages.runnerPickedTwice);
      }
    }
    expect(await playerBalances(t.app.db, player.playerId)).toEqual(before);
  });

  it('refuses a single-race selection whose every combination repeats a runner (Trifecta 1-1-2)', async () => {
    await expectRefused('TRI', [[1], [1], [2]], BetMessages.sameRunnerEveryPlace);
    await expectRefused('FC', [[3], [3]], BetMessages.sameRunnerEveryPlace);
    await expectRefused('QRT', [[1, 2], [1, 2], [3], [1, 2]], BetMessages.sameRunnerEveryPlace);
  });

  it('still takes a selection that keeps distinct combinations, and multi-race legs with one number', async () => {
    const tri = await bet('TRI', [[1, 2], [1, 2], [3]]);
    expect(tri.statusCode, tri.body).toBe(200);
    expect(tri.json<{ betDetails: { combinations: number } }>().betDetails.combinations).toBe(2);
    const dd = await bet('DD', [[1], [1]]);
    expect(dd.statusCode, dd.body).toBe(200);
    expect(await checkLedger(t.app.db)).toEqual([]);
  });
});
