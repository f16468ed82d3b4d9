import { sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { primaryKeyFor, type MigrationDb as AnyDb } from '../migration-helpers.ts';

export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const { type: id, build: idColumn } = primaryKeyFor(dialect);

  /** Applications of the public master-agent form; admins approve (a staff account is made) or decline. */
  await db.schema
    .createTable('master_agent_applications')
    .addColumn('id', id, idColumn)
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('mobile_no', 'text', (c) => c.notNull())
    .addColumn('telegram', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'approved', 'declined')`),
    )
    /** Why it was declined; for staff only. */
    .addColumn('decline_reason', 'text')
    .addColumn('decided_by_staff_id', 'integer', (c) => c.references('staff_users.id'))
    .addColumn('decided_at', 'text')
    /** The master-agent account an approval created: one application, one account. */
    .addColumn('staff_id', 'integer', (c) => c.unique().references('staff_users.id'))
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('master_agent_applications_status')
    .on('master_agent_applications')
    .columns(['status', 'id'])
    .execute();
  // A username waits in one pending application at a time, whatever its letter case.
  await db.schema
    .createIndex('master_agent_applications_pending_username')
    .on('master_agent_applications')
    .expression(sql`lower(username)`)
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();

  /**
   * The applicant's selfie and government ID, as the server re-encoded them (never the upload itself), in
   * the database: never under the web root, in every backup, and the same for every instance of a
   * PostgreSQL deployment. Apart from the applications so that lists never read them.
   */
  await db.schema
    .createTable('master_agent_photos')
    .addColumn('application_id', 'integer', (c) => c.notNull().references('master_agent_applications.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('selfie', 'govId')`))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('master_agent_photos_pk', ['application_id', 'kind'])
    .execute();
}
