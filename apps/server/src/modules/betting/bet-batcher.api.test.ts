import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatusCode, type BetReceipt } from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { fundPlayer, winRaceDay } from '../../../test/win-race.ts';
import { checkLedger, playerBalances } from '../wallet/index.ts';
import { createBetBatcher } from './bet-batcher.ts';

describe(`group commit of bets (${testDialect})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await sql`create table batch_probe (label varchar(40) primary key)`.execute(t.app.db);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Labels committed so far, read outside any batch (on PostgreSQL from another connection). */
  const committed = async () =>
    (await sql<{ label: string }>`select label from batch_probe order by label`.execute(t.app.db)).rows.map(
      (row) => row.label,
    );
  const insertLabel = (label: string) => sql`insert into batch_probe (label) values (${label})`;

  describe('the batcher', () => {
    it('runs work that arrives together in one transaction and answers after the commit', async () => {
      const batcher = createBetBatcher(t.app.db);
      const seenAtAnswer: string[][] = [];
      const runs = ['a1', 'a2', 'a3', 'a4'].map((label) =>
        batcher
          .run(1, async (trx) => {
            await insertLabel(label).execute(trx);
            return label;
          })
          .then(async (value) => {
            seenAtAnswer.push(await committed());
            return value;
          }),
      );
      expect(await Promise.all(runs)).toEqual(['a1', 'a2', 'a3', 'a4']);
      expect(batcher.stats()).toEqual({ batches: 1, jobs: 4, retries: 0 });
      // Every answer came after all four rows were committed, not after its own savepoint.
      for (const seen of seenAtAnswer) expect(seen).toEqual(expect.arrayContaining(['a1', 'a2', 'a3', 'a4']));
    });

    it('rolls back a refused job alone and answers it with its own error', async () => {
      const batcher = createBetBatcher(t.app.db);
      const refusal = new Error('refused');
      const results = await Promise.allSettled([
        batcher.run(1, async (trx) => insertLabel('b1').execute(trx)),
        batcher.run(1, async (trx) => {
          await insertLabel('b2').execute(trx);
          throw refusal;
        }),
        batcher.run(1, async (trx) => insertLabel('b3').execute(trx)),
        // A database error inside the batch (duplicate key) is contained the same way.
        batcher.run(1, async (trx) => insertLabel('b1').execute(trx)),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
      expect(results[1]).toEqual({ status: 'rejected', reason: refusal });
      expect((await committed()).filter((label) => label.startsWith('b'))).toEqual(['b1', 'b3']);
      expect(batcher.stats().batches).toBe(1);
    });

    it('runs each job alone when the shared transaction itself fails', async () => {
      const batcher = createBetBatcher(t.app.db);
      let breakerRuns = 0;
      const results = await Promise.allSettled([
        batcher.run(1, async (trx) => insertLabel('c1').execute(trx)),
        // Ends the shared transaction under everyone's feet, so its savepoints and commit fail.
        batcher.run(1, async (trx) => {
          breakerRuns += 1;
          await sql`rollback`.execute(trx);
        }),
        batcher.run(1, async (trx) => insertLabel('c3').execute(trx)),
      ]);
      expect(results[0]?.status).toBe('fulfilled');
      expect(results[2]?.status).toBe('fulfilled');
      expect(breakerRuns).toBe(2);
      expect((await committed()).filter((label) => label.startsWith('c'))).toEqual(['c1', 'c3']);
    });

    it('runs a job again after a deadlock or serialisation failure', async () => {
      const batcher = createBetBatcher(t.app.db);
      let attempts = 0;
      const value = await batcher.run(1, async (trx) => {
        attempts += 1;
        await insertLabel(`d${attempts}`).execute(trx);
        if (attempts === 1) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
        return attempts;
      });
      expect(value).toBe(2);
      expect(batcher.stats().retries).toBe(1);
      expect((await committed()).filter((label) => label.startsWith('d'))).toEqual(['d2']);
    });

    it('keeps a lane key in one lane and spreads other keys over the lanes', async () => {
      const batcher = createBetBatcher(t.app.db, { lanes: 2 });
      await Promise.all([
        batcher.run(0, async (trx) => insertLabel('e0').execute(trx)),
        batcher.run(2, async (trx) => insertLabel('e2').execute(trx)),
        batcher.run(1, async (trx) => insertLabel('e1').execute(trx)),
      ]);
      // Keys 0 and 2 share a lane and so a batch; key 1 has the other lane.
      expect(batcher.stats()).toEqual({ batches: 2, jobs: 3, retries: 0 });
    });

    it('caps a batch and starts the next one as soon as the first commits', async () => {
      const batcher = createBetBatcher(t.app.db, { maxBatch: 3 });
      const labels = Array.from({ length: 7 }, (_, i) => `f${i}`);
      await Promise.all(labels.map((label) => batcher.run(1, async (trx) => insertLabel(label).execute(trx))));
      expect(batcher.stats()).toEqual({ batches: 3, jobs: 7, retries: 0 });
      expect((await committed()).filter((label) => label.startsWith('f'))).toEqual(labels);
    });

    it('commits a lone bet on a quiet lane at once, however long a rush would wait', async () => {
      const batcher = createBetBatcher(t.app.db, { gather: { upTo: 8, waitMs: 60_000, rushGapMs: 100 } });
      await batcher.run(1, async (trx) => insertLabel('g0').execute(trx));
      expect(batcher.stats()).toEqual({ batches: 1, jobs: 1, retries: 0 });
    });

    it('under a rush, holds a small batch back until enough bets have come', async () => {
      const batcher = createBetBatcher(t.app.db, { gather: { upTo: 3, waitMs: 60_000, rushGapMs: 100 } });
      // A rush: forty bets at the same moment (the quiet lane starts them at once, in one batch).
      const rush = Array.from({ length: 40 }, (_, i) => `h${String(i).padStart(2, '0')}`);
      await Promise.all(rush.map((label) => batcher.run(1, async (trx) => insertLabel(label).execute(trx))));
      expect(batcher.stats().batches).toBe(1);

      const first = batcher.run(1, async (trx) => insertLabel('i1').execute(trx));
      const second = batcher.run(1, async (trx) => insertLabel('i2').execute(trx));
      // Two bets wait for a third (the wait is a minute, so nothing else can start them).
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(batcher.stats().batches).toBe(1);
      expect(await committed()).not.toContain('i1');
      const third = batcher.run(1, async (trx) => insertLabel('i3').execute(trx));
      await Promise.all([first, second, third]);
      expect(batcher.stats()).toEqual({ batches: 2, jobs: 43, retries: 0 });
      expect((await committed()).filter((label) => label.startsWith('i'))).toEqual(['i1', 'i2', 'i3']);
    });
  });

  describe('bets through the API', () => {
    let admin: string;
    let bet: Awaited<ReturnType<typeof winRaceDay>>['bet'];
    const fund = (player: RegisteredPlayer, amount: number) => fundPlayer(t.app, admin, player, amount);

    beforeAll(async () => {
      admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
      ({ bet } = await winRaceDay(t.app, admin, 'Batch Day'));
    });

    it('settles a rush of bets from many players in shared commits, refusals rolled back alone', async () => {
      const players = await Promise.all(Array.from({ length: 6 }, () => registerPlayer(t.app)));
      for (const player of players) await fund(player, 1_000);
      const before = await t.app.betPlacement.stats();
      // Each player sends 12 bets of 100 against 1,000: 10 land, 2 are refused with 119.
      const responses = await Promise.all(players.flatMap((player) => Array.from({ length: 12 }, () => bet(player))));
      const after = await t.app.betPlacement.stats();

      expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(60);
      expect(responses.filter((r) => r.json().statusCode === StatusCode.INSUFFICIENT_BALANCE)).toHaveLength(12);
      expect(after.jobs - before.jobs).toBe(72);
      expect(after.batches - before.batches).toBeLessThan(72);
      for (const player of players) expect((await playerBalances(t.app.db, player.playerId)).creditBalance).toBe(0);
      const tickets = new Set(responses.filter((r) => r.statusCode === 200).map((r) => r.json<BetReceipt>().ticket_no));
      expect(tickets.size).toBe(60);
      expect(await checkLedger(t.app.db)).toEqual([]);
    });

    it('answers replays within one batch with the first receipt and debits once', async () => {
      const player = await registerPlayer(t.app);
      await fund(player, 1_000);
      const idempotencyKey = randomUUID();
      const responses = await Promise.all([
        bet(player, { idempotencyKey, amount: 300 }),
        bet(player, { amount: 200 }),
        bet(player, { idempotencyKey, amount: 300 }),
        bet(player, { idempotencyKey, amount: 300 }),
      ]);
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      const receipts = responses.map((r) => r.json<BetReceipt>());
      expect(receipts[2]).toEqual(receipts[0]);
      expect(receipts[3]).toEqual(receipts[0]);
      expect((await playerBalances(t.app.db, player.playerId)).creditBalance).toBe(500);
      expect(await checkLedger(t.app.db)).toEqual([]);
    });
  });
});
