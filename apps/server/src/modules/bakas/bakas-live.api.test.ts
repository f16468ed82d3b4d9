import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { bakasSharesIn, encodeBakasWatch, type BakasGroupResponse, type BakasSharesMessage } from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { fundPlayer, winRaceDay } from '../../../test/win-race.ts';

/** The live share count of a group ticket (decision 056): pushed after each commit to the sockets following its link. */
describe(`bakas live share count (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp({ PLAYER_AUTH_RATE_LIMIT: '1000' });
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address.replace('http', 'ws')}/ws`;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A signed-in player's socket, collecting every BAKAS_SHARES message and every frame it hears. */
  /** Follows `earlyWatch` right after the hello, before the server has confirmed the session. */
  async function socketOf(player: RegisteredPlayer, earlyWatch?: string) {
    const socket = new WebSocket(url, { headers: { cookie: player.cookie } });
    const shares: BakasSharesMessage[] = [];
    let frames = 0;
    socket.on('message', (data: Buffer) => {
      frames += 1;
      shares.push(...bakasSharesIn(data.toString()));
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.send(`GAME_CONNECT:${player.playerId}:cookie`);
    if (earlyWatch) socket.send(encodeBakasWatch(earlyWatch));
    // The snapshot of races in play: the socket is signed in.
    await until(() => frames > 0);
    return {
      socket,
      shares,
      /** Follows a group's link; answers once the server has read it (a ping after it comes back). */
      async watch(code: string) {
        socket.send(encodeBakasWatch(code));
        await new Promise<void>((resolve) => {
          socket.once('pong', () => resolve());
          socket.ping();
        });
      },
    };
  }
  // Room for a busy machine: the wait ends as soon as the condition holds.
  async function until(condition: () => boolean, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('tells the sockets following a link the shares sold after each purchase and the placing, and no other socket', async () => {
    const day = await winRaceDay(t.app, admin, `Bakas Live ${randomUUID().slice(0, 6)}`);
    const organiser = await registerPlayer(t.app);
    const friend = await registerPlayer(t.app);
    const bystander = await registerPlayer(t.app);
    for (const player of [organiser, friend]) await fundPlayer(t.app, admin, player, 100_000);
    const bakas = (who: RegisteredPlayer, op: string, body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/bakas/${op}`,
        payload: { idempotencyKey: randomUUID(), ...body },
        headers: { cookie: who.cookie },
      });
    const created = await bakas(organiser, 'create', {
      raceId: day.raceId,
      eventId: day.eventId,
      betType: 'W',
      selections: [[1]],
      amount: 4_000,
      shares: 4,
      organiserShares: 1,
      title: 'Live',
      feePercent: 0,
      shortfall: 'cancel',
    });
    const { code } = created.json<BakasGroupResponse>().group;
    const watcher = await socketOf(organiser);
    const other = await socketOf(bystander);
    await watcher.watch(code);
    expect((await bakas(friend, 'join', { code, shares: 2 })).statusCode).toBe(200);
    // On PostgreSQL the creation's own count can reach the socket late, once it follows the link: the count
    // after each purchase is looked for, in order, after whatever came before it.
    await until(() => watcher.shares.some((m) => m.sharesSold === 3));
    expect(watcher.shares.at(-1)).toEqual({ type: 'BAKAS_SHARES', code, sharesSold: 3, shares: 4, status: 'open' });
    expect((await bakas(friend, 'join', { code, shares: 1 })).statusCode).toBe(200);
    await until(() => watcher.shares.some((m) => m.sharesSold === 4));
    expect(watcher.shares.at(-1)).toEqual({ type: 'BAKAS_SHARES', code, sharesSold: 4, shares: 4, status: 'placed' });
    expect(other.shares).toEqual([]);
    watcher.socket.close();
    other.socket.close();
  });

  it('keeps a link followed while the hello is still being checked, and the socket stays signed in', async () => {
    const day = await winRaceDay(t.app, admin, `Bakas Early ${randomUUID().slice(0, 6)}`);
    const organiser = await registerPlayer(t.app);
    const friend = await registerPlayer(t.app);
    for (const player of [organiser, friend]) await fundPlayer(t.app, admin, player, 100_000);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/bakas/create',
      payload: {
        idempotencyKey: randomUUID(),
        raceId: day.raceId,
        eventId: day.eventId,
        betType: 'W',
        selections: [[1]],
        amount: 4_000,
        shares: 4,
        organiserShares: 1,
        title: 'Early',
        feePercent: 0,
        shortfall: 'cancel',
      },
      headers: { cookie: organiser.cookie },
    });
    const { code } = created.json<BakasGroupResponse>().group;
    const closed: number[] = [];
    const watcher = await socketOf(organiser, code);
    watcher.socket.on('close', (closeCode: number) => closed.push(closeCode));
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/bakas/join',
      payload: { idempotencyKey: randomUUID(), code, shares: 1 },
      headers: { cookie: friend.cookie },
    });
    expect(joined.statusCode).toBe(200);
    // The creation's own count may come first (on PostgreSQL it can arrive once the link is followed).
    await until(() => watcher.shares.some((m) => m.sharesSold === 2));
    expect(watcher.shares.at(-1)).toEqual({ type: 'BAKAS_SHARES', code, sharesSold: 2, shares: 4, status: 'open' });
    expect(watcher.shares.every((m) => m.sharesSold <= 2)).toBe(true);
    expect(closed).toEqual([]);
    watcher.socket.close();
  });
});
