import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { PostgresIntrospector, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Rate limits every instance shares (docs/decisions/031-shared-rate-limits.md): the hits of a key in
 * its window are a row of `rate_limits`, counted by one atomic upsert, so N requests spread over any
 * number of instances, however they interleave, are counted 1..N exactly once each.
 */

export interface KeyHits {
  /** The hits in the current window, this one included. */
  hits: number;
  /** When the current window ends (ms since the epoch). */
  windowEndsAt: number;
}

/**
 * Counts one hit of `key`: a new window of `windowMs` when there is none or the last one has ended,
 * else one more in the current one. One statement, so parallel hits never read the same count. Inside a
 * transaction, the key's row stays locked until it ends (PostgreSQL; SQLite transactions already run one
 * at a time): a throttle holds its key this way while it reads and records (holdRateLimitKey).
 */
export async function countHit(
  db: Kysely<Database>,
  key: string,
  windowMs: number,
  now = Date.now(),
): Promise<KeyHits> {
  const windowEndsAt = now + windowMs;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, hits: 1, window_ends_at: windowEndsAt })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet((eb) => {
        const ended = eb('rate_limits.window_ends_at', '<=', now);
        return {
          hits: eb
            .case()
            .when(ended)
            .then(eb.lit(1))
            .else(eb('rate_limits.hits', '+', eb.lit(1)))
            .end(),
          window_ends_at: eb
            .case()
            .when(ended)
            .then(eb.ref('excluded.window_ends_at'))
            .else(eb.ref('rate_limits.window_ends_at'))
            .end(),
        };
      }),
    )
    .returning(['hits', 'window_ends_at'])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), windowEndsAt: Number(row.window_ends_at) };
}

/**
 * Holds a throttle's key for the rest of the transaction `trx`: a second transaction holding the same
 * key waits here until this one has committed, and then reads what it recorded. Counts a hit too, which
 * keeps the row until its window ends.
 */
export async function holdRateLimitKey(trx: Kysely<Database>, key: string, windowMs: number): Promise<void> {
  await countHit(trx, key, windowMs);
}

/** The hits of `key` in its current window, counting none. */
export async function readHits(db: Kysely<Database>, key: string, now = Date.now()): Promise<KeyHits | undefined> {
  const row = await db
    .selectFrom('rate_limits')
    .select(['hits', 'window_ends_at'])
    .where('key', '=', key)
    .where('window_ends_at', '>', now)
    .executeTakeFirst();
  return row && { hits: Number(row.hits), windowEndsAt: Number(row.window_ends_at) };
}

/**
 * Deletes the rows whose window has ended; answers how many went. On PostgreSQL it skips the rows a
 * transaction holds (and so never waits): a prune that held one ended row while it waited for another,
 * held by a login that in turn waited for the first, would be a deadlock (a login holds two keys).
 */
export async function pruneRateLimits(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const prune =
    db.introspection instanceof PostgresIntrospector
      ? db
          .deleteFrom('rate_limits')
          .where('key', 'in', (eb) =>
            eb.selectFrom('rate_limits').select('key').where('window_ends_at', '<=', now).forUpdate().skipLocked(),
          )
      : db.deleteFrom('rate_limits').where('window_ends_at', '<=', now);
  return Number((await prune.executeTakeFirst()).numDeletedRows);
}

const PRUNE_EVERY_MS = 60 * 1000;
const lastPruned = new WeakMap<Kysely<Database>, number>();

/**
 * Prunes ended windows at most once a minute per database handle, in the background (a failed prune
 * is tried again a minute later; the rows it leaves only take space, since an ended window counts as none).
 * Pass the database itself, never a transaction.
 */
export function pruneRateLimitsNowAndThen(db: Kysely<Database>, now = Date.now()): void {
  if (now - (lastPruned.get(db) ?? 0) < PRUNE_EVERY_MS) return;
  lastPruned.set(db, now);
  pruneRateLimits(db, now).catch(() => undefined);
}

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What @fastify/rate-limit passes `child`: the route's merged options, and the route. */
interface RouteLimitOptions {
  routeInfo?: { method?: string | string[]; url?: string };
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

/**
 * A store for @fastify/rate-limit on the database: each limited route counts its own clients, as the
 * plugin's in-memory store does (`child` is called once per route), under `route:<METHOD> <url>:<client>`.
 * The extensions that move a window on (continueExceeding, exponentialBackoff) are refused when a route
 * asks for them rather than silently ignored; no route does.
 */
export function databaseRateLimitStore(db: Kysely<Database>): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    readonly #prefix: string;

    constructor(options: RouteLimitOptions, prefix = 'route::') {
      if (options.continueExceeding || options.exponentialBackoff) {
        throw new Error('The database rate-limit store supports neither continueExceeding nor exponentialBackoff');
      }
      this.#prefix = prefix;
    }

    incr(key: string, callback: StoreCallback, timeWindow: number): void {
      const now = Date.now();
      pruneRateLimitsNowAndThen(db, now);
      // Requests at once each read the clock before counting: one that read it a moment before the hit that
      // opened the window would otherwise see more than a window's length left (a Retry-After of 61 s).
      countHit(db, this.#prefix + key, timeWindow, now).then(
        ({ hits, windowEndsAt }) =>
          callback(null, { current: hits, ttl: Math.min(timeWindow, Math.max(0, windowEndsAt - now)) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    read(key: string, callback: StoreCallback): void {
      const now = Date.now();
      readHits(db, this.#prefix + key, now).then(
        (found) =>
          callback(null, found ? { current: found.hits, ttl: found.windowEndsAt - now } : { current: 0, ttl: 0 }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0] & RouteLimitOptions): FastifyRateLimitStore {
      const method = [routeOptions.routeInfo?.method ?? ''].flat().join(',');
      return new DatabaseRateLimitStore(routeOptions, `route:${method} ${routeOptions.routeInfo?.url ?? ''}:`);
    }
  }
  return DatabaseRateLimitStore;
}
