import type { Transaction } from 'kysely';
import { ApprovalMessages, WITHDRAWAL_CONFLICT_DAYS } from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { lineOf } from '../staff/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Ledger kinds by which a staff member's word puts money on a player's account. */
const CREDITING_KINDS = ['DEPOSIT', 'ADJUSTMENT', 'REVERSAL'];

/**
 * Why this staff member may not approve this player's withdrawal (decision 042), or null when they may.
 * Whoever let money in does not also let it out: the person who verified the player's identity (whenever
 * that was: a false identity is the start of a cash-out), and anyone who, in the last
 * WITHDRAWAL_CONFLICT_DAYS days, gave the first or the final approval of a deposit of the player's,
 * adjusted their balance, asked for an adjustment a second admin approved, or reversed a transaction of
 * theirs; nor, for those last seven days, anyone in the line of such a person (their creator, their upline or
 * anyone they created: `lineOf`). Read in the withdrawal decision's own transaction.
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
  const creditors = await whoLetMoneyIn(trx, playerId, since);
  if (creditors.has(staffId)) return ApprovalMessages.withdrawalAfterCredit;
  // Nor anyone in their line: an account its creator holds (a puppet) lets the money in, the creator lets
  // it out; an upline directs its downline.
  if (creditors.size > 0) {
    const approversLine = await lineOf(trx, staffId);
    for (const creditor of creditors) {
      if (approversLine.has(creditor) || (await lineOf(trx, creditor)).has(staffId)) {
        return ApprovalMessages.withdrawalAfterLineCredit;
      }
    }
  }
  return null;
}

/**
 * The staff members whose word let money into the player's account since `since`: the first approval of a
 * deposit (which moves nothing, but is still that person's word that the money came in), an adjustment asked
 * for, and the actor of every final deposit approval, adjustment made alone or approved as the second admin,
 * and reversal.
 */
async function whoLetMoneyIn(trx: Transaction<Database>, playerId: number, since: string): Promise<Set<number>> {
  const firstApprovers = await trx
    .selectFrom('payment_requests')
    .select('first_approved_by_staff_id as staffId')
    .distinct()
    .where('player_id', '=', playerId)
    .where('kind', '=', 'DEPOSIT')
    .where('first_approved_by_staff_id', 'is not', null)
    .where('first_approved_at', '>=', since)
    .execute();
  const adjustmentRequesters = await trx
    .selectFrom('balance_adjustments')
    .select('requested_by_staff_id as staffId')
    .distinct()
    .where('player_id', '=', playerId)
    .where('status', '!=', 'DECLINED')
    .where('requested_at', '>=', since)
    .execute();
  const actors = await trx
    .selectFrom('ledger_transactions as t')
    .select('t.actor_id as staffId')
    .distinct()
    .where('t.actor_type', '=', 'staff')
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
    .execute();
  const ids = new Set<number>();
  for (const { staffId } of [...firstApprovers, ...adjustmentRequesters, ...actors]) {
    if (staffId !== null) ids.add(Number(staffId));
  }
  return ids;
}
