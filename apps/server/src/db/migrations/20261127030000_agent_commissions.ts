import { sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { primaryKeyFor, type MigrationDb } from '../migration-helpers.ts';

/**
 * The agent network's commissions (decision 040). A sub-agent is an agent whose parent is an agent, so
 * staff_users needs no new role: the tree was always any depth in its columns, only the scoping was not.
 *
 * - agent_commission_rates: an agent's (or master agent's) basis and rate, one row each, changed in place
 *   (the audit log keeps every change); a change applies to tickets settled after it.
 * - commission_accruals: one row per settled ticket that was considered, written in the transaction that
 *   marks its pool settled: the ticket's idempotency key, so a settlement that runs again never accrues twice.
 * - agent_commissions: each agent's share of a ticket, with the ledger transaction that accrued it.
 * - commission_payouts: each payout, with its ledger transaction.
 */
export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  const pk = primaryKeyFor(dialect);
  await db.schema
    .createTable('agent_commission_rates')
    .addColumn('staff_id', 'integer', (c) => c.primaryKey().references('staff_users.id'))
    .addColumn('basis', 'text', (c) => c.notNull())
    .addColumn('rate_bps', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.notNull().references('staff_users.id'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('agent_commission_rates_basis', sql`basis in ('turnover', 'ngr')`)
    .addCheckConstraint('agent_commission_rates_range', sql`rate_bps >= 0 and rate_bps <= 10000`)
    .execute();

  await db.schema
    .createTable('commission_accruals')
    .addColumn('ticket_id', 'integer', (c) => c.primaryKey().references('bet_tickets.id'))
    .addColumn('transaction_id', 'integer', (c) => c.unique().references('ledger_transactions.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('agent_commissions')
    .addColumn('id', pk.type, (c) => pk.build(c))
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('bet_tickets.id'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_users.id'))
    .addColumn('basis', 'text', (c) => c.notNull())
    .addColumn('base', 'bigint', (c) => c.notNull())
    .addColumn('rate_bps', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('transaction_id', 'integer', (c) => c.notNull().references('ledger_transactions.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('agent_commissions_ticket_staff', ['ticket_id', 'staff_id'])
    .execute();
  await db.schema
    .createIndex('agent_commissions_staff_created')
    .on('agent_commissions')
    .columns(['staff_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('commission_payouts')
    .addColumn('id', pk.type, (c) => pk.build(c))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_users.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('transaction_id', 'integer', (c) => c.notNull().unique().references('ledger_transactions.id'))
    .addColumn('paid_by', 'integer', (c) => c.notNull().references('staff_users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('commission_payouts_staff').on('commission_payouts').column('staff_id').execute();

  // Reading a subtree walks staff_users by parent.
  await db.schema.createIndex('staff_users_parent').ifNotExists().on('staff_users').column('parent_id').execute();
}
