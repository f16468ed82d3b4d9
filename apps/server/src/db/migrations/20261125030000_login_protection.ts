import type { Dialect } from '../connection.ts';
import { primaryKeyFor, type MigrationDb as AnyDb } from '../migration-helpers.ts';

/**
 * Limits that cannot be turned against players (docs/decisions/022-login-protection.md): code requests
 * for numbers that get no code, so that they are throttled exactly like the ones that do; and the
 * failed logins of one address, counted for the per-address limit.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const { type: id, build: idColumn } = primaryKeyFor(dialect);

  // A forgot-password or resend request that sent nothing (unknown number, account already verified).
  await db.schema
    .createTable('otp_decoys')
    .addColumn('id', id, idColumn)
    .addColumn('mobile_no', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('otp_decoys_mobile').on('otp_decoys').columns(['mobile_no', 'created_at']).execute();

  await db.schema.createIndex('login_failures_ip').on('login_failures').columns(['ip', 'created_at']).execute();
}
