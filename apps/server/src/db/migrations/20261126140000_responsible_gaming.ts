import type { Dialect } from '../connection.ts';
import { primaryKeyFor, type MigrationDb as AnyDb } from '../migration-helpers.ts';

/**
 * Responsible gaming (issue 22, decision 034): the limits players set (with a raise or removal waiting
 * 24 hours), breaks and exclusions (the player's cool-off or self-exclusion, the operator's), and the
 * player's reality check interval.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const { type: id, build: idColumn } = primaryKeyFor(dialect);

  await db.schema
    .createTable('rg_limits')
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    // Centavos; null = no limit now.
    .addColumn('amount', 'bigint')
    // A raise or removal waiting: when it applies (null = nothing pending) and to what (null = removal).
    .addColumn('pending_amount', 'bigint')
    .addColumn('pending_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('rg_limits_pk', ['player_id', 'kind'])
    .execute();

  await db.schema
    .createTable('rg_exclusions')
    .addColumn('id', id, idColumn)
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    // coolOff | selfExclusion | operator
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    // The number the player had when excluded: a new account with it is refused while this lasts.
    .addColumn('mobile_no', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    // null: until lifted (operator).
    .addColumn('ends_at', 'text')
    // An early end the player asked for (1- or 5-year self-exclusion), when it applies.
    .addColumn('cancel_at', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_by_staff_id', 'integer', (c) => c.references('staff_users.id'))
    .addColumn('lifted_at', 'text')
    .addColumn('lifted_by_staff_id', 'integer', (c) => c.references('staff_users.id'))
    .addColumn('lift_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rg_exclusions_player').on('rg_exclusions').columns(['player_id', 'id']).execute();
  await db.schema.createIndex('rg_exclusions_mobile').on('rg_exclusions').columns(['mobile_no']).execute();

  await db.schema
    .createTable('rg_settings')
    .addColumn('player_id', 'integer', (c) => c.primaryKey().references('players.id'))
    .addColumn('reality_check_minutes', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
