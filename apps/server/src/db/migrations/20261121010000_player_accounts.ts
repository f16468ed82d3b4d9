import type { Dialect } from '../connection.ts';
import { primaryKeyFor, type MigrationDb as AnyDb } from '../migration-helpers.ts';

export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const { type: id, build: idColumn } = primaryKeyFor(dialect);

  await db.schema
    .createTable('player_sessions')
    .addColumn('id', id, idColumn)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('player_sessions_player').on('player_sessions').column('player_id').execute();

  await db.schema
    .createTable('otp_codes')
    .addColumn('id', id, idColumn)
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    /** Where the code was sent: the account's number, or the new number of a change. */
    .addColumn('mobile_no', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('consumed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('otp_codes_player').on('otp_codes').columns(['player_id', 'purpose', 'id']).execute();
  await db.schema.createIndex('otp_codes_mobile').on('otp_codes').columns(['mobile_no', 'created_at']).execute();

  await db.schema
    .createTable('sms_outbox')
    .addColumn('id', id, idColumn)
    .addColumn('mobile_no', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider_response', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sms_outbox_mobile').on('sms_outbox').column('mobile_no').execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('id', id, idColumn)
    .addColumn('mobile_no', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_mobile')
    .on('login_failures')
    .columns(['mobile_no', 'created_at'])
    .execute();

  await db.schema
    .createTable('login_links')
    .addColumn('id', id, idColumn)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('created_by_staff_id', 'integer', (c) => c.notNull().references('staff_users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
}
