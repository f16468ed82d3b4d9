import type { Dialect } from '../connection.ts';
import { primaryKeyFor, type MigrationDb as AnyDb } from '../migration-helpers.ts';

export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const { type: id, build: idColumn } = primaryKeyFor(dialect);

  // Pool accounts take a posting from every bet: their balance is the sum of their postings, never a
  // row that every bet would have to lock (see docs/decisions/006-bets-and-pools.md).
  await db.schema
    .alterTable('accounts')
    .addColumn('tracks_balance', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('bet_tickets')
    .addColumn('id', id, idColumn)
    .addColumn('ticket_no', 'text', (c) => c.notNull().unique())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('game_events.id'))
    .addColumn('first_race_id', 'integer', (c) => c.notNull().references('races.id'))
    .addColumn('bet_type', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('combinations', 'integer', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('from_credit', 'bigint', (c) => c.notNull())
    .addColumn('from_bonus', 'bigint', (c) => c.notNull())
    /** JSON array of runner numbers per place or leg. */
    .addColumn('selections', 'text', (c) => c.notNull())
    .addColumn('debit_transaction_id', 'integer', (c) => c.notNull().unique().references('ledger_transactions.id'))
    .addColumn('settlement_transaction_id', 'integer', (c) => c.unique().references('ledger_transactions.id'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bet_tickets_player').on('bet_tickets').columns(['player_id', 'id']).execute();
  await db.schema
    .createIndex('bet_tickets_race_type')
    .on('bet_tickets')
    .columns(['first_race_id', 'bet_type'])
    .execute();
}
