import type { Dialect } from '../connection.ts';
import { primaryKeyFor, type MigrationDb as AnyDb } from '../migration-helpers.ts';

/**
 * Staff sign-in with two factors (docs/decisions/021-staff-two-factor-sign-in.md): a TOTP secret per staff
 * member, its recovery codes, sessions that are only a step of the sign-in, and the per-account lockout.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const { type: id, build: idColumn } = primaryKeyFor(dialect);

  // The secret, sealed with STAFF_TOTP_KEY when one is configured; the last time step accepted, so a
  // code (and any older one) is never accepted twice.
  await db.schema.alterTable('staff_users').addColumn('totp_secret', 'text').execute();
  await db.schema.alterTable('staff_users').addColumn('totp_last_step', 'bigint').execute();
  await db.schema.alterTable('staff_users').addColumn('totp_enrolled_at', 'text').execute();

  // 'full' sessions reach the back office; 'code' and 'enrol' only the next step of the sign-in.
  await db.schema
    .alterTable('staff_sessions')
    .addColumn('stage', 'text', (c) => c.notNull().defaultTo('full'))
    .execute();
  // The secret offered while a staff member enrols, sealed like totp_secret; kept until confirmed.
  await db.schema.alterTable('staff_sessions').addColumn('pending_totp_secret', 'text').execute();

  // Single-use recovery codes, only their SHA-256 (80 random bits each).
  await db.schema
    .createTable('staff_recovery_codes')
    .addColumn('id', id, idColumn)
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_users.id'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('staff_recovery_codes_staff')
    .on('staff_recovery_codes')
    .columns(['staff_id', 'code_hash'])
    .execute();

  // Consecutive failed sign-ins per username (lower case, known or not), whatever the address.
  await db.schema
    .createTable('staff_login_throttle')
    .addColumn('username', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
