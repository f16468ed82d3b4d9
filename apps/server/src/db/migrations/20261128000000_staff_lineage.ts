import { sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import type { MigrationDb as AnyDb } from '../migration-helpers.ts';

/**
 * Who created each staff member (decision 042): an approval counts as a second person's only when its
 * two approvers are not in one line of creation or upline, which needs each account's creator.
 * Accounts created before this column are read back from the audit log's creation entries; the first
 * admin and the seeded house accounts were created by the system and keep null.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('staff_users')
    .addColumn('created_by_staff_id', 'integer', (c) => c.references('staff_users.id'))
    .execute();
  await sql`
    UPDATE staff_users SET created_by_staff_id = (
      SELECT MIN(audit_log.actor_id) FROM audit_log
      WHERE audit_log.action = 'staff.created'
        AND audit_log.actor_type = 'staff'
        AND audit_log.target_type = 'staff'
        AND audit_log.target_id = CAST(staff_users.id AS TEXT)
    )
  `.execute(db);
  // A master agent created by approving an application: the approving admin created the account.
  await sql`
    UPDATE staff_users SET created_by_staff_id = (
      SELECT MIN(master_agent_applications.decided_by_staff_id) FROM master_agent_applications
      WHERE master_agent_applications.staff_id = staff_users.id
    )
    WHERE created_by_staff_id IS NULL
  `.execute(db);
}
