import { sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import type { MigrationDb as AnyDb } from '../migration-helpers.ts';

export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  /**
   * The image an admin set for a deposit account (key: its id) or a withdraw channel (key: the company),
   * as the server re-encoded it (never the upload itself); a channel without a row shows the built-in
   * badge. Served publicly by its content hash, so a new image is a new address and the old one may be
   * cached for a year.
   */
  await db.schema
    .createTable('payment_channel_images')
    .addColumn('channel_kind', 'text', (c) =>
      c.notNull().check(sql`channel_kind in ('deposit_account', 'withdraw_channel')`),
    )
    .addColumn('channel_key', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('updated_by_staff_id', 'integer', (c) => c.notNull().references('staff_users.id'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_channel_images_pk', ['channel_kind', 'channel_key'])
    .execute();
  await db.schema.createIndex('payment_channel_images_hash').on('payment_channel_images').column('hash').execute();
}
