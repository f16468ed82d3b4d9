import type { Dialect } from '../connection.ts';
import type { MigrationDb as AnyDb } from '../migration-helpers.ts';

/**
 * The demo race day's crowd (decision 047): simulated bettors are player accounts flagged here, so reports
 * keep their play money apart and staff queues never see them.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('players')
    .addColumn('demo_crowd', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
