import { sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { primaryKeyFor, type MigrationDb } from '../migration-helpers.ts';

/**
 * Changes that need a second, independent admin (decision 045): one admin proposes, another approves,
 * and only the approval applies the change, in the transaction that claims the request. The payload is
 * what the approval applies; the summary is what the approver reads (before and after), kept as proposed.
 */
export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  const pk = primaryKeyFor(dialect);
  await db.schema
    .createTable('dual_control_requests')
    .addColumn('id', pk.type, (c) => pk.build(c))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('proposed_by_staff_id', 'integer', (c) => c.notNull().references('staff_users.id'))
    .addColumn('proposed_at', 'text', (c) => c.notNull())
    .addColumn('decided_by_staff_id', 'integer', (c) => c.references('staff_users.id'))
    .addColumn('decided_at', 'text')
    .addColumn('decision_note', 'text')
    .addCheckConstraint('dual_control_requests_status', sql`status in ('pending', 'approved', 'rejected')`)
    .execute();
  // One proposal waits per thing changed, however many admins propose at once.
  await db.schema
    .createIndex('dual_control_requests_one_pending')
    .on('dual_control_requests')
    .columns(['kind', 'subject'])
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema
    .createIndex('dual_control_requests_status')
    .on('dual_control_requests')
    .columns(['status', 'id'])
    .execute();
}
