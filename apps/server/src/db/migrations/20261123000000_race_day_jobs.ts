import type { Dialect } from '../connection.ts';
import type { MigrationDb as AnyDb } from '../migration-helpers.ts';

export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  /**
   * Work that must run on one server only (the race-day simulator): the instance named `holder` does it
   * until `expires_at`; it renews before then, and another takes over once it has lapsed.
   */
  await db.schema
    .createTable('leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  /** The cards the demo simulator made: it drives these and never an operator's. */
  await db.schema
    .createTable('demo_cards')
    .addColumn('event_id', 'integer', (c) => c.primaryKey().references('game_events.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // The demo card of earlier versions, so the simulator finishes it instead of leaving it open forever.
  await db
    .insertInto('demo_cards')
    .columns(['event_id', 'created_at'])
    .expression((eb) =>
      eb.selectFrom('game_events').select(['id', 'created_at']).where('name', '=', 'Karera Demo Race Day'),
    )
    .execute();
}
