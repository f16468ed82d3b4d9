import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { StatusCode } from '@karera/shared';
import { nowIso } from '../../lib/time.ts';

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

/**
 * Writes one balanced transaction and moves the balances on the account rows, inside the caller's
 * database transaction. Each balance changes by a conditional update, so an account that may not go
 * negative is never taken below zero however many debits race for it.
 */
export async function postTransaction(trx: Transaction<Database>, entry: NewLedgerTransaction): Promise<number> {
  assertBalanced(entry.postings);

  // One update per account, in id order, so concurrent transactions lock rows in the same order.
  const byAccount = new Map<number, number>();
  for (const p of entry.postings) byAccount.set(p.accountId, (byAccount.get(p.accountId) ?? 0) + p.amount);
  const deltas = [...byAccount.entries()].sort(([a], [b]) => a - b);

  const untracked = new Set(
    (
      await trx
        .selectFrom('accounts')
        .select('id')
        .where(
          'id',
          'in',
          deltas.map(([accountId]) => accountId),
        )
        .where('tracks_balance', '=', 0)
        .execute()
    ).map((row) => row.id),
  );

  for (const [accountId, delta] of deltas) {
    // Pool accounts keep no balance on their row, so bets on one race never queue on one lock.
    if (delta === 0 || untracked.has(accountId)) continue;
    const result = await trx
      .updateTable('accounts')
      .set((eb) => ({ balance: eb('balance', '+', delta) }))
      .where('id', '=', accountId)
      .where((eb) => eb.or([eb('may_go_negative', '=', 1), eb('balance', '>=', -delta)]))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      const exists = await trx.selectFrom('accounts').select('id').where('id', '=', accountId).executeTakeFirst();
      if (!exists) throw new LedgerError(`Unknown ledger account ${accountId}.`);
      throw new InsufficientFundsError(accountId);
    }
  }

  const { id } = await trx
    .insertInto('ledger_transactions')
    .values({
      kind: entry.kind,
      description: entry.description,
      reverses_transaction_id: entry.reversesTransactionId ?? null,
      actor_type: entry.actor.type,
      actor_id: entry.actor.id,
      metadata: JSON.stringify(entry.metadata ?? {}),
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  await trx
    .insertInto('ledger_postings')
    .values(entry.postings.map((p) => ({ transaction_id: id, account_id: p.accountId, amount: p.amount })))
    .execute();
  return id;
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
