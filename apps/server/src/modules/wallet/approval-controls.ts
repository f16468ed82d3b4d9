import type { Kysely, Transaction } from 'kysely';
import {
  ApprovalMessages,
  approvalSettingsSchema,
  DEFAULT_APPROVAL_SETTINGS,
  manilaDate,
  type ApprovalSettings,
  type StaffRole,
} from '@karera/shared';
import type { Database, StaffUser } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';

/**
 * Kept beside the payment limits (payment_settings); changed only through dual control: an admin proposes,
 * an independent second admin approves (payments/settings-proposals.ts, decision 045).
 */
const APPROVALS_KEY = 'approvals';

/** The operator's maker-checker thresholds and daily limits, or the defaults until an admin sets them. */
export async function approvalSettings(db: Kysely<Database>): Promise<ApprovalSettings> {
  const row = await db
    .selectFrom('payment_settings')
    .select('value')
    .where('key', '=', APPROVALS_KEY)
    .executeTakeFirst();
  const stored = row ? approvalSettingsSchema.safeParse(JSON.parse(row.value)) : undefined;
  return stored?.success ? stored.data : DEFAULT_APPROVAL_SETTINGS;
}

function manilaDay(instant: Date): string {
  const { year, month, day } = manilaDate(instant);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Counts an approval towards the staff member's total of the Manila day, refused above their role's daily
 * limit. The total rises by a conditional update (total + amount <= limit) on one row per staff member and
 * day, in the approval's own transaction: approvals racing cannot pass the limit together, and a refused
 * or rolled-back approval counts nothing.
 */
export async function countApproval(
  trx: Transaction<Database>,
  staff: Pick<StaffUser, 'id' | 'role'>,
  amount: number,
  settings: ApprovalSettings,
): Promise<void> {
  const day = manilaDay(new Date());
  const counted = Math.abs(amount);
  await trx
    .insertInto('staff_approval_totals')
    .values({ staff_id: staff.id, day, total: 0 })
    .onConflict((oc) => oc.columns(['staff_id', 'day']).doNothing())
    .execute();
  const limit = settings.dailyApprovalLimits[staff.role];
  let raise = trx
    .updateTable('staff_approval_totals')
    .set((eb) => ({ total: eb('total', '+', counted) }))
    .where('staff_id', '=', staff.id)
    .where('day', '=', day);
  if (limit !== null) raise = raise.where((eb) => eb(eb('total', '+', counted), '<=', limit));
  const raised = await raise.executeTakeFirst();
  if (Number(raised.numUpdatedRows) === 1) return;
  const row = await trx
    .selectFrom('staff_approval_totals')
    .select('total')
    .where('staff_id', '=', staff.id)
    .where('day', '=', day)
    .executeTakeFirst();
  throw badRequest(ApprovalMessages.dailyLimit(limit ?? 0, Number(row?.total ?? 0)));
}

/**
 * Lets one admin alone adjust a player's balance by `amount` when the sizes adjusted alone to that player
 * this Manila day stay within the threshold (decision 042): five adjustments of ₱10,000 are ₱50,000 to one
 * player, not five amounts under ₱10,000. The day's total rises by a conditional update (total + size <=
 * threshold) in the adjustment's own transaction, so adjustments racing to one player cannot pass it
 * together; false (nothing counted) means this one needs a second admin.
 */
export async function claimAdjustmentAlone(
  trx: Transaction<Database>,
  playerId: number,
  amount: number,
  threshold: number,
): Promise<boolean> {
  const day = manilaDay(new Date());
  const size = Math.abs(amount);
  if (size > threshold) return false;
  await trx
    .insertInto('player_adjustment_day_totals')
    .values({ player_id: playerId, day, total: 0 })
    .onConflict((oc) => oc.columns(['player_id', 'day']).doNothing())
    .execute();
  const raised = await trx
    .updateTable('player_adjustment_day_totals')
    .set((eb) => ({ total: eb('total', '+', size) }))
    .where('player_id', '=', playerId)
    .where('day', '=', day)
    .where((eb) => eb(eb('total', '+', size), '<=', threshold))
    .executeTakeFirst();
  return Number(raised.numUpdatedRows) === 1;
}

/** What the second approver of a request first approved by this role must be, for the back office to say. */
export function secondApproverRoleFor(firstApproverRole: StaffRole): 'master_agent_or_admin' | 'admin' {
  return firstApproverRole === 'agent' ? 'master_agent_or_admin' : 'admin';
}
