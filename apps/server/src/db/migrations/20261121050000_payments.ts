import { sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { primaryKeyFor, type MigrationDb as AnyDb } from '../migration-helpers.ts';

export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const { type: id, build: idColumn } = primaryKeyFor(dialect);

  // Receiving accounts players send deposits to; never deleted (requests refer to them), only deactivated.
  await db.schema
    .createTable('deposit_accounts')
    .addColumn('id', id, idColumn)
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('account_name', 'text', (c) => c.notNull())
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('company_number', 'text')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('deposit_accounts_type')
    .on('deposit_accounts')
    .columns(['type', 'active', 'id'])
    .execute();

  await db.schema
    .createTable('payment_requests')
    .addColumn('id', id, idColumn)
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('DEPOSIT', 'WITHDRAW')`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('PENDING')
        .check(sql`status in ('PENDING', 'APPROVED', 'DECLINED')`),
    )
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    /** Bonus reward credited on approval (deposit to the +5% type); known at request time. */
    .addColumn('bonus', 'bigint', (c) => c.notNull().defaultTo(0))
    /** Deposit: the receiver account's type; withdrawal: the company. */
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('deposit_account_id', 'integer', (c) => c.references('deposit_accounts.id'))
    /** Deposit: our receiving account at request time; withdrawal: the player's account. */
    .addColumn('account_name', 'text', (c) => c.notNull())
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('sender_number', 'text')
    .addColumn('reference_number', 'text')
    .addColumn('note', 'text')
    .addColumn('decision_note', 'text')
    .addColumn('decided_by_staff_id', 'integer', (c) => c.references('staff_users.id'))
    .addColumn('decided_at', 'text')
    /** Withdrawal: the credit -> hold move made at request time. */
    .addColumn('hold_transaction_id', 'integer', (c) => c.unique().references('ledger_transactions.id'))
    /** The approval (credit or payout) or decline (hold released) movement; one per request. */
    .addColumn('decision_transaction_id', 'integer', (c) => c.unique().references('ledger_transactions.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_requests_player').on('payment_requests').columns(['player_id', 'id']).execute();
  await db.schema.createIndex('payment_requests_status').on('payment_requests').columns(['status', 'id']).execute();
  // A receipt's reference pays once: two approved deposits of one channel can never share it, whatever
  // two agents click at the same moment.
  await db.schema
    .createIndex('payment_requests_approved_reference')
    .on('payment_requests')
    .columns(['channel', 'reference_number'])
    .unique()
    .where(sql.ref('status'), '=', 'APPROVED')
    .where(sql.ref('kind'), '=', 'DEPOSIT')
    .execute();

  // Operator-set limits; a missing row means the defaults of the shared package.
  await db.schema
    .createTable('payment_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
