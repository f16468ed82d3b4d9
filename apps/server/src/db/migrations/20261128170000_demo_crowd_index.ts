import { sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import type { MigrationDb as AnyDb } from '../migration-helpers.ts';

/**
 * The demo crowd's few accounts found without reading every player: the race-day dashboard leaves their
 * tickets out of its sales each time its figures change (decision 047).
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .createIndex('players_demo_crowd')
    .on('players')
    .column('id')
    .where(sql.ref('demo_crowd'), '=', 1)
    .execute();
}
