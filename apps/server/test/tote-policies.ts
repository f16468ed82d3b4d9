import type { Kysely } from 'kysely';
import { manilaDateOf, sharesRateBp, takeoutPolicy, type PoolPolicy } from '@karera/shared';
import type { Database } from '../src/db/schema.ts';
import { LEGACY_TAKEOUT_BP } from '../src/db/migrations/20261128120000_philippine_pool_split.ts';

/**
 * The single takeouts every pool had before the EO 194 split (decision 049), with no stamp tax and no tax on
 * winnings: suites whose figures were worked out by hand on those takeouts enter them as settings in force
 * since 2000, as the migration does on a database in use (from its own table of them). Suites about the
 * legal split leave them out.
 */
export async function useLegacyTakeouts(db: Kysely<Database>): Promise<void> {
  const admin = await db.selectFrom('staff_users').select('id').where('role', '=', 'admin').executeTakeFirstOrThrow();
  await db
    .insertInto('tote_settings')
    .values(
      Object.entries(LEGACY_TAKEOUT_BP).map(([betType, takeoutBp]) => ({
        bet_type: betType,
        takeout_bp: takeoutBp,
        shares: JSON.stringify([{ name: 'takeout', rateBp: takeoutBp }]),
        stamp_tax: null,
        winnings_tax_bp: 0,
        winnings_tax_base: 'winnings' as const,
        no_winner: 'refund' as const,
        multi_race_scratch: 'favourite' as const,
        cancelled_leg: 'refund' as const,
        effective_from: '2000-01-01',
        created_by: admin.id,
        created_at: '2000-01-01T00:00:00.000Z',
      })),
    )
    .execute();
}

/**
 * A bet type's policy entered now, effective today, as an approved setting would be (suites about results,
 * not about settings, skip the proposal): pools whose first race opens from now on settle at it.
 */
export async function enterPolicy(db: Kysely<Database>, betType: string, policy: PoolPolicy): Promise<void> {
  const admin = await db.selectFrom('staff_users').select('id').where('role', '=', 'admin').executeTakeFirstOrThrow();
  const now = new Date();
  await db
    .insertInto('tote_settings')
    .values({
      bet_type: betType,
      takeout_bp: sharesRateBp(policy),
      shares: JSON.stringify(policy.shares),
      stamp_tax: policy.stampTax ? JSON.stringify(policy.stampTax) : null,
      winnings_tax_bp: policy.winningsTax.rateBp,
      winnings_tax_base: policy.winningsTax.base,
      no_winner: policy.noWinner,
      multi_race_scratch: policy.multiRaceScratch,
      cancelled_leg: policy.cancelledLeg,
      effective_from: manilaDateOf(now),
      created_by: admin.id,
      created_at: now.toISOString(),
    })
    .execute();
}

/** The single-takeout policy of a bet type from before the split, with the default pool rules. */
export const legacyPolicy = (betType: string, rules: Partial<PoolPolicy> = {}): PoolPolicy => ({
  ...takeoutPolicy(LEGACY_TAKEOUT_BP[betType] ?? 2000, {
    noWinner: 'refund',
    multiRaceScratch: 'favourite',
    cancelledLeg: 'refund',
  }),
  ...rules,
});
