import { sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { primaryKeyFor, type MigrationDb as AnyDb } from '../migration-helpers.ts';

/**
 * Horses, jockeys and trainers as records (decision 053, modules/form).
 *
 * - `trainers`, `jockeys` (name, licence number) and `horses` (name, sex, foaling year, colour, sire, dam,
 *   owner, trainer). A horse's name is unique, as a stud book's is; a jockey or a trainer is known by their
 *   licence number, unique when entered. What a back-filled record cannot know (sex, foaling year, ...) is
 *   null until the back office fills it in.
 * - A runner is a horse's entry in a race: `horse_id`, `jockey_id`, the weight carried in tenths of a
 *   kilogram (545 = 54.5 kg), the gate, a rating and its equipment (a JSON array of gear codes). Its
 *   `horse_name` and `jockey_name` stay: the names as carded for that race, which the player API answers.
 * - `jockey_changes`: a runner's change of jockey with its reason.
 * - `runner_results`: a runner's official result (position, margin in hundredths of a length, time in ms,
 *   track condition, distance in metres, class), with the horse, jockey, trainer and race day copied in so
 *   that a form guide reads one indexed table.
 * - Races gain their distance (metres) and class, both optional until the card says.
 * - Back-fill: each distinct `horse_name` of the runners becomes a horse, each distinct `jockey_name` a
 *   jockey, and every runner points at them.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const { type: id, build: idColumn } = primaryKeyFor(dialect);

  await db.schema
    .createTable('trainers')
    .addColumn('id', id, idColumn)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('licence_no', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trainers_name').on('trainers').column('name').execute();
  await db.schema
    .createIndex('trainers_licence_no')
    .on('trainers')
    .column('licence_no')
    .unique()
    .where(sql.ref('licence_no'), 'is not', null)
    .execute();

  await db.schema
    .createTable('jockeys')
    .addColumn('id', id, idColumn)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('licence_no', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jockeys_name').on('jockeys').column('name').execute();
  await db.schema
    .createIndex('jockeys_licence_no')
    .on('jockeys')
    .column('licence_no')
    .unique()
    .where(sql.ref('licence_no'), 'is not', null)
    .execute();

  await db.schema
    .createTable('horses')
    .addColumn('id', id, idColumn)
    .addColumn('name', 'text', (c) => c.notNull().unique())
    /** C colt, F filly, G gelding, H horse (entire), M mare, R rig. */
    .addColumn('sex', 'text', (c) => c.check(sql`sex in ('C', 'F', 'G', 'H', 'M', 'R')`))
    .addColumn('foaling_year', 'integer')
    .addColumn('colour', 'text')
    .addColumn('sire', 'text')
    .addColumn('dam', 'text')
    .addColumn('owner', 'text')
    .addColumn('trainer_id', 'integer', (c) => c.references('trainers.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('horses_trainer').on('horses').column('trainer_id').execute();

  await db.schema.alterTable('races').addColumn('distance_m', 'integer').execute();
  await db.schema.alterTable('races').addColumn('race_class', 'text').execute();

  await db.schema
    .alterTable('runners')
    .addColumn('horse_id', 'integer', (c) => c.references('horses.id'))
    .execute();
  await db.schema
    .alterTable('runners')
    .addColumn('jockey_id', 'integer', (c) => c.references('jockeys.id'))
    .execute();
  await db.schema.alterTable('runners').addColumn('weight_kg_tenths', 'integer').execute();
  await db.schema.alterTable('runners').addColumn('gate', 'integer').execute();
  await db.schema.alterTable('runners').addColumn('rating', 'integer').execute();
  await db.schema
    .alterTable('runners')
    .addColumn('equipment', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.createIndex('runners_horse').on('runners').column('horse_id').execute();
  await db.schema.createIndex('runners_jockey').on('runners').column('jockey_id').execute();

  await db.schema
    .createTable('jockey_changes')
    .addColumn('id', id, idColumn)
    .addColumn('runner_id', 'integer', (c) => c.notNull().references('runners.id'))
    .addColumn('from_jockey_id', 'integer', (c) => c.references('jockeys.id'))
    .addColumn('to_jockey_id', 'integer', (c) => c.notNull().references('jockeys.id'))
    .addColumn('reason', 'text', (c) => c.notNull())
    /** 'staff:<id>', 'simulator' or 'import'. */
    .addColumn('changed_by', 'text', (c) => c.notNull())
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jockey_changes_runner').on('jockey_changes').columns(['runner_id', 'id']).execute();

  await db.schema
    .createTable('runner_results')
    .addColumn('runner_id', 'integer', (c) => c.primaryKey().references('runners.id'))
    .addColumn('race_id', 'integer', (c) => c.notNull().references('races.id'))
    .addColumn('horse_id', 'integer', (c) => c.notNull().references('horses.id'))
    .addColumn('jockey_id', 'integer', (c) => c.references('jockeys.id'))
    .addColumn('trainer_id', 'integer', (c) => c.references('trainers.id'))
    /** Manila race day, YYYY-MM-DD. */
    .addColumn('race_date', 'text', (c) => c.notNull())
    .addColumn('track', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) =>
      c.notNull().check(sql`outcome in ('finished', 'scratched', 'disqualified', 'didNotFinish')`),
    )
    .addColumn('position', 'integer', (c) => c.check(sql`position is null or position >= 1`))
    .addColumn('margin_hundredths', 'integer', (c) => c.check(sql`margin_hundredths is null or margin_hundredths >= 0`))
    .addColumn('time_ms', 'integer', (c) => c.check(sql`time_ms is null or time_ms > 0`))
    .addColumn('track_condition', 'text')
    .addColumn('distance_m', 'integer', (c) => c.check(sql`distance_m is null or distance_m > 0`))
    .addColumn('race_class', 'text')
    .addColumn('field_size', 'integer', (c) => c.notNull().check(sql`field_size >= 0`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('runner_results_position_outcome', sql`(outcome = 'finished') = (position is not null)`)
    .execute();
  await db.schema.createIndex('runner_results_horse').on('runner_results').columns(['horse_id', 'race_date']).execute();
  await db.schema
    .createIndex('runner_results_jockey')
    .on('runner_results')
    .columns(['jockey_id', 'race_date'])
    .execute();
  await db.schema
    .createIndex('runner_results_trainer')
    .on('runner_results')
    .columns(['trainer_id', 'race_date'])
    .execute();
  await db.schema.createIndex('runner_results_race').on('runner_results').column('race_id').execute();

  // Back-fill: one record per distinct name, and every runner linked to its records.
  const now = new Date().toISOString();
  await sql`
    insert into horses (name, created_at, updated_at)
    select distinct horse_name, ${now}, ${now} from runners
  `.execute(db);
  await sql`
    insert into jockeys (name, created_at, updated_at)
    select distinct jockey_name, ${now}, ${now} from runners
  `.execute(db);
  await sql`
    update runners set
      horse_id = (select horses.id from horses where horses.name = runners.horse_name),
      jockey_id = (select min(jockeys.id) from jockeys where jockeys.name = runners.jockey_name)
  `.execute(db);
}
