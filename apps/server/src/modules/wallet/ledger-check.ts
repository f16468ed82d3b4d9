import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { toSafeInteger } from '../../db/connection.ts';

export interface LedgerBreach {
  rule: 'unbalanced-transaction' | 'too-few-postings' | 'balance-mismatch' | 'negative-player-balance' | 'ticket-debit';
  detail: string;
}

/**
 * Verifies the ledger's invariants (architecture §4): every transaction sums to zero and has at least
 * two postings, every account's balance equals the sum of its postings, no player account is negative.
 * Bet tickets add their own rule when betting exists.
 */
export async function checkLedger(db: Kysely<Database>): Promise<LedgerBreach[]> {
  const breaches: LedgerBreach[] = [];

  const unbalanced = await db
    .selectFrom('ledger_postings')
    .select(['transaction_id', (eb) => eb.fn.sum('amount').as('total'), (eb) => eb.fn.countAll().as('postings')])
    .groupBy('transaction_id')
    .having((eb) => eb.or([eb(eb.fn.sum('amount'), '<>', 0), eb(eb.fn.countAll(), '<', 2)]))
    .execute();
  for (const row of unbalanced) {
    const total = toSafeInteger(row.total);
    if (total !== 0) {
      breaches.push({ rule: 'unbalanced-transaction', detail: `transaction ${row.transaction_id} sums to ${total}` });
    } else {
      breaches.push({
        rule: 'too-few-postings',
        detail: `transaction ${row.transaction_id} has ${toSafeInteger(row.postings)} posting(s)`,
      });
    }
  }

  const empty = await db
    .selectFrom('ledger_transactions as t')
    .select('t.id')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('ledger_postings as p').select('p.id').whereRef('p.transaction_id', '=', 't.id'))),
    )
    .execute();
  for (const row of empty) breaches.push({ rule: 'too-few-postings', detail: `transaction ${row.id} has no postings` });

  const mismatched = await db
    .selectFrom('accounts as a')
    .select([
      'a.id',
      'a.code',
      'a.balance',
      'a.tracks_balance',
      sql<string>`coalesce((select sum(p.amount) from ledger_postings p where p.account_id = a.id), 0)`.as('posted'),
    ])
    .execute();
  for (const row of mismatched) {
    const posted = toSafeInteger(row.posted);
    if (row.tracks_balance === 1 && toSafeInteger(row.balance) !== posted) {
      breaches.push({
        rule: 'balance-mismatch',
        detail: `account ${row.code} holds ${row.balance} but its postings sum to ${posted}`,
      });
    }
  }

  const negative = await db
    .selectFrom('accounts')
    .select(['code', 'balance'])
    .where('kind', '<>', 'house')
    .where('balance', '<', 0)
    .execute();
  for (const row of negative) {
    breaches.push({ rule: 'negative-player-balance', detail: `account ${row.code} is at ${row.balance}` });
  }
  // Every bet ticket has exactly one debit (a BET transaction of its own) and at most one settlement.
  const tickets = await db
    .selectFrom('bet_tickets as b')
    .leftJoin('ledger_transactions as t', 't.id', 'b.debit_transaction_id')
    .select(['b.ticket_no', 't.kind'])
    .where((eb) => eb.or([eb('t.id', 'is', null), eb('t.kind', '<>', 'BET')]))
    .execute();
  for (const row of tickets)
    breaches.push({ rule: 'ticket-debit', detail: `ticket ${row.ticket_no} has no BET debit` });
  return breaches;
}
