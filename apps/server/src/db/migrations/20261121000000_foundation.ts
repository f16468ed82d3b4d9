import { sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { primaryKeyFor, type MigrationDb as AnyDb } from '../migration-helpers.ts';

export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const { type: id, build: idColumn } = primaryKeyFor(dialect);

  await db.schema
    .createTable('staff_users')
    .addColumn('id', id, idColumn)
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'master_agent', 'agent')`))
    .addColumn('parent_id', 'integer', (c) => c.references('staff_users.id'))
    .addColumn('referral_code', 'text', (c) => c.unique())
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('staff_users_username_lower')
    .on('staff_users')
    .expression(sql`lower(username)`)
    .unique()
    .execute();

  await db.schema
    .createTable('staff_sessions')
    .addColumn('id', id, idColumn)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();

  await db.schema
    .createTable('players')
    .addColumn('id', id, idColumn)
    .addColumn('mobile_no', 'text', (c) => c.notNull().unique())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('agent_id', 'integer', (c) => c.references('staff_users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('players_agent_id').on('players').column('agent_id').execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', id, idColumn)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('player_credit', 'player_bonus', 'player_withdraw_hold', 'house')`),
    )
    .addColumn('player_id', 'integer', (c) => c.references('players.id'))
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('may_go_negative', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    // The database itself refuses a negative player balance, whatever code path tries it.
    .addCheckConstraint('accounts_non_negative', sql`may_go_negative = 1 or balance >= 0`)
    .execute();
  await db.schema.createIndex('accounts_player_id').on('accounts').column('player_id').execute();

  await db.schema
    .createTable('ledger_transactions')
    .addColumn('id', id, idColumn)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('reverses_transaction_id', 'integer', (c) => c.unique().references('ledger_transactions.id'))
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('metadata', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('ledger_postings')
    .addColumn('id', id, idColumn)
    .addColumn('transaction_id', 'integer', (c) => c.notNull().references('ledger_transactions.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount <> 0`))
    .execute();
  await db.schema.createIndex('ledger_postings_account').on('ledger_postings').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('ledger_postings_transaction').on('ledger_postings').column('transaction_id').execute();

  // Ledger rows are written once: corrections are new, reversing transactions.
  if (dialect === 'postgres') {
    await sql`create function ledger_immutable() returns trigger language plpgsql as $$
      begin raise exception 'ledger rows are immutable'; end $$`.execute(db);
    for (const table of ['ledger_transactions', 'ledger_postings']) {
      await sql`create trigger ${sql.raw(`${table}_immutable`)} before update or delete on ${sql.table(table)}
        for each row execute function ledger_immutable()`.execute(db);
    }
  } else {
    for (const table of ['ledger_transactions', 'ledger_postings']) {
      for (const event of ['update', 'delete']) {
        await sql`create trigger ${sql.raw(`${table}_no_${event}`)} before ${sql.raw(event)} on ${sql.table(table)}
          begin select raise(abort, 'ledger rows are immutable'); end`.execute(db);
      }
    }
  }

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer', (c) => c.notNull())
    .addColumn('response_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', id, idColumn)
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created').on('audit_log').column('created_at').execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', id, idColumn)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
