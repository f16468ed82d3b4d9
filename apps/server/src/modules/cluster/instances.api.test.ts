import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { decodeFrame } from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { call, registerPlayer } from '../../../test/player-flow.ts';
import { adminPoster, fundPlayer, winRaceDay } from '../../../test/win-race.ts';
import { LISTENER_APPLICATION, type PubSub } from '../events/index.ts';
import { confirmResult } from '../tote/index.ts';
import { checkLedger } from '../wallet/index.ts';

/**
 * Instances on one PostgreSQL with no stickiness: what one does, the other sees at once (sessions,
 * idempotency keys), live events reach every instance's sockets even after the LISTEN connection drops,
 * and one of them leads.
 */
describe.skipIf(testDialect !== 'postgres')('instances on one PostgreSQL', () => {
  /** Owns the throwaway database; it stands aside so the two instances below compete for the lead. */
  let owner: TestApp;
  let first: TestApp;
  let second: TestApp;
  let adminCookie: string;
  let day: Awaited<ReturnType<typeof winRaceDay>>;

  beforeAll(async () => {
    owner = await createTestApp();
    await owner.app.leadership.close();
    const shared = { DATABASE_URL: owner.databaseEnv.DATABASE_URL ?? '' };
    first = await createTestApp(shared);
    second = await createTestApp(shared);
    adminCookie = await staffCookie(first.app, TEST_ADMIN.username, TEST_ADMIN.password);
    day = await winRaceDay(first.app, adminCookie, 'Two Instances Day');
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await owner?.close();
  });

  it('ends a session everywhere when the player logs out on one instance, and answers a bet key once', async () => {
    const player = await registerPlayer(first.app);
    expect((await call(second.app, 'getBalance', {}, player.cookie)).statusCode).toBe(200);

    await fundPlayer(first.app, adminCookie, player, 10_000);
    const key = randomUUID();
    const onFirst = await day.bet(player, { idempotencyKey: key });
    expect(onFirst.statusCode).toBe(200);
    // The same bet sent again to the other instance (the first answer was lost): the same receipt.
    const bet = { betType: 'W', selections: [[1]], amount: 100, useBonus: false, idempotencyKey: key };
    const onSecond = await call(
      second.app,
      '../game/placeBet',
      { ...bet, raceId: day.raceId, eventId: day.eventId },
      player.cookie,
    );
    expect(onSecond.statusCode).toBe(200);
    expect(onSecond.json<{ ticket_no: string }>().ticket_no).toBe(onFirst.json<{ ticket_no: string }>().ticket_no);
    const tickets = await first.app.db
      .selectFrom('bet_tickets')
      .select('id')
      .where('player_id', '=', player.playerId)
      .execute();
    expect(tickets).toHaveLength(1);

    expect((await call(first.app, 'logout', {}, player.cookie)).statusCode).toBe(200);
    // The second instance remembers the session (decision 041) and forgets it when the database's
    // notice of the logout arrives: in milliseconds, far within the 10 s it would trust it at most.
    await expect
      .poll(async () => (await call(second.app, 'getBalance', {}, player.cookie)).statusCode, {
        timeout: 2_000,
        interval: 10,
      })
      .toBe(401);
  });

  it('hears a session revoked by hand in the database on every instance', async () => {
    const player = await registerPlayer(first.app);
    for (const instance of [first, second]) {
      expect((await call(instance.app, 'getBalance', {}, player.cookie)).statusCode).toBe(200);
    }
    await sql`update player_sessions set revoked_at = ${new Date().toISOString()} where player_id = ${player.playerId}`.execute(
      owner.app.db,
    );
    for (const instance of [first, second]) {
      await expect
        .poll(async () => (await call(instance.app, 'getBalance', {}, player.cookie)).statusCode, {
          timeout: 2_000,
          interval: 10,
        })
        .toBe(401);
    }
  });

  it('listens again when the LISTEN connection is cut, and re-sends every socket the live state', async () => {
    const player = await registerPlayer(first.app);
    await second.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = second.app.server.address() as AddressInfo;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { cookie: player.cookie } });
    const frames: string[] = [];
    socket.on('message', (data: Buffer) => frames.push(data.toString()));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.send(`GAME_CONNECT:${player.playerId}:cookie`);
    const status = (to: string) => `RACE_STATUS:${day.raceId}:${to}`;
    const heard = (text: string) => frames.some((frame) => frame.split('|').includes(text));
    await expect.poll(() => heard(status('O')), { timeout: 30_000, interval: 20 }).toBe(true);
    // The last of what an accepted socket is told (after its balance notice): from here on, a notice is news.
    await expect.poll(() => heard(`INBOX_CHANGED:${player.playerId}:0`), { timeout: 30_000, interval: 20 }).toBe(true);
    frames.length = 0;

    const listeners = async () =>
      (
        await sql<{ pid: number }>`
          select pid from pg_stat_activity where application_name = ${LISTENER_APPLICATION} and datname = current_database()
        `.execute(first.app.db)
      ).rows.map((row) => row.pid);
    const before = await listeners();
    expect(before.length).toBeGreaterThanOrEqual(2);
    const cutAt = performance.now();
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = ${LISTENER_APPLICATION} and datname = current_database()`.execute(first.app.db);

    // Back: every instance listens on a new connection, and the socket got the state again (the race's
    // status, and a balance notice, which nothing else sends here).
    await expect
      .poll(async () => (await listeners()).filter((pid) => !before.includes(pid)).length, { timeout: 30_000 })
      .toBe(before.length);
    await expect.poll(() => heard(status('O')), { timeout: 30_000, interval: 20 }).toBe(true);
    await expect.poll(() => heard(`BALANCE_CHANGED:${player.playerId}`), { timeout: 30_000, interval: 20 }).toBe(true);
    const poolsNotices = frames
      .flatMap((frame) => decodeFrame(frame))
      .filter((m) => m.type === 'POOLS_UPDATED' && m.raceId === day.raceId);
    expect(poolsNotices.length).toBeGreaterThan(0);
    expect(performance.now() - cutAt).toBeLessThan(5_000);

    // Events flow again, from one instance to the other's sockets.
    await adminPoster(first.app, adminCookie)(`/api/backoffice/racing/races/${day.raceId}/status`, { status: 'L' });
    await expect.poll(() => heard(status('L')), { timeout: 30_000, interval: 20 }).toBe(true);
    socket.close();
  });

  it('lets one instance lead, and the other take over within 5 s when it stops and finish its settlement', async () => {
    const leaders = () => [first, second].filter((t) => t.app.leadership.isLeader());
    expect(leaders()).toEqual([first]);

    // The leader confirms a result and stops before settling it (its broadcast fails, then it is gone).
    const takeoverDay = await winRaceDay(first.app, adminCookie, 'Takeover Day');
    let tickets = 0;
    for (const runner of [1, 2, 3]) {
      const player = await registerPlayer(first.app);
      await fundPlayer(first.app, adminCookie, player, 10_000);
      for (let n = 0; n < 3; n += 1) {
        expect((await takeoverDay.bet(player, { selections: [[runner]] })).statusCode).toBe(200);
        tickets += 1;
      }
    }
    const post = adminPoster(first.app, adminCookie);
    for (const status of ['L', 'C']) {
      await post(`/api/backoffice/racing/races/${takeoverDay.raceId}/status`, { status });
    }
    const race = { raceId: takeoverDay.raceId, tickets };
    const cutOff = {
      ...first.app.pubsub,
      publish: () => Promise.reject(new Error('the instance died here')),
    } satisfies PubSub;
    await expect(
      confirmResult(
        { db: first.app.db, pubsub: cutOff, hooks: first.app.hooks },
        { type: 'system', id: null },
        race.raceId,
        {
          finish: [[1], [2], [3]],
        },
      ),
    ).rejects.toThrow('the instance died here');
    const openTickets = async () =>
      (
        await second.app.db
          .selectFrom('bet_tickets')
          .select('id')
          .where('first_race_id', '=', race.raceId)
          .where('status', '=', 'open')
          .execute()
      ).length;
    expect(await openTickets()).toBe(race.tickets);

    const stoppedAt = performance.now();
    await first.app.close();
    await expect.poll(leaders, { timeout: 30_000, interval: 20 }).toEqual([second]);
    expect(performance.now() - stoppedAt).toBeLessThan(5_000);
    // The new leader finishes what the last one left: every ticket settled once, the ledger clean.
    await expect.poll(openTickets, { timeout: 30_000, interval: 50 }).toBe(0);
    expect(await checkLedger(second.app.db)).toEqual([]);
  });
});
