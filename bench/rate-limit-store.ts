/**
 * What a rate-limited request pays for its count (decision 031): the in-memory store of @fastify/rate-limit,
 * and the database store (one upsert per hit) on a SQLite file and, with a URL, on PostgreSQL.
 *
 *   npx tsx bench/rate-limit-store.ts [postgres://…/an-empty-database]
 *
 * Each store: 3,000 hits one after another (the time of one, and its p99), then 3,000 at once over 50
 * keys (hits a second). The PostgreSQL database gets a `rate_limits` table (the app's migrations run).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createDatabase } from '../apps/server/src/db/connection.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { countHit } from '../apps/server/src/plugins/rate-limit-store.ts';

const HITS = 3000;

type Hit = (key: string) => Promise<unknown>;

async function measure(label: string, hit: Hit): Promise<void> {
  for (let i = 0; i < 200; i += 1) await hit(`warm:${i % 50}`);
  const times: number[] = [];
  const start = performance.now();
  for (let i = 0; i < HITS; i += 1) {
    const before = performance.now();
    await hit(`route:POST /api/user/login:10.0.${i % 200}.1`);
    times.push(performance.now() - before);
  }
  const sequential = performance.now() - start;
  const startAtOnce = performance.now();
  await Promise.all(Array.from({ length: HITS }, (_, i) => hit(`at-once:${i % 50}`)));
  const atOnce = performance.now() - startAtOnce;
  times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(12)} one hit ${(sequential / HITS).toFixed(3)} ms (p99 ${times[Math.floor(HITS * 0.99)]?.toFixed(3)} ms), ` +
      `${Math.round(HITS / (atOnce / 1000))} hits/s at once`,
  );
}

interface LocalStore {
  incr(key: string, callback: (error: Error | null) => void, timeWindow: number, max: number): void;
}
const LocalStoreClass = createRequire(import.meta.url)('@fastify/rate-limit/store/LocalStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => LocalStore;
const memory = new LocalStoreClass(false, false);
await measure('memory', (key) => new Promise<void>((resolve) => memory.incr(key, () => resolve(), 60_000, 30)));

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rate-limit-bench-'));
try {
  const sqlite = createDatabase({ kind: 'sqlite', file: path.join(dir, 'karera.db') });
  await migrateToLatest(sqlite.db, sqlite.dialect);
  await measure('sqlite file', (key) => countHit(sqlite.db, key, 60_000));
  await sqlite.close();
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}

const url = process.argv[2];
if (url) {
  const postgres = createDatabase({ kind: 'postgres', url });
  await migrateToLatest(postgres.db, postgres.dialect);
  await measure('postgres', (key) => countHit(postgres.db, key, 60_000));
  await postgres.close();
}
