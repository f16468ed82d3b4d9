import { sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { primaryKeyFor, type MigrationDb as AnyDb } from '../migration-helpers.ts';

/**
 * Insider controls (docs/decisions/020-maker-checker-and-login-links.md): one reference per open deposit,
 * two approvals above a threshold, daily approval totals per staff member, sessions opened by staff,
 * and the receipt image a player attached to a deposit.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const { type: id, build: idColumn } = primaryKeyFor(dialect);

  // A receipt's reference is submitted once: while a deposit with it is pending or approved, no other
  // deposit of that channel (any player) may carry it, whatever two submissions race. A declined one frees it.
  await sql`create unique index payment_requests_open_reference on payment_requests (channel, reference_number)
    where kind = 'DEPOSIT' and status in ('PENDING', 'APPROVED')`.execute(db);

  // The receipt image a player uploaded for a deposit, as the server re-encoded it (never the upload itself).
  await db.schema
    .createTable('payment_receipts')
    .addColumn('id', id, idColumn)
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_receipts_player').on('payment_receipts').columns(['player_id', 'id']).execute();

  // Maker-checker of a deposit above the threshold: the first approval, recorded while the request stays
  // PENDING and no money moves; the second approver is decided_by_staff_id.
  await db.schema
    .alterTable('payment_requests')
    .addColumn('first_approved_by_staff_id', 'integer', (c) => c.references('staff_users.id'))
    .execute();
  await db.schema.alterTable('payment_requests').addColumn('first_approved_at', 'text').execute();
  await db.schema.alterTable('payment_requests').addColumn('first_approval_note', 'text').execute();
  await db.schema
    .alterTable('payment_requests')
    .addColumn('receipt_id', 'integer', (c) => c.references('payment_receipts.id'))
    .execute();
  await db.schema
    .createIndex('payment_requests_receipt')
    .on('payment_requests')
    .column('receipt_id')
    .unique()
    .execute();

  // A balance adjustment above the threshold waits here for a second admin; its money moves on approval.
  await db.schema
    .createTable('balance_adjustments')
    .addColumn('id', id, idColumn)
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('account', 'text', (c) => c.notNull().check(sql`account in ('credit', 'bonus')`))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount <> 0`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('PENDING')
        .check(sql`status in ('PENDING', 'APPROVED', 'DECLINED')`),
    )
    .addColumn('requested_by_staff_id', 'integer', (c) => c.notNull().references('staff_users.id'))
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('decided_by_staff_id', 'integer', (c) => c.references('staff_users.id'))
    .addColumn('decided_at', 'text')
    .addColumn('decision_note', 'text')
    .addColumn('transaction_id', 'integer', (c) => c.unique().references('ledger_transactions.id'))
    .execute();
  await db.schema
    .createIndex('balance_adjustments_status')
    .on('balance_adjustments')
    .columns(['status', 'id'])
    .execute();

  // What each staff member approved per Manila day, raised by a conditional update: the daily limit holds
  // however many approvals race.
  await db.schema
    .createTable('staff_approval_totals')
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_users.id'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('staff_approval_totals_pk', ['staff_id', 'day'])
    .execute();

  // A session opened through a back-office login link: by whom, and why. Such a session may look and
  // bet but never move money out or in, nor change the account's profile, password or mobile.
  await db.schema
    .alterTable('player_sessions')
    .addColumn('opened_by_staff_id', 'integer', (c) => c.references('staff_users.id'))
    .execute();
  await db.schema.alterTable('login_links').addColumn('reason', 'text').execute();
}
