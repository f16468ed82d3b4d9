import { sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { primaryKeyFor, type MigrationDb as AnyDb } from '../migration-helpers.ts';

export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const { type: id, build: idColumn } = primaryKeyFor(dialect);

  await db.schema
    .createTable('game_events')
    .addColumn('id', id, idColumn)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('arena', 'text', (c) => c.notNull())
    .addColumn('stream_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('race_date', 'text', (c) => c.notNull())
    .addColumn('enabled_bet_types', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('game_events_date').on('game_events').column('race_date').execute();

  await db.schema
    .createTable('races')
    .addColumn('id', id, idColumn)
    .addColumn('event_id', 'integer', (c) => c.notNull().references('game_events.id'))
    .addColumn('race_no', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('A')
        .check(sql`status in ('A', 'O', 'L', 'C', 'D', 'X')`),
    )
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('enabled_bet_types', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('races_event_race_no', ['event_id', 'race_no'])
    .execute();

  await db.schema
    .createTable('runners')
    .addColumn('id', id, idColumn)
    .addColumn('race_id', 'integer', (c) => c.notNull().references('races.id'))
    .addColumn('runner_no', 'text', (c) => c.notNull())
    .addColumn('horse_name', 'text', (c) => c.notNull())
    .addColumn('jockey_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('A')
        .check(sql`status in ('A', 'S')`),
    )
    /** Win odds in hundredths (350 = 3.50), null when there are none. */
    .addColumn('odds', 'integer')
    /** Official finishing place once the race is done (1 = winner); null otherwise. */
    .addColumn('finish_position', 'integer')
    .addUniqueConstraint('runners_race_runner_no', ['race_id', 'runner_no'])
    .execute();
}
