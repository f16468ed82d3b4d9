import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.ts';
import { countHit, databaseRateLimitStore, pruneRateLimits, readHits } from './rate-limit-store.ts';

/*
 * The rate-limit store in the database (decision 031): one atomic upsert per hit, so parallel hits are
 * counted 1..N exactly; an ended window starts again at 1; ended rows are pruned.
 */
describe(`rate-limit store in the database (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts 40 parallel hits of one key as 1..40, each once', async () => {
    const hits = await Promise.all(Array.from({ length: 40 }, () => countHit(t.app.db, 'test:parallel', 60_000)));
    expect(hits.map((hit) => hit.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    // One window for all of them: the first hit's.
    expect(new Set(hits.map((hit) => hit.windowEndsAt)).size).toBe(1);
    expect((await readHits(t.app.db, 'test:parallel'))?.hits).toBe(40);
  });

  it('starts a new window at 1 once the last one has ended, and keeps keys apart', async () => {
    const start = Date.now();
    expect(await countHit(t.app.db, 'test:window', 1000, start)).toEqual({ hits: 1, windowEndsAt: start + 1000 });
    expect(await countHit(t.app.db, 'test:window', 1000, start + 999)).toEqual({ hits: 2, windowEndsAt: start + 1000 });
    expect(await countHit(t.app.db, 'test:other', 1000, start + 999)).toEqual({ hits: 1, windowEndsAt: start + 1999 });
    expect(await countHit(t.app.db, 'test:window', 1000, start + 1000)).toEqual({
      hits: 1,
      windowEndsAt: start + 2000,
    });
    expect(await readHits(t.app.db, 'test:window', start + 2000)).toBeUndefined();
  });

  it('prunes the rows whose window has ended, and only those', async () => {
    const now = Date.now();
    await countHit(t.app.db, 'test:ended', 1000, now - 5000);
    await countHit(t.app.db, 'test:current', 60_000, now);
    expect(await pruneRateLimits(t.app.db, now)).toBeGreaterThanOrEqual(1);
    const keys = (await t.app.db.selectFrom('rate_limits').select('key').execute()).map((row) => row.key);
    expect(keys).not.toContain('test:ended');
    expect(keys).toContain('test:current');
  });

  it.runIf(testDialect === 'postgres')('prunes around a row a transaction holds, without waiting for it', async () => {
    const now = Date.now();
    await countHit(t.app.db, 'test:ended-free', 1000, now - 5000);
    await t.app.db.transaction().execute(async (trx) => {
      // Held, and its window already over: the prune must neither take it nor wait for it.
      await countHit(trx, 'test:ended-held', 1000, now - 5000);
      expect(await pruneRateLimits(t.app.db, now)).toBeGreaterThanOrEqual(1);
      const keys = (await trx.selectFrom('rate_limits').select('key').execute()).map((row) => row.key);
      expect(keys).toContain('test:ended-held');
      expect(keys).not.toContain('test:ended-free');
    });
  });

  it('limits a route through @fastify/rate-limit exactly, per route and address, with the same headers', async () => {
    const server = Fastify();
    await server.register(rateLimit, { global: false, store: databaseRateLimitStore(t.app.db) });
    server.post('/limited', { config: { rateLimit: { max: 5, timeWindow: '1 minute' } } }, () => ({ ok: true }));
    server.post('/other', { config: { rateLimit: { max: 5, timeWindow: '1 minute' } } }, () => ({ ok: true }));
    try {
      const answers = await Promise.all(
        Array.from({ length: 12 }, () =>
          server.inject({ method: 'POST', url: '/limited', remoteAddress: '192.0.2.7' }),
        ),
      );
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5);
      expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(7);
      const refused = answers.find((a) => a.statusCode === 429);
      expect(refused?.headers['x-ratelimit-limit']).toBe('5');
      expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(55);
      expect(Number(refused?.headers['retry-after'])).toBeLessThanOrEqual(60);
      // Another route and another address each count on their own.
      expect((await server.inject({ method: 'POST', url: '/other', remoteAddress: '192.0.2.7' })).statusCode).toBe(200);
      expect((await server.inject({ method: 'POST', url: '/limited', remoteAddress: '192.0.2.8' })).statusCode).toBe(
        200,
      );
    } finally {
      await server.close();
    }
  });
});
