import { sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { primaryKeyFor, type MigrationDb as AnyDb } from '../migration-helpers.ts';

/**
 * Group tickets, bakas (docs/decisions/056-bakas-group-tickets.md).
 *
 * - `bakas_groups`: one group ticket: the bet it will place (race, type, selections, base amount, its cost), the
 *   shares (count, exact price, sold so far), the organiser's fee and shortfall choice, its holding account
 *   (`bakas:<id>`, a house account that keeps its balance and may not go negative) and, once placed, its ticket.
 *   `shares_sold` only grows by a conditional update (`shares_sold + n <= shares`), which is what never oversells.
 * - `bakas_members`: one row per purchase of shares: who, how many, the sequence of its first share (the split's
 *   tie-break), what it paid and its debit transaction (unique: one purchase, one debit); later its refund.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const { type: id, build: idColumn } = primaryKeyFor(dialect);
  await db.schema
    .createTable('bakas_groups')
    .addColumn('id', id, idColumn)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('organiser_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('game_events.id'))
    .addColumn('first_race_id', 'integer', (c) => c.notNull().references('races.id'))
    .addColumn('bet_type', 'text', (c) => c.notNull())
    .addColumn('selections', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('combinations', 'integer', (c) => c.notNull())
    .addColumn('cost', 'bigint', (c) => c.notNull())
    .addColumn('shares', 'integer', (c) => c.notNull())
    .addColumn('share_price', 'bigint', (c) => c.notNull())
    .addColumn('shares_sold', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('fee_percent', 'integer', (c) => c.notNull())
    .addColumn('shortfall', 'text', (c) => c.notNull().check(sql`shortfall in ('smaller', 'cancel')`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'placed', 'cancelled', 'settled')`))
    .addColumn('account_id', 'integer', (c) => c.notNull().unique().references('accounts.id'))
    .addColumn('ticket_id', 'integer', (c) => c.unique().references('bet_tickets.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text')
    .addCheckConstraint('bakas_groups_shares', sql`shares_sold >= 0 and shares_sold <= shares`)
    .addCheckConstraint('bakas_groups_price', sql`share_price * shares = cost`)
    .addCheckConstraint('bakas_groups_fee', sql`fee_percent >= 0 and fee_percent <= 10`)
    .execute();
  await db.schema.createIndex('bakas_groups_race').on('bakas_groups').columns(['first_race_id', 'status']).execute();
  await db.schema.createIndex('bakas_groups_organiser').on('bakas_groups').column('organiser_id').execute();
  await db.schema
    .createTable('bakas_members')
    .addColumn('id', id, idColumn)
    .addColumn('group_id', 'integer', (c) => c.notNull().references('bakas_groups.id'))
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('shares', 'integer', (c) => c.notNull().check(sql`shares > 0`))
    .addColumn('first_share_seq', 'integer', (c) => c.notNull())
    .addColumn('paid', 'bigint', (c) => c.notNull())
    .addColumn('debit_transaction_id', 'integer', (c) => c.notNull().unique().references('ledger_transactions.id'))
    .addColumn('refund_transaction_id', 'integer', (c) => c.references('ledger_transactions.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('bakas_members_group_seq', ['group_id', 'first_share_seq'])
    .execute();
  await db.schema.createIndex('bakas_members_player').on('bakas_members').column('player_id').execute();
}
