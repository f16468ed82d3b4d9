import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { conflict } from './errors.ts';
import { hashRequest } from './tokens.ts';
import { nowIso } from './time.ts';

export const Idempotency = {
  keyRequired: 'An Idempotency-Key header (8-100 letters, digits, dashes or underscores) is required.',
  keyReused: 'This idempotency key was already used for a different request.',
} as const;

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

export function isValidIdempotencyKey(key: unknown): key is string {
  return typeof key === 'string' && KEY_PATTERN.test(key);
}

export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  return (
    code === '23505' ||
    (typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT_PRIMARYKEY')) ||
    code === 'SQLITE_CONSTRAINT_UNIQUE'
  );
}

/** Gives work its database transaction: its own by default; bets share one (betting/bet-batcher.ts). */
export type RunInTransaction = <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>;

interface IdempotentRequest {
  /** Owner and operation, e.g. staff:3:adjustment; keys never collide across owners. */
  scope: string;
  key: string;
  request: unknown;
}

async function storedAnswer<T>(
  db: Kysely<Database>,
  req: IdempotentRequest,
  requestHash: string,
): Promise<T | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response_body'])
    .where('scope', '=', req.scope)
    .where('key', '=', req.key)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.request_hash !== requestHash) throw conflict(Idempotency.keyReused);
  return JSON.parse(row.response_body) as T;
}

/**
 * Runs a money-moving operation at most once per key. The answer is stored in the same database
 * transaction as the movement, so a replay returns exactly what the first call returned, and two
 * racing calls with one key move money once (the loser's transaction rolls back on the key's
 * primary key and it answers with the winner's stored result).
 */
export async function runIdempotent<T>(
  db: Kysely<Database>,
  req: IdempotentRequest,
  work: (trx: Transaction<Database>) => Promise<T>,
  runInTransaction: RunInTransaction = (inner) => db.transaction().execute(inner),
): Promise<{ body: T; replayed: boolean }> {
  const requestHash = hashRequest(req.request);
  const previous = await storedAnswer<T>(db, req, requestHash);
  if (previous !== undefined) return { body: previous, replayed: true };
  try {
    const body = await runInTransaction(async (trx) => {
      const result = await work(trx);
      await trx
        .insertInto('idempotency_keys')
        .values({
          scope: req.scope,
          key: req.key,
          request_hash: requestHash,
          response_status: 200,
          response_body: JSON.stringify(result),
          created_at: nowIso(),
        })
        .execute();
      return result;
    });
    return { body, replayed: false };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await storedAnswer<T>(db, req, requestHash);
    if (winner === undefined) throw error;
    return { body: winner, replayed: true };
  }
}
