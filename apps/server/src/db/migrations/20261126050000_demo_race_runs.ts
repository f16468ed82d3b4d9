import type { Dialect } from '../connection.ts';
import type { MigrationDb as AnyDb } from '../migration-helpers.ts';

export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  /**
   * How a demo race is run (the drawn race, packages/shared racing/drawnRace.ts): decided by the
   * simulator when the race goes off and kept here, so that every server draws the same race, a late
   * viewer catches up, and the result the simulator records later is the order drawn.
   */
  await db.schema
    .createTable('demo_race_runs')
    .addColumn('race_id', 'integer', (c) => c.primaryKey().references('races.id'))
    /** ISO 8601 UTC with milliseconds. */
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('seed', 'integer', (c) => c.notNull())
    /** Runner numbers in the order they cross the line, comma-separated ("5,1A,12"). */
    .addColumn('runner_order', 'text', (c) => c.notNull())
    .execute();
}
