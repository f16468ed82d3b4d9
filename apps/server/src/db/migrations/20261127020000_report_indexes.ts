import type { Dialect } from '../connection.ts';
import type { MigrationDb as AnyDb } from '../migration-helpers.ts';

/**
 * Indexes the business reports read by (modules/reports, decision 039): the ledger transactions of one
 * kind in a period (bets, settlements, takeout ... found by time, never a scan of the ledger), and the
 * payment requests made or decided in a period.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .createIndex('ledger_transactions_kind_time')
    .on('ledger_transactions')
    .columns(['kind', 'created_at'])
    .execute();
  await db.schema
    .createIndex('payment_requests_created')
    .on('payment_requests')
    .columns(['status', 'created_at'])
    .execute();
  // The postings of a transaction, with their account and amount in the index itself: a report sums a
  // period's postings without reading the table. It replaces the index on transaction_id alone (the same
  // one write per posting), which every lookup by transaction still uses as its prefix.
  await db.schema
    .createIndex('ledger_postings_transaction_cover')
    .on('ledger_postings')
    .columns(['transaction_id', 'account_id', 'amount'])
    .execute();
  await db.schema.dropIndex('ledger_postings_transaction').execute();
  await db.schema.createIndex('payment_requests_decided').on('payment_requests').column('decided_at').execute();
}
