import { sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { primaryKeyFor, type MigrationDb } from '../migration-helpers.ts';

/**
 * Staff creation under two admins and enrolment by one-time link (decision 044): a staff member's own
 * mobile number, the pending requests to create an admin or a master agent or to change a staff member's
 * number (applied only when another, independent admin approves), and the one-time enrolment links texted to the new staff member (only the
 * token's hash kept).
 */
export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  const pk = primaryKeyFor(dialect);
  await db.schema.alterTable('staff_users').addColumn('mobile_no', 'text').execute();

  await db.schema
    .createTable('staff_requests')
    .addColumn('id', pk.type, (c) => pk.build(c))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    // create: the new account's fields; change_mobile: the account (staff_id) and its new number.
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('mobile_no', 'text', (c) => c.notNull())
    .addColumn('referral_code', 'text')
    .addColumn('proposed_by_staff_id', 'integer', (c) => c.notNull().references('staff_users.id'))
    .addColumn('proposed_at', 'text', (c) => c.notNull())
    .addColumn('decided_by_staff_id', 'integer', (c) => c.references('staff_users.id'))
    .addColumn('decided_at', 'text')
    .addColumn('staff_id', 'integer', (c) => c.references('staff_users.id'))
    .addCheckConstraint('staff_requests_kind', sql`kind in ('create', 'change_mobile')`)
    .addCheckConstraint('staff_requests_status', sql`status in ('pending', 'approved', 'rejected')`)
    .addCheckConstraint('staff_requests_role', sql`role in ('admin', 'master_agent')`)
    .execute();
  // One pending request per account: two admins cannot queue the same account twice.
  await db.schema
    .createIndex('staff_requests_one_pending_username')
    .on('staff_requests')
    .expression(sql`lower(username)`)
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema.createIndex('staff_requests_status').on('staff_requests').columns(['status', 'id']).execute();

  await db.schema
    .createTable('staff_enrolment_links')
    .addColumn('id', pk.type, (c) => pk.build(c))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_users.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('mobile_no', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    // The secret offered on the link's page (sealed), kept until a first code confirms it.
    .addColumn('pending_totp_secret', 'text')
    .addColumn('used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('staff_enrolment_links_staff')
    .on('staff_enrolment_links')
    .columns(['staff_id', 'id'])
    .execute();
}
