import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AppError, conflict } from './errors.ts';
import { hashRequest } from './tokens.ts';
import { nowIso } from './time.ts';
import { statement } from '../db/statement.ts';

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

const selectAnswer = statement<{ request_hash: string; response_body: string }>(
  'select request_hash, response_body from idempotency_keys where scope = ? and key = ?',
);
const insertAnswer = statement<never>(
  'insert into idempotency_keys (scope, key, request_hash, response_status, response_body, created_at)' +
    ' values (?, ?, ?, ?, ?, ?)',
);

/** The answer stored under a key: as it was returned, and as the JSON text it was stored as. */
interface StoredAnswer<T> {
  body: T;
  text: string;
}

async function storedAnswer<T>(
  db: Kysely<Database> | Transaction<Database>,
  req: IdempotentRequest,
  requestHash: string,
): Promise<StoredAnswer<T> | undefined> {
  const [row] = await selectAnswer(db, [req.scope, req.key]);
  if (!row) return undefined;
  if (row.request_hash !== requestHash) throw conflict(Idempotency.keyReused);
  return { body: JSON.parse(row.response_body) as T, text: row.response_body };
}

/**
 * Runs a money-moving operation at most once per key. The key is looked up and the answer stored in
 * the same database transaction as the movement, so a replay returns exactly what the first call
 * returned, and two racing calls with one key move money once (the loser's transaction rolls back on
 * the key's primary key and it answers with the winner's stored result).
 */
export async function runIdempotent<T>(
  db: Kysely<Database>,
  req: IdempotentRequest,
  work: (trx: Transaction<Database>) => Promise<T>,
  runInTransaction: RunInTransaction = (inner) => db.transaction().execute(inner),
): Promise<{ body: T; replayed: boolean; text: string }> {
  const requestHash = hashRequest(req.request);
  try {
    return await runInTransaction(async (trx) => {
      const previous = await storedAnswer<T>(trx, req, requestHash);
      if (previous !== undefined) return { ...previous, replayed: true };
      const body = await work(trx);
      const text = JSON.stringify(body);
      await insertAnswer(trx, [req.scope, req.key, requestHash, 200, text, nowIso()]);
      return { body, replayed: false, text };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await storedAnswer<T>(db, req, requestHash);
    if (winner === undefined) throw error;
    return { ...winner, replayed: true };
  }
}

/**
 * runIdempotent, and one more case: a twin request with the same key and body (a double tap, a double
 * click) that ran alongside ours and committed first. Ours is then refused by what the twin did (the
 * credit is already held, the request already decided); it answers with the twin's stored result instead,
 * as a later retry would. Nothing changed for ours: a refusal rolls its transaction back.
 */
export async function runIdempotentTwinSafe<T>(
  db: Kysely<Database>,
  req: IdempotentRequest,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<{ body: T; replayed: boolean; text: string }> {
  try {
    return await runIdempotent(db, req, work);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const [twin] = await selectAnswer(db, [req.scope, req.key]);
    if (!twin) throw error;
    if (twin.request_hash !== hashRequest(req.request)) throw conflict(Idempotency.keyReused);
    return { body: JSON.parse(twin.response_body) as T, replayed: true, text: twin.response_body };
  }
}
