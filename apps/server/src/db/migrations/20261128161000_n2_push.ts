import { sql } from 'kysely';
import webpush from 'web-push';
import type { Dialect } from '../connection.ts';
import { primaryKeyFor, type MigrationDb as AnyDb } from '../migration-helpers.ts';

/**
 * Web push (issue 35 §2; module notifications, push channel).
 *
 * - `push_subscriptions`: a browser of a player that accepted notifications: the push service's endpoint
 *   (unique: one browser is one subscription, taken over by whoever subscribes it last) and the browser's
 *   keys (P-256 public key and auth secret, base64url) that every message is encrypted for (RFC 8291), and
 *   the site's language when it subscribed (the language its notifications are written in). A subscription
 *   the push service answers 404 or 410 for is deleted.
 * - The server's VAPID key pair (RFC 8292), drawn on the first start and kept in `server_secrets`, so every
 *   instance signs with the same key and subscriptions outlive restarts. VAPID_PUBLIC_KEY and
 *   VAPID_PRIVATE_KEY replace it.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const { type: id, build: idColumn } = primaryKeyFor(dialect);
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', id, idColumn)
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull().check(sql`language in ('en', 'fil')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_player').on('push_subscriptions').column('player_id').execute();
  const keys = webpush.generateVAPIDKeys();
  await db
    .insertInto('server_secrets')
    .values({ name: 'vapid-keys', value: JSON.stringify({ publicKey: keys.publicKey, privateKey: keys.privateKey }) })
    .execute();
}
