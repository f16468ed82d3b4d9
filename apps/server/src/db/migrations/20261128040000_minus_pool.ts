import type { Dialect } from '../connection.ts';
import type { MigrationDb as AnyDb } from '../migration-helpers.ts';

/**
 * A pool's minus pool (decision 046): what the house paid in so that computed dividends reach the 1.00
 * minimum. Breakage is never negative after this; the house's top-up is its own line.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('pool_settlements')
    .addColumn('minus_pool', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}
