import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { StatusCode } from '@karera/shared';
import { nowIso } from '../../lib/time.ts';
import { placeholders, statement, statementsByCount, valueRows } from '../../db/statement.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface Posting {
  accountId: number;
  /** Signed centavos. Positive raises the account's balance. */
  amount: number;
}

export interface NewLedgerTransaction {
  kind: string;
  description: string;
  postings: Posting[];
  actor: { type: 'staff' | 'player' | 'system'; id: number | null };
  metadata?: Record<string, unknown>;
  reversesTransactionId?: number;
}

export class LedgerError extends Error {
  override name = 'LedgerError';
}

/** Raised when a posting would take an account that may not go negative below zero. */
export class InsufficientFundsError extends AppError {
  constructor(readonly accountId: number) {
    super(409, StatusCode.INSUFFICIENT_BALANCE, 'You have insufficient balance.');
  }
}

export function assertBalanced(postings: readonly Posting[]): void {
  if (postings.length < 2) throw new LedgerError('A ledger transaction needs at least two postings.');
  let sum = 0;
  for (const { amount, accountId } of postings) {
    if (!Number.isSafeInteger(amount) || amount === 0) {
      throw new LedgerError(`Posting amount must be a non-zero whole number of centavos (account ${accountId}).`);
    }
    sum += amount;
  }
  if (sum !== 0) throw new LedgerError(`Postings do not balance: they sum to ${sum}.`);
}

const selectUntracked = statementsByCount<{ id: number }>(
  (count) => `select id from accounts where id in (${placeholders(count)}) and tracks_balance = 0`,
);
const moveBalance = statement<{ balance: number }>(
  'update accounts set balance = balance + ? where id = ? and (may_go_negative = 1 or balance >= ?) returning balance',
);
const insertTransaction = statement<{ id: number }>(
  'insert into ledger_transactions (kind, description, reverses_transaction_id, actor_type, actor_id, metadata, created_at)' +
    ' values (?, ?, ?, ?, ?, ?, ?) returning id',
);
const insertPostings = statementsByCount<never>(
  (count) => `insert into ledger_postings (transaction_id, account_id, amount) values ${valueRows(count, 3)}`,
);

export interface PostedTransaction {
  transactionId: number;
  /** The new balance of every account whose row keeps one (pool accounts do not). */
  balances: ReadonlyMap<number, number>;
}

/**
 * Writes one balanced transaction and moves the balances on the account rows, inside the caller's
 * database transaction. Each balance changes by a conditional update, so an account that may not go
 * negative is never taken below zero however many debits race for it.
 *
 * `known`: accounts the caller has already read, in this database transaction, as keeping no balance
 * on their row (`untracked`: a race's pool) or as keeping one (`tracked`: a player's wallet), so they
 * need not be looked up again.
 */
export async function recordTransaction(
  trx: Transaction<Database>,
  entry: NewLedgerTransaction,
  known: { untracked?: ReadonlySet<number>; tracked?: ReadonlySet<number> } = {},
): Promise<PostedTransaction> {
  assertBalanced(entry.postings);
  const untracked = known.untracked ?? new Set<number>();
  const tracked = known.tracked ?? new Set<number>();

  // One update per account, in id order, so concurrent transactions lock rows in the same order.
  const byAccount = new Map<number, number>();
  for (const p of entry.postings) byAccount.set(p.accountId, (byAccount.get(p.accountId) ?? 0) + p.amount);
  const deltas = [...byAccount.entries()].sort(([a], [b]) => a - b);

  const unknown = deltas
    .map(([accountId]) => accountId)
    .filter((accountId) => !untracked.has(accountId) && !tracked.has(accountId));
  const keepsNoBalance = new Set(untracked);
  if (unknown.length > 0) {
    for (const row of await selectUntracked(unknown.length)(trx, unknown)) keepsNoBalance.add(row.id);
  }

  const balances = new Map<number, number>();
  for (const [accountId, delta] of deltas) {
    // Pool accounts keep no balance on their row, so bets on one race never queue on one lock.
    if (delta === 0 || keepsNoBalance.has(accountId)) continue;
    const [moved] = await moveBalance(trx, [delta, accountId, -delta]);
    if (!moved) {
      const exists = await trx.selectFrom('accounts').select('id').where('id', '=', accountId).executeTakeFirst();
      if (!exists) throw new LedgerError(`Unknown ledger account ${accountId}.`);
      throw new InsufficientFundsError(accountId);
    }
    balances.set(accountId, Number(moved.balance));
  }

  const [created] = await insertTransaction(trx, [
    entry.kind,
    entry.description,
    entry.reversesTransactionId ?? null,
    entry.actor.type,
    entry.actor.id,
    JSON.stringify(entry.metadata ?? {}),
    nowIso(),
  ]);
  if (!created) throw new LedgerError('The ledger transaction was not created.');
  const transactionId = Number(created.id);
  await insertPostings(entry.postings.length)(
    trx,
    entry.postings.flatMap((p) => [transactionId, p.accountId, p.amount]),
  );
  return { transactionId, balances };
}

/** {@link recordTransaction}, for callers that need only the new transaction's id. */
export async function postTransaction(trx: Transaction<Database>, entry: NewLedgerTransaction): Promise<number> {
  return (await recordTransaction(trx, entry)).transactionId;
}

/**
 * Corrects a transaction by posting its exact opposite; the original stays as it was.
 * A transaction can be reversed once (a unique column enforces it).
 */
export async function reverseTransaction(
  trx: Transaction<Database>,
  transactionId: number,
  reason: string,
  actor: NewLedgerTransaction['actor'],
): Promise<number> {
  const original = await trx
    .selectFrom('ledger_transactions')
    .select(['id', 'kind', 'reverses_transaction_id'])
    .where('id', '=', transactionId)
    .executeTakeFirst();
  if (!original) throw new LedgerError(`Unknown ledger transaction ${transactionId}.`);
  const already = await trx
    .selectFrom('ledger_transactions')
    .select('id')
    .where('reverses_transaction_id', '=', transactionId)
    .executeTakeFirst();
  if (already) throw new LedgerError(`Transaction ${transactionId} is already reversed by ${already.id}.`);

  const postings = await trx
    .selectFrom('ledger_postings')
    .select(['account_id', 'amount'])
    .where('transaction_id', '=', transactionId)
    .execute();
  return postTransaction(trx, {
    kind: 'REVERSAL',
    description: reason,
    reversesTransactionId: transactionId,
    actor,
    metadata: { reversedKind: original.kind },
    postings: postings.map((p) => ({ accountId: p.account_id, amount: -p.amount })),
  });
}

export type { Db as LedgerDb };
