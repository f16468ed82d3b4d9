import { sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { primaryKeyFor, type MigrationDb } from '../migration-helpers.ts';

/**
 * A group's ticket earns commission per member (decision 056): each purchase is its buyer's bet, along the
 * buyer's own chain with that chain's rates. Two members under one agent by different chains earn that agent
 * different rates, so a row per agent and ticket cannot hold them: `agent_commissions.bakas_member_id` names
 * the purchase a row is for (null for a player's own ticket), and the rows are unique per ticket, agent and
 * purchase. SQLite cannot drop a table's unique constraint, so there the table is rebuilt with its rows.
 */
export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table agent_commissions drop constraint agent_commissions_ticket_staff`.execute(db);
    await db.schema
      .alterTable('agent_commissions')
      .addColumn('bakas_member_id', 'integer', (c) => c.references('bakas_members.id'))
      .execute();
  } else {
    const pk = primaryKeyFor(dialect);
    await db.schema
      .createTable('agent_commissions_new')
      .addColumn('id', pk.type, (c) => pk.build(c))
      .addColumn('ticket_id', 'integer', (c) => c.notNull().references('bet_tickets.id'))
      .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_users.id'))
      .addColumn('basis', 'text', (c) => c.notNull())
      .addColumn('base', 'bigint', (c) => c.notNull())
      .addColumn('rate_bps', 'integer', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('transaction_id', 'integer', (c) => c.notNull().references('ledger_transactions.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('bakas_member_id', 'integer', (c) => c.references('bakas_members.id'))
      .execute();
    await sql`insert into agent_commissions_new
      (id, ticket_id, staff_id, basis, base, rate_bps, amount, transaction_id, created_at)
      select id, ticket_id, staff_id, basis, base, rate_bps, amount, transaction_id, created_at
      from agent_commissions`.execute(db);
    await db.schema.dropTable('agent_commissions').execute();
    await sql`alter table agent_commissions_new rename to agent_commissions`.execute(db);
    await db.schema
      .createIndex('agent_commissions_staff_created')
      .on('agent_commissions')
      .columns(['staff_id', 'created_at'])
      .execute();
  }
  await sql`create unique index agent_commissions_ticket_staff_member
    on agent_commissions (ticket_id, staff_id, coalesce(bakas_member_id, 0))`.execute(db);
}
