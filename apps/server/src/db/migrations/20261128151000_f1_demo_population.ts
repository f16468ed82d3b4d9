import type { Dialect } from '../connection.ts';
import type { MigrationDb as AnyDb } from '../migration-helpers.ts';

/**
 * The demo's living population (issue 34 §2, decision 053): the simulator's horses, jockeys and trainers are
 * ordinary records; what only the simulator knows of them is kept here, apart from anything a player or an
 * operator reads.
 *
 * - `demo_horse_traits`: a demo horse's hidden ability (thousandths, drifting slowly from run to run), the
 *   distance it is best at (metres), the class it is campaigned in (1 the best), and the Manila day before
 *   which it rests (it ran recently).
 * - `demo_jockey_traits`: a demo jockey's hidden skill (thousandths).
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('demo_horse_traits')
    .addColumn('horse_id', 'integer', (c) => c.primaryKey().references('horses.id'))
    .addColumn('ability_milli', 'integer', (c) => c.notNull())
    .addColumn('best_distance_m', 'integer', (c) => c.notNull())
    .addColumn('class_level', 'integer', (c) => c.notNull())
    .addColumn('rested_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('demo_jockey_traits')
    .addColumn('jockey_id', 'integer', (c) => c.primaryKey().references('jockeys.id'))
    .addColumn('skill_milli', 'integer', (c) => c.notNull())
    .execute();
}
