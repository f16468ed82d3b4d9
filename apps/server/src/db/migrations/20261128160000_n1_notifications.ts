import { sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { primaryKeyFor, type MigrationDb as AnyDb } from '../migration-helpers.ts';

/**
 * Notifications (docs/decisions/055-notifications.md).
 *
 * - `notifications`: the outbox, one row per notice, written in the transaction of what caused it. `dedupe_key`
 *   is unique so an event raised twice (a retried settlement batch, a scan run by two leaders) writes one notice.
 *   `inboxed_at` is set when the inbox channel delivered it (the player sees it); `read_at` when read.
 * - `notification_deliveries`: one row per notice and channel. The dispatcher claims a row (status `sending`, a
 *   lease until `lease_until`, `attempts` + 1, an attempt row) before it sends, and records the outcome after.
 * - `notification_attempts`: each claim and its outcome, for the back office.
 * - `notification_preferences`: a player's channel choices per kind, quiet hours, marketing opt-out, language.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const { type: id, build: idColumn } = primaryKeyFor(dialect);
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('link_path', 'text', (c) => c.notNull())
    .addColumn('urgent', 'integer', (c) => c.notNull())
    .addColumn('marketing', 'integer', (c) => c.notNull())
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('inboxed_at', 'text')
    .addColumn('read_at', 'text')
    .execute();
  await db.schema
    .createIndex('notifications_player_inbox')
    .on('notifications')
    .columns(['player_id', 'inboxed_at'])
    .execute();
  await db.schema
    .createTable('notification_deliveries')
    .addColumn('id', id, idColumn)
    .addColumn('notice_id', 'text', (c) => c.notNull().references('notifications.id'))
    .addColumn('player_id', 'integer', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`status in ('pending', 'sending', 'delivered', 'skipped', 'gone', 'failed', 'unknown', 'suppressed', 'expired')`,
        ),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('lease_holder', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('notification_deliveries_notice_channel', ['notice_id', 'channel'])
    .execute();
  await db.schema
    .createIndex('notification_deliveries_due')
    .on('notification_deliveries')
    .columns(['status', 'channel', 'due_at'])
    .execute();
  await db.schema
    .createTable('notification_attempts')
    .addColumn('id', id, idColumn)
    .addColumn('delivery_id', 'integer', (c) => c.notNull().references('notification_deliveries.id'))
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('outcome', 'text')
    .addColumn('detail', 'text')
    .execute();
  await db.schema
    .createIndex('notification_attempts_delivery')
    .on('notification_attempts')
    .columns(['delivery_id'])
    .execute();
  await db.schema
    .createTable('notification_preferences')
    .addColumn('player_id', 'integer', (c) => c.primaryKey().references('players.id'))
    .addColumn('channels', 'text', (c) => c.notNull())
    .addColumn('quiet_from', 'text')
    .addColumn('quiet_to', 'text')
    .addColumn('marketing_opt_out', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
