import { randomBytes } from 'node:crypto';
import type { Dialect } from '../connection.ts';
import { primaryKeyFor, type MigrationDb as AnyDb } from '../migration-helpers.ts';

/**
 * forgotPassword and resendOTP answer every number alike (docs/decisions/043-account-enumeration.md):
 * every request they take is recorded (`otp_requests`), known number or not, and only those throttle
 * them; the key of the ids they answer is drawn once, here, so every instance and every restart answers
 * one number with one id.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const { type: id, build: idColumn } = primaryKeyFor(dialect);

  await db.schema
    .createTable('otp_requests')
    .addColumn('id', id, idColumn)
    .addColumn('mobile_no', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('otp_requests_mobile')
    .on('otp_requests')
    .columns(['mobile_no', 'purpose', 'created_at'])
    .execute();

  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await db
    .insertInto('server_secrets')
    .values({ name: 'code-request-ids', value: randomBytes(32).toString('hex') })
    .execute();
}
