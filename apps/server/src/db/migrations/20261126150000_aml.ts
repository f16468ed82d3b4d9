import { sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { primaryKeyFor, type MigrationDb as AnyDb } from '../migration-helpers.ts';

const APPEND_ONLY_TABLES = ['aml_flags', 'aml_flag_transactions', 'aml_flag_events'] as const;

/**
 * The AML queue (decision 035): flags raised by the payments in the same transaction as the payment's
 * change, the transactions behind each, and its notes and one resolution as rows of their own. All three
 * tables are append-only: the database itself refuses an UPDATE or a DELETE, whoever sends it.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const { type: id, build: idColumn } = primaryKeyFor(dialect);

  await db.schema
    .createTable('aml_flags')
    .addColumn('id', id, idColumn)
    .addColumn('rule', 'text', (c) => c.notNull())
    /** The player whose payment raised the flag. */
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    /** What the rule looked at (a player and direction, an account number, a withdrawal)... */
    .addColumn('subject_key', 'text', (c) => c.notNull())
    /** ...and over which period (a Manila day, a window's first transaction, 'ever'): one flag per triple. */
    .addColumn('period_key', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('raised_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('aml_flags_once', ['rule', 'subject_key', 'period_key'])
    .execute();
  await db.schema.createIndex('aml_flags_rule').on('aml_flags').columns(['rule', 'id']).execute();

  await db.schema
    .createTable('aml_flag_transactions')
    .addColumn('flag_id', 'integer', (c) => c.notNull().references('aml_flags.id'))
    .addColumn('payment_request_id', 'integer', (c) => c.notNull().references('payment_requests.id'))
    .addPrimaryKeyConstraint('aml_flag_transactions_pk', ['flag_id', 'payment_request_id'])
    .execute();

  await db.schema
    .createTable('aml_flag_events')
    .addColumn('id', id, idColumn)
    .addColumn('flag_id', 'integer', (c) => c.notNull().references('aml_flags.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('NOTE', 'RESOLUTION')`))
    .addColumn('resolution', 'text', (c) =>
      c.check(
        sql`(kind = 'NOTE' and resolution is null) or (kind = 'RESOLUTION' and resolution in ('NO_ACTION', 'REPORTED'))`,
      ),
    )
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('aml_flag_events_flag').on('aml_flag_events').columns(['flag_id', 'id']).execute();
  // A flag's status moves once, from open to resolved: two staff resolving at the same moment, one wins.
  await db.schema
    .createIndex('aml_flag_events_one_resolution')
    .on('aml_flag_events')
    .column('flag_id')
    .unique()
    .where(sql.ref('kind'), '=', 'RESOLUTION')
    .execute();

  // The shared-account rule looks a withdrawal account or a sender number up across all players.
  await db.schema
    .createIndex('payment_requests_account_number')
    .on('payment_requests')
    .columns(['account_number', 'channel'])
    .execute();
  await db.schema
    .createIndex('payment_requests_sender_number')
    .on('payment_requests')
    .column('sender_number')
    .execute();

  if (dialect === 'postgres') {
    await sql`
      create function aml_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'AML records are append-only: % on % refused', tg_op, tg_table_name;
      end $$`.execute(db);
    for (const table of APPEND_ONLY_TABLES) {
      await sql`create trigger ${sql.raw(`${table}_append_only`)} before update or delete on ${sql.table(table)}
        for each row execute function aml_append_only()`.execute(db);
    }
  } else {
    for (const table of APPEND_ONLY_TABLES) {
      for (const operation of ['update', 'delete'] as const) {
        await sql`create trigger ${sql.raw(`${table}_no_${operation}`)} before ${sql.raw(operation)} on ${sql.table(table)}
          begin select raise(abort, ${sql.lit(`AML records are append-only: ${operation} on ${table} refused`)}); end`.execute(
          db,
        );
      }
    }
  }
}
