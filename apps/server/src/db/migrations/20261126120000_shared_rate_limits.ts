import type { Dialect } from '../connection.ts';
import type { MigrationDb as AnyDb } from '../migration-helpers.ts';

/**
 * Limits every instance shares (docs/decisions/031-shared-rate-limits.md): one row per limited key
 * (a route and a client address, or a throttle's number), counted by one atomic upsert per hit, and the
 * row a throttle's transaction holds while it reads and records. Rows whose window has ended are pruned.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    /** Milliseconds since the epoch when the key's current window ends. */
    .addColumn('window_ends_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_window_ends_at').on('rate_limits').column('window_ends_at').execute();
}
