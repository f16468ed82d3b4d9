import { sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { primaryKeyFor, type MigrationDb as AnyDb } from '../migration-helpers.ts';

/**
 * The blackbook and replays (issue 34 §4, §5; modules blackbook and replays).
 *
 * - `blackbook_follows`: a player follows a horse, a jockey or a trainer (`kind` and `subject_id`), with an
 *   optional note. One row per player and subject. The index on (kind, subject_id) answers "who follows this
 *   horse" when a runner is entered or scratched.
 * - `races.replay_url`: an operator's race can carry a replay video (HLS, from the allowed stream hosts).
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const { type: id, build: idColumn } = primaryKeyFor(dialect);
  await db.schema
    .createTable('blackbook_follows')
    .addColumn('id', id, idColumn)
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('horse', 'jockey', 'trainer')`))
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('blackbook_follows_player_subject', ['player_id', 'kind', 'subject_id'])
    .execute();
  await db.schema
    .createIndex('blackbook_follows_subject')
    .on('blackbook_follows')
    .columns(['kind', 'subject_id'])
    .execute();
  await db.schema.alterTable('races').addColumn('replay_url', 'text').execute();
}
