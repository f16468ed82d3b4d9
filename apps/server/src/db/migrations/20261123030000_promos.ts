import type { Dialect } from '../connection.ts';
import { primaryKeyFor, type MigrationDb as AnyDb } from '../migration-helpers.ts';

export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const { type: id, build: idColumn } = primaryKeyFor(dialect);

  /** Promo definitions (docs/product/promos.md), managed by admins. Money in centavos; 999 remaining is unlimited. */
  await db.schema
    .createTable('promos')
    .addColumn('id', id, idColumn)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('credit_to', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reward_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rate_bp', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reward_cap', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('remaining', 'integer', (c) => c.notNull())
    .addColumn('per_player_limit', 'integer', (c) => c.notNull())
    .addColumn('daily_deposit_req', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('account_days_req', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('validity_hours', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text')
    .addColumn('code_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', (c) => c.references('staff_users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  /**
   * A player's claims: A (active) until expires_at, then X. Rebates earned while it was the active
   * promo add up in `rebates`.
   */
  await db.schema
    .createTable('promo_claims')
    .addColumn('id', id, idColumn)
    .addColumn('promo_id', 'integer', (c) => c.notNull().references('promos.id'))
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reward', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rebates', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('transaction_id', 'integer', (c) => c.references('ledger_transactions.id'))
    .execute();
  await db.schema.createIndex('promo_claims_player').on('promo_claims').columns(['player_id', 'claimed_at']).execute();
  await db.schema.createIndex('promo_claims_promo').on('promo_claims').columns(['promo_id']).execute();

  /** The rebate a settled ticket earned (bonus), shown as its bonusEarned. */
  await db.schema
    .alterTable('bet_tickets')
    .addColumn('rebate_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}
