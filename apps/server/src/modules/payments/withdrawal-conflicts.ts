import type { Transaction } from 'kysely';
import { ApprovalMessages, WITHDRAWAL_CONFLICT_DAYS } from '@karera/shared';
import type { Database } from '../../db/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Ledger kinds by which a staff member's word puts money on a player's account. */
const CREDITING_KINDS = ['DEPOSIT', 'ADJUSTMENT', 'REVERSAL'];

/**
 * Why this staff member may not approve this player's withdrawal (decision 042), or null when they may.
 * Whoever let money in does not also let it out: the person who verified the player's identity (whenever
 * that was: a false identity is the start of a cash-out), and anyone who, in the last
 * WITHDRAWAL_CONFLICT_DAYS days, gave the first or the final approval of a deposit of the player's,
 * adjusted their balance, asked for an adjustment a second admin approved, or reversed a transaction of
 * theirs. Read in the withdrawal decision's own transaction.
 */
export async function withdrawalApprovalRefusal(
  trx: Transaction<Database>,
  staffId: number,
  playerId: number,
  now = new Date(),
): Promise<string | null> {
  const verified = await trx
    .selectFrom('kyc_submissions')
    .select('id')
    .where('player_id', '=', playerId)
    .where('status', '=', 'verified')
    .where('decided_by_staff_id', '=', staffId)
    .executeTakeFirst();
  if (verified) return ApprovalMessages.withdrawalAfterIdentityCheck;

  const since = new Date(now.getTime() - WITHDRAWAL_CONFLICT_DAYS * DAY_MS).toISOString();
  // A first approval (which moves nothing) is still this person's word that the money came in.
  const firstApproved = await trx
    .selectFrom('payment_requests')
    .select('id')
    .where('player_id', '=', playerId)
    .where('kind', '=', 'DEPOSIT')
    .where('first_approved_by_staff_id', '=', staffId)
    .where('first_approved_at', '>=', since)
    .executeTakeFirst();
  if (firstApproved) return ApprovalMessages.withdrawalAfterCredit;

  const requestedAdjustment = await trx
    .selectFrom('balance_adjustments')
    .select('id')
    .where('player_id', '=', playerId)
    .where('requested_by_staff_id', '=', staffId)
    .where('status', '!=', 'DECLINED')
    .where('requested_at', '>=', since)
    .executeTakeFirst();
  if (requestedAdjustment) return ApprovalMessages.withdrawalAfterCredit;

  // Final deposit approvals, adjustments made alone or approved as the second admin, and reversals: the
  // ledger transaction's actor is the person whose word moved the money.
  const credited = await trx
    .selectFrom('ledger_transactions as t')
    .select('t.id')
    .where('t.actor_type', '=', 'staff')
    .where('t.actor_id', '=', staffId)
    .where('t.kind', 'in', CREDITING_KINDS)
    .where('t.created_at', '>=', since)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('ledger_postings as p')
          .innerJoin('accounts as a', 'a.id', 'p.account_id')
          .select('p.id')
          .whereRef('p.transaction_id', '=', 't.id')
          .where('a.player_id', '=', playerId),
      ),
    )
    .executeTakeFirst();
  return credited ? ApprovalMessages.withdrawalAfterCredit : null;
}
