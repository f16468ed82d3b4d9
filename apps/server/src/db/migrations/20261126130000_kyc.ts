import { sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { primaryKeyFor, type MigrationDb as AnyDb } from '../migration-helpers.ts';

export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const { type: id, build: idColumn } = primaryKeyFor(dialect);

  /**
   * Identity verifications (decision 033): one row per submission, kept after a decision; a player's
   * status is their newest submission's.
   */
  await db.schema
    .createTable('kyc_submissions')
    .addColumn('id', id, idColumn)
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'verified', 'rejected', 'resubmit')`),
    )
    .addColumn('legal_name', 'text', (c) => c.notNull())
    .addColumn('date_of_birth', 'text', (c) => c.notNull())
    .addColumn('id_type', 'text', (c) => c.notNull())
    /** As the player typed it (trimmed). */
    .addColumn('id_number', 'text', (c) => c.notNull())
    /** Upper case without spaces or dashes: what "the same ID" compares. */
    .addColumn('id_number_key', 'text', (c) => c.notNull())
    /** The four barred-group declarations, as JSON (all true, or the submission is refused). */
    .addColumn('declarations', 'text', (c) => c.notNull())
    /** Why staff rejected it or asked again: the player reads it. */
    .addColumn('reason', 'text')
    .addColumn('decided_by_staff_id', 'integer', (c) => c.references('staff_users.id'))
    .addColumn('decided_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('kyc_submissions_player').on('kyc_submissions').columns(['player_id', 'id']).execute();
  await db.schema.createIndex('kyc_submissions_status').on('kyc_submissions').columns(['status', 'id']).execute();
  await db.schema
    .createIndex('kyc_submissions_id_key')
    .on('kyc_submissions')
    .columns(['id_type', 'id_number_key'])
    .execute();
  // One submission waits per player, however many are sent at once.
  await db.schema
    .createIndex('kyc_submissions_one_pending')
    .on('kyc_submissions')
    .column('player_id')
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  // One verified identity per person: an ID is verified on one account at most, whatever races.
  await db.schema
    .createIndex('kyc_submissions_verified_id')
    .on('kyc_submissions')
    .columns(['id_type', 'id_number_key'])
    .unique()
    .where(sql.ref('status'), '=', 'verified')
    .execute();

  /**
   * Tries to verify with an ID that another account already holds (pending or verified): the try is
   * refused and kept here for staff to see.
   */
  await db.schema
    .createTable('kyc_duplicate_attempts')
    .addColumn('id', id, idColumn)
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('other_player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('id_type', 'text', (c) => c.notNull())
    .addColumn('id_number_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('kyc_duplicate_attempts_id_key')
    .on('kyc_duplicate_attempts')
    .columns(['id_type', 'id_number_key'])
    .execute();

  /**
   * The ID photo and selfie as the server re-encoded them (never the upload), in the database as the
   * master-agent photos are: under DATA_DIR on SQLite, never under the web root, in every backup, the same
   * for every instance on PostgreSQL. Apart from the submissions so that queues never read them.
   */
  await db.schema
    .createTable('kyc_photos')
    .addColumn('submission_id', 'integer', (c) => c.notNull().references('kyc_submissions.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('idPhoto', 'selfie')`))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('kyc_photos_pk', ['submission_id', 'kind'])
    .execute();
}
