import type { Dialect } from '../connection.ts';
import type { MigrationDb as AnyDb } from '../migration-helpers.ts';

/**
 * Group tickets placed and settled (docs/decisions/056-bakas-group-tickets.md).
 *
 * - `bet_tickets.holder_account_id`: the account that paid for a ticket and is paid its settlement when that is
 *   not its player's wallet: a group's holding account (`bakas:<code>`). Null for every player's own ticket; a
 *   group's ticket keeps its organiser as `player_id` (a player must be named) but is no bet of theirs: every
 *   player query of tickets reads only tickets whose holder is null.
 * - `bakas_groups`: when it was placed, whether cut smaller, the money sold that the placed ticket did not use
 *   (refunded at placing), and once settled what it received and the organiser's fee.
 * - `bakas_members`: per purchase, its part of a refund made before the ticket ran (a smaller ticket's unused
 *   money) and its part of the settlement (null until then), the fee inside it, and the transaction that paid it.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('bet_tickets')
    .addColumn('holder_account_id', 'integer', (c) => c.references('accounts.id'))
    .execute();
  for (const [column, type] of [
    ['placed_at', 'text'],
    ['cut', 'integer'],
    ['unused_refunded', 'bigint'],
    ['received', 'bigint'],
    ['fee', 'bigint'],
    ['settled_at', 'text'],
  ] as const) {
    await db.schema.alterTable('bakas_groups').addColumn(column, type).execute();
  }
  await db.schema
    .alterTable('bakas_members')
    .addColumn('refunded', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('bakas_members').addColumn('payout', 'bigint').execute();
  await db.schema
    .alterTable('bakas_members')
    .addColumn('fee', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('bakas_members')
    .addColumn('payout_transaction_id', 'integer', (c) => c.references('ledger_transactions.id'))
    .execute();
}
