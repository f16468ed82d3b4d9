import type { Dialect } from '../connection.ts';
import type { MigrationDb as AnyDb } from '../migration-helpers.ts';

/**
 * The race-day dashboard (decision 038):
 * - stream_probes: what the leading instance last saw when it probed each race day's stream, so every
 *   instance shows the same alert without probing the stream itself;
 * - players online are sessions used in the last minutes: an index on the idle clock so counting them
 *   reads those sessions only, not every session ever opened;
 * - races by status: the races in play and the alerts' races without reading every race of every day.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('stream_probes')
    .addColumn('event_id', 'integer', (c) => c.primaryKey().references('game_events.id'))
    .addColumn('url', 'text', (c) => c.notNull())
    // 1: answered 2xx; 0: did not.
    .addColumn('up', 'integer', (c) => c.notNull())
    // The HTTP status or the error, for the alert.
    .addColumn('detail', 'text', (c) => c.notNull())
    // Since when the stream is in this state (kept while it stays so), and the latest probe.
    .addColumn('since', 'text', (c) => c.notNull())
    .addColumn('checked_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('player_sessions_last_seen').on('player_sessions').column('last_seen_at').execute();
  await db.schema.createIndex('races_status').on('races').columns(['status', 'start_time']).execute();
}
