import type { Dialect } from '../connection.ts';
import type { MigrationDb as AnyDb } from '../migration-helpers.ts';

/**
 * Decision 042: what the receipt reader read from a deposit's receipt, kept beside the image, so a
 * deposit whose receipt does not say what its request says (or that has none) waits for a second
 * approver; and what one admin alone adjusted per player and Manila day, so the second-approval
 * threshold of adjustments bounds their sum, not each one.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  // Null: nothing read (receipts kept before this column, or a field the reader could not find).
  await db.schema.alterTable('payment_receipts').addColumn('read_amount', 'bigint').execute();
  await db.schema.alterTable('payment_receipts').addColumn('read_reference', 'text').execute();

  // Raised by a conditional update (total + amount <= threshold) in the adjustment's own transaction:
  // adjustments racing to one player cannot pass the threshold together without a second admin.
  await db.schema
    .createTable('player_adjustment_day_totals')
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('player_adjustment_day_totals_pk', ['player_id', 'day'])
    .execute();
}
