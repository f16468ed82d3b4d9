import type { Dialect } from '../connection.ts';
import { primaryKeyFor, type MigrationDb as AnyDb } from '../migration-helpers.ts';

export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const { type: id, build: idColumn } = primaryKeyFor(dialect);

  await db.schema
    .alterTable('bet_tickets')
    .addColumn('won_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('bet_tickets')
    .addColumn('refund_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  /** JSON: scratched picks replaced by the leg favourite, shown on the ticket. */
  await db.schema.alterTable('bet_tickets').addColumn('settlement_details', 'text').execute();
  await db.schema.alterTable('bet_tickets').addColumn('settled_at', 'text').execute();

  /** Takeout and pool policies per bet type, each from an effective race date on. */
  await db.schema
    .createTable('tote_settings')
    .addColumn('id', id, idColumn)
    .addColumn('bet_type', 'text', (c) => c.notNull())
    .addColumn('takeout_bp', 'integer', (c) => c.notNull())
    .addColumn('no_winner', 'text', (c) => c.notNull())
    .addColumn('multi_race_scratch', 'text', (c) => c.notNull())
    .addColumn('cancelled_leg', 'text', (c) => c.notNull())
    .addColumn('effective_from', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull().references('staff_users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  /** The official finish of a race, once confirmed. */
  await db.schema
    .createTable('race_results')
    .addColumn('race_id', 'integer', (c) => c.primaryKey().references('races.id'))
    .addColumn('finish', 'text', (c) => c.notNull())
    /** JSON array of { betType, combination, dividend } entered as the track's figures. */
    .addColumn('official_dividends', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('confirmed_by', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text', (c) => c.notNull())
    .execute();

  /**
   * One row per settled pool, written with its takeout and carryover postings before any ticket is paid,
   * so a settlement that stops half way resumes with the same figures.
   */
  await db.schema
    .createTable('pool_settlements')
    .addColumn('id', id, idColumn)
    .addColumn('first_race_id', 'integer', (c) => c.notNull().references('races.id'))
    .addColumn('bet_type', 'text', (c) => c.notNull())
    /** The race whose result completed the pool: its results page shows the dividends. */
    .addColumn('result_race_id', 'integer', (c) => c.notNull().references('races.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('policy', 'text', (c) => c.notNull())
    .addColumn('stakes', 'bigint', (c) => c.notNull())
    .addColumn('refunds', 'bigint', (c) => c.notNull())
    .addColumn('takeout', 'bigint', (c) => c.notNull())
    .addColumn('carry_in', 'bigint', (c) => c.notNull())
    .addColumn('carry_out', 'bigint', (c) => c.notNull())
    .addColumn('net', 'bigint', (c) => c.notNull())
    .addColumn('payouts', 'bigint', (c) => c.notNull())
    .addColumn('breakage', 'bigint', (c) => c.notNull())
    .addColumn('tickets', 'integer', (c) => c.notNull())
    .addColumn('winning_tickets', 'integer', (c) => c.notNull())
    /** JSON array of dividend lines. */
    .addColumn('dividends', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('settled_at', 'text')
    .addUniqueConstraint('pool_settlements_pool', ['first_race_id', 'bet_type'])
    .execute();
  await db.schema.createIndex('pool_settlements_result_race').on('pool_settlements').column('result_race_id').execute();
}
