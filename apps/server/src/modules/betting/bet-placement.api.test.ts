import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betReceiptSchema, type BetReceipt, type Race } from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { adminPoster, fundPlayer, openRace, winRaceDay } from '../../../test/win-race.ts';
import { checkLedger, playerBalances } from '../wallet/index.ts';
import { isPlacementThread, type PlacementThread } from './bet-placement.ts';

// On a SQLite file bets run on a thread of their own (decision 011); PostgreSQL places them in process.
describe.skipIf(testDialect !== 'sqlite')('bet placement thread (sqlite)', () => {
  let t: TestApp;
  let thread: PlacementThread;
  let admin: string;
  let eventId: number;
  let bet: Awaited<ReturnType<typeof winRaceDay>>['bet'];
  const fund = (player: RegisteredPlayer, amount: number) => fundPlayer(t.app, admin, player, amount);

  beforeAll(async () => {
    t = await createTestApp();
    if (!isPlacementThread(t.app.betPlacement)) throw new Error('expected bets on a placement thread');
    thread = t.app.betPlacement;
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    ({ eventId, bet } = await winRaceDay(t.app, admin, 'Thread Day'));
  });
  afterAll(async () => {
    await t.close();
  });

  it('places bets on its own thread, in shared commits', async () => {
    const player = await registerPlayer(t.app);
    await fund(player, 1_000);
    const before = await thread.stats();
    const responses = await Promise.all(Array.from({ length: 8 }, () => bet(player)));
    const after = await thread.stats();
    expect(responses.map((r) => r.statusCode)).toEqual(Array.from({ length: 8 }, () => 200));
    expect(thread.threadId()).toBeGreaterThan(0);
    expect(after.jobs - before.jobs).toBe(8);
    expect(after.batches - before.batches).toBeLessThan(8);
    expect((await playerBalances(t.app.db, player.playerId)).creditBalance).toBe(200);
  });

  it('answers the receipt as JSON of exactly its schema, and a replay with the very same text', async () => {
    const player = await registerPlayer(t.app);
    await fund(player, 1_000);
    const idempotencyKey = randomUUID();
    const first = await bet(player, { idempotencyKey });
    const replay = await bet(player, { idempotencyKey });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const receipt = first.json<BetReceipt>();
    // Nothing beyond the schema's fields (its parse drops unknown ones), and every field it requires.
    expect(receipt).toEqual(betReceiptSchema.parse(receipt));
    expect(receipt).toMatchObject({ statusCode: 200, total_amount: 100, creditBalance: 900 });
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toBe(first.body);
    expect((await playerBalances(t.app.db, player.playerId)).creditBalance).toBe(900);
  });

  it('interleaves the server thread’s writes with a rush of bets: none refused as busy, every centavo accounted', async () => {
    const players = await Promise.all(Array.from({ length: 5 }, () => registerPlayer(t.app)));
    for (const player of players) await fund(player, 500);
    // Top-ups on the server thread (read, then write, in one transaction) while the bets commit on the other.
    const [bets, topUps] = await Promise.all([
      Promise.all(players.flatMap((player) => Array.from({ length: 10 }, () => bet(player)))),
      Promise.all(players.flatMap((player) => Array.from({ length: 4 }, () => fund(player, 100)))),
    ]);
    expect(topUps).toHaveLength(20);
    const placed = bets.filter((r) => r.statusCode === 200);
    const refused = bets.filter((r) => r.statusCode !== 200);
    // Every refusal is a fair one (the balance ran out before a top-up landed), never a database error.
    for (const response of refused)
      expect(response.json<{ statusMessage: string }>().statusMessage).toBe('You have insufficient balance.');
    let spent = 0;
    for (const player of players) spent += 900 - (await playerBalances(t.app.db, player.playerId)).creditBalance;
    expect(spent).toBe(placed.length * 100);
    expect(await checkLedger(t.app.db)).toEqual([]);
  });

  it('keeps the race card between batches only until the server thread changes it', async () => {
    const player = await registerPlayer(t.app);
    await fund(player, 1_000);
    const race = await openRace(t.app, admin, eventId, 2, 2);
    expect((await bet(player, { raceId: race.raceId })).statusCode).toBe(200);

    const closing = adminPoster(t.app, admin)<{ race: Race }>(`/api/backoffice/racing/races/${race.raceId}/status`, {
      status: 'C',
    });
    expect((await closing).race.status).toBe('C');
    const closed = await bet(player, { raceId: race.raceId });
    expect(closed.statusCode).toBe(400);
    expect(closed.json<{ statusMessage: string }>().statusMessage).toBe('Betting is closed for race 2.');
    expect((await playerBalances(t.app.db, player.playerId)).creditBalance).toBe(900);
  });

  it('fails only the bets in flight when its thread stops, then places the next bet on a new one', async () => {
    const player = await registerPlayer(t.app);
    await fund(player, 1_000);
    const first = await bet(player);
    expect(first.statusCode).toBe(200);
    const stopped = thread.threadId();
    await thread.terminate();

    const idempotencyKey = randomUUID();
    const next = await bet(player, { idempotencyKey });
    expect(next.statusCode).toBe(200);
    expect(thread.threadId()).not.toBe(stopped);
    const replay = await bet(player, { idempotencyKey });
    expect(replay.json<BetReceipt>()).toEqual(next.json<BetReceipt>());
    expect((await playerBalances(t.app.db, player.playerId)).creditBalance).toBe(800);
    expect(await checkLedger(t.app.db)).toEqual([]);
  });
});
