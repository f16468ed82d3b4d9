import { sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import type { MigrationDb } from '../migration-helpers.ts';

/**
 * A master-agent application is approved by two admins (decision 044): the first admin's approval is a
 * staff request that names the application, and the account is made only when another, independent admin
 * approves that request. One pending request per application.
 */
export async function up(db: MigrationDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('staff_requests')
    .addColumn('application_id', 'integer', (c) => c.references('master_agent_applications.id'))
    .execute();
  await db.schema
    .createIndex('staff_requests_one_pending_application')
    .on('staff_requests')
    .column('application_id')
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();
}
