import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToteAdminRoutes, type Race } from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { useLegacyTakeouts } from '../../../test/tote-policies.ts';
import { call, registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { accountIdByCode, checkLedger, HouseAccount, playerBalances, postTransaction } from '../wallet/index.ts';
import { NegativeBreakageError, OfficialExcessError, settleCompletedPools } from './settlement.service.ts';

/**
 * Settlement's own guards (decision 046), behind the result route's checks: a record that reaches the database
 * some other way (a bug, a hand in the database) must still not pay a pool more than it holds. Each test gets
 * past the route on purpose and shows the pool is refused or stopped, with nothing paid out of nothing.
 */
describe(`settlement refuses to pay more than a pool holds (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    await useLegacyTakeouts(t.app.db);
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterAll(async () => {
    await t.close();
  });

  async function post<T>(url: string, payload: Record<string, unknown>, idempotent = false): Promise<T> {
    const response = await t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { cookie: admin, ...(idempotent ? { 'idempotency-key': randomUUID() } : {}) },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  }

  async function closedRaceWithBets(): Promise<{ race: Race; winner: RegisteredPlayer; loser: RegisteredPlayer }> {
    const { event } = await post<{ event: { id: number } }>('/api/backoffice/racing/events', {
      name: `Guard Day ${randomUUID().slice(0, 8)}`,
      arena: 'Metro Turf',
      streamUrl: '',
      raceDate: '2026-11-22',
      enabledBetTypes: [],
    });
    const { race } = await post<{ race: Race }>(`/api/backoffice/racing/events/${event.id}/races`, {
      raceNo: 1,
      startDateTime: '2026-11-22T06:00:00Z',
      enabledBetTypes: [],
    });
    for (const runnerNo of ['1', '2', '3']) {
      await post(`/api/backoffice/racing/races/${race.raceId}/runners`, {
        runnerNo,
        horseName: `Guard ${runnerNo} ${randomUUID().slice(0, 6)}`,
        jockeyName: 'J. Cruz',
      });
    }
    await post(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'O' });
    const [winner, loser] = [await registerPlayer(t.app), await registerPlayer(t.app)];
    for (const [who, runner] of [
      [winner, 1],
      [loser, 2],
    ] as const) {
      await post(
        `/api/backoffice/players/${who.playerId}/adjustments`,
        { account: 'credit', amount: 10_000, reason: 'Test funds' },
        true,
      );
      const placed = await call(
        t.app,
        '../game/placeBet',
        {
          raceId: race.raceId,
          eventId: event.id,
          betType: 'W',
          selections: [[runner]],
          amount: 1000,
          useBonus: false,
          idempotencyKey: randomUUID(),
        },
        who.cookie,
      );
      expect(placed.statusCode, placed.body).toBe(200);
    }
    await post(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'C' });
    return { race, winner, loser };
  }

  const credit = async (who: RegisteredPlayer) => (await playerBalances(t.app.db, who.playerId)).creditBalance;
  const settlementOf = (race: Race) =>
    t.app.db
      .selectFrom('pool_settlements')
      .select('status')
      .where('first_race_id', '=', race.raceId)
      .where('bet_type', '=', 'W')
      .executeTakeFirst();
  const breakageBalance = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('accounts')
          .select('balance')
          .where('code', '=', HouseAccount.breakage)
          .executeTakeFirst()
      )?.balance ?? 0,
    );

  it('an official dividend above the pool written straight into the result is refused by settlement: nothing is paid', async () => {
    const { race, winner } = await closedRaceWithBets();
    const before = await credit(winner);
    // The result route refuses this dividend; here it reaches the database without it.
    await t.app.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('race_results')
        .values({
          race_id: race.raceId,
          finish: JSON.stringify([[1], [2]]),
          official_dividends: JSON.stringify([{ betType: 'W', combination: '1', dividend: 1_000_000_000 }]),
          confirmed_by: 'system',
          confirmed_at: new Date().toISOString(),
        })
        .execute();
      await trx.updateTable('races').set({ status: 'D' }).where('id', '=', race.raceId).execute();
    });

    await expect(settleCompletedPools(t.app, race.raceId)).rejects.toBeInstanceOf(OfficialExcessError);
    expect(await settlementOf(race)).toBeUndefined();
    expect(await credit(winner)).toBe(before);
    expect(await checkLedger(t.app.db)).toEqual([]);
  });

  it('a pool drained by hand before it pays stops at paying: its breakage is never taken below zero', async () => {
    const { race, loser } = await closedRaceWithBets();
    // ₱15 of the ₱20 pool taken out by hand: the ₱17 the winner is owed is more than the ₱5 left.
    await t.app.db.transaction().execute(async (trx) => {
      await postTransaction(trx, {
        kind: 'ADJUSTMENT',
        description: 'Taken out of the pool by hand',
        postings: [
          { accountId: await accountIdByCode(trx, `pool:${race.raceId}:W`), amount: -1500 },
          { accountId: await accountIdByCode(trx, `player:${loser.playerId}:credit`), amount: 1500 },
        ],
        actor: { type: 'system', id: null },
      });
    });
    const breakageBefore = await breakageBalance();

    const confirmed = await t.app.inject({
      method: 'POST',
      url: ToteAdminRoutes.confirmResult(race.raceId),
      payload: { finish: [[1], [2]], idempotencyKey: randomUUID() },
      headers: { cookie: admin },
    });
    // The result stands (it is the track's), but its settlement stops before the pool is closed.
    expect(confirmed.statusCode).not.toBe(200);
    await expect(settleCompletedPools(t.app, race.raceId)).rejects.toBeInstanceOf(NegativeBreakageError);
    expect((await settlementOf(race))?.status).toBe('paying');
    expect(await breakageBalance()).toBe(breakageBefore);
    const breaches = (await checkLedger(t.app.db)).map((breach) => breach.rule);
    expect(breaches).toContain('pool-overpaid');
  });
});
