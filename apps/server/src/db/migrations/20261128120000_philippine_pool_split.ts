import { sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import type { MigrationDb as AnyDb } from '../migration-helpers.ts';

/**
 * The Philippine split of a pool (decision 049): a bet type's policy becomes named shares of the gross (EO 194
 * §1), a stamp tax per ticket (§2) and a tax withheld from winnings (PD 1157), each a setting from a date.
 *
 * - `tote_settings` rows gain `shares` (JSON), `stamp_tax` (JSON or null) and the winnings tax's rate and
 *   base. Every row entered before keeps its single takeout as one share named `takeout`, with no taxes.
 * - The policy of a pool is the setting in force when its first race opened for betting: `races.opened_at`,
 *   set when a race first opens. Races already open (or run) take their last change as their opening.
 * - So that pools selling today settle as they were sold, each bet type of a database in use (one with an
 *   admin) gets a setting from 2000-01-01 holding the takeout it had by default until now, and the EO 194
 *   defaults from today, entered now: pools that opened before this migration keep the old takeout, pools
 *   opening after it follow EO 194. A fresh database has no pool in flight and uses the EO 194 defaults.
 * - A winning ticket keeps the tax withheld from it (`bet_tickets.winnings_tax`); a pool's settlement row
 *   keeps its shares, stamp tax and the winnings tax withheld from its tickets.
 */
export const LEGACY_TAKEOUT_BP: Record<string, number> = {
  W: 1500,
  FC: 2000,
  TRI: 2500,
  QRT: 2500,
  PENTA: 2500,
  DD: 2000,
  'DD+1': 2000,
  XD: 2000,
  PICK4: 2500,
  PICK5: 2500,
  PICK6: 2500,
  WTA: 2500,
};
const EO194_SHARES = [
  { name: 'franchiseCommission', rateBp: 850 },
  { name: 'prizeFund', rateBp: 850 },
  { name: 'regulator', rateBp: 100 },
];
const EO194_EXOTIC = ['DD', 'FC', 'TRI'];
const stampTaxOf = (betType: string) =>
  EO194_EXOTIC.includes(betType)
    ? { kind: 'per-peso', perPesoCentavos: 5 }
    : { kind: 'per-ticket', baseCentavos: 10, perPesoCentavos: 10 };
const DEFAULT_RULES = { no_winner: 'refund', multi_race_scratch: 'favourite', cancelled_leg: 'refund' } as const;

function manilaToday(now: Date): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('tote_settings').addColumn('shares', 'text').execute();
  await db.schema.alterTable('tote_settings').addColumn('stamp_tax', 'text').execute();
  await db.schema
    .alterTable('tote_settings')
    .addColumn('winnings_tax_bp', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('tote_settings')
    .addColumn('winnings_tax_base', 'text', (c) => c.notNull().defaultTo('winnings'))
    .execute();
  const entered = await db.selectFrom('tote_settings').select(['id', 'takeout_bp']).execute();
  for (const row of entered) {
    await db
      .updateTable('tote_settings')
      .set({ shares: JSON.stringify([{ name: 'takeout', rateBp: Number(row.takeout_bp) }]) })
      .where('id', '=', row.id)
      .execute();
  }

  await db.schema.alterTable('races').addColumn('opened_at', 'text').execute();
  await db
    .updateTable('races')
    .set({ opened_at: sql`updated_at` })
    .where('status', 'in', ['O', 'L', 'C', 'D', 'X'])
    .execute();

  await db.schema
    .alterTable('bet_tickets')
    .addColumn('winnings_tax', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('pool_settlements')
    .addColumn('shares', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('pool_settlements')
    .addColumn('stamp_tax', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('pool_settlements')
    .addColumn('winnings_tax', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  // A database with no admin yet (a fresh install) has no pool in flight: the built-in EO 194 defaults serve.
  const admin = await db
    .selectFrom('staff_users')
    .select('id')
    .where('role', '=', 'admin')
    .orderBy('id')
    .executeTakeFirst();
  if (!admin) return;
  const enteredBy = Number(admin.id);
  const now = new Date();
  const rows = Object.entries(LEGACY_TAKEOUT_BP).flatMap(([betType, takeoutBp]) => [
    {
      bet_type: betType,
      takeout_bp: takeoutBp,
      shares: JSON.stringify([{ name: 'takeout', rateBp: takeoutBp }]),
      stamp_tax: null,
      winnings_tax_bp: 0,
      winnings_tax_base: 'winnings',
      ...DEFAULT_RULES,
      effective_from: '2000-01-01',
      created_by: enteredBy,
      created_at: '2000-01-01T00:00:00.000Z',
    },
    {
      bet_type: betType,
      takeout_bp: 1800,
      shares: JSON.stringify(EO194_SHARES),
      stamp_tax: JSON.stringify(stampTaxOf(betType)),
      winnings_tax_bp: 1000,
      winnings_tax_base: 'winnings',
      ...DEFAULT_RULES,
      effective_from: manilaToday(now),
      created_by: enteredBy,
      created_at: now.toISOString(),
    },
  ]);
  await db.insertInto('tote_settings').values(rows).execute();
}
