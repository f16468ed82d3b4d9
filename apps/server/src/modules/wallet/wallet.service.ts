import type { Kysely, Transaction } from 'kysely';
import {
  ApprovalMessages,
  BackofficeMessages,
  maySecondApprove,
  PAYMENT_TYPE_BY_KIND,
  type AdjustmentResponse,
  type BalanceAdjustmentInput,
  type BalanceAdjustmentView,
  type LedgerEntryView,
  type PlayerAccountKind,
  type TransactionKind,
} from '@karera/shared';
import type { Database, StaffUser } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { runIdempotent, runIdempotentTwinSafe } from '../../lib/idempotency.ts';
import { nowIso } from '../../lib/time.ts';
import { secondPersonRefusal } from '../staff/index.ts';
import { approvalSettings, claimAdjustmentAlone, countApproval } from './approval-controls.ts';
import { recordAudit } from '../audit/index.ts';
import type { DomainEvents } from '../events/index.ts';
import { accountIdByCode, HouseAccount, playerAccountCode, playerBalances } from './accounts.ts';
import { InsufficientFundsError, postTransaction } from './ledger.ts';

const ACCOUNT_OF_KIND: Record<string, PlayerAccountKind> = {
  player_credit: 'credit',
  player_bonus: 'bonus',
  player_withdraw_hold: 'withdraw_hold',
};

export function paymentTypeOf(kind: string): string {
  return PAYMENT_TYPE_BY_KIND[kind as TransactionKind] ?? kind;
}

/** A player's ledger postings, newest first, as the back office and wallet history read them. */
export async function playerLedgerEntries(
  db: Kysely<Database>,
  playerId: number,
  limit = 200,
): Promise<LedgerEntryView[]> {
  const rows = await db
    .selectFrom('ledger_postings as p')
    .innerJoin('accounts as a', 'a.id', 'p.account_id')
    .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
    .select([
      'p.id as posting_id',
      'p.amount',
      'a.kind as account_kind',
      't.id as transaction_id',
      't.kind',
      't.description',
      't.created_at',
      't.reverses_transaction_id',
    ])
    .where('a.player_id', '=', playerId)
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    transactionId: r.transaction_id,
    postingId: r.posting_id,
    createdAt: r.created_at,
    kind: r.kind,
    paymentType: paymentTypeOf(r.kind),
    account: ACCOUNT_OF_KIND[r.account_kind] ?? 'credit',
    amount: r.amount,
    description: r.description,
    reversesTransactionId: r.reverses_transaction_id,
  }));
}

/** Posts an adjustment: one balanced transaction against the house adjustments account. */
async function postAdjustment(
  trx: Transaction<Database>,
  actorId: number,
  playerId: number,
  input: BalanceAdjustmentInput,
  metadata: Record<string, unknown>,
): Promise<number> {
  const playerAccount = await accountIdByCode(trx, playerAccountCode(playerId, input.account));
  const houseAccount = await accountIdByCode(trx, HouseAccount.adjustments);
  try {
    return await postTransaction(trx, {
      kind: 'ADJUSTMENT',
      description: input.reason,
      actor: { type: 'staff', id: actorId },
      metadata: { playerId, account: input.account, ...metadata },
      postings: [
        { accountId: playerAccount, amount: input.amount },
        { accountId: houseAccount, amount: -input.amount },
      ],
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) throw badRequest(BackofficeMessages.adjustmentInsufficient);
    throw error;
  }
}

/**
 * An admin's correction of a player's credit or bonus balance, at most once per idempotency key, audited in
 * the same database transaction. While the sizes one admin alone adjusted to the player this Manila day,
 * this one included, stay within the threshold it moves at once; otherwise (credit or debit) it is stored
 * PENDING and moves only when an independent second admin approves it (decisions 020 and 042). Either way
 * it counts towards the admin's daily approval limit.
 */
export async function adjustPlayerBalance(
  db: Kysely<Database>,
  admin: Pick<StaffUser, 'id' | 'username' | 'role'>,
  playerId: number,
  input: BalanceAdjustmentInput,
  idempotencyKey: string,
  ip: string | null,
): Promise<{ body: AdjustmentResponse; replayed: boolean }> {
  const player = await db.selectFrom('players').select('id').where('id', '=', playerId).executeTakeFirst();
  if (!player) throw notFound(BackofficeMessages.playerNotFound);

  return runIdempotent(
    db,
    { scope: `staff:${admin.id}:adjustment`, key: idempotencyKey, request: { playerId, ...input } },
    async (trx) => {
      const settings = await approvalSettings(trx);
      await countApproval(trx, admin, input.amount, settings);
      const alone = await claimAdjustmentAlone(trx, playerId, input.amount, settings.adjustmentSecondApprovalAbove);
      if (!alone) {
        const { id } = await trx
          .insertInto('balance_adjustments')
          .values({
            player_id: playerId,
            account: input.account,
            amount: input.amount,
            reason: input.reason,
            requested_by_staff_id: admin.id,
            requested_at: nowIso(),
            decided_by_staff_id: null,
            decided_at: null,
            decision_note: null,
            transaction_id: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(
          trx,
          { type: 'staff', id: admin.id, ip },
          {
            action: 'player.balance_adjustment_requested',
            targetType: 'player',
            targetId: playerId,
            details: { adjustmentId: id, account: input.account, amount: input.amount, reason: input.reason },
          },
        );
        const balances = await playerBalances(trx, playerId);
        return {
          statusCode: 200 as const,
          status: 'PENDING' as const,
          adjustmentId: id,
          transactionId: null,
          account: input.account,
          amount: input.amount,
          creditBalance: balances.creditBalance,
          bonusBalance: balances.bonusBalance,
        };
      }
      const transactionId = await postAdjustment(trx, admin.id, playerId, input, {});
      await recordAudit(
        trx,
        { type: 'staff', id: admin.id, ip },
        {
          action: 'player.balance_adjusted',
          targetType: 'player',
          targetId: playerId,
          details: { transactionId, account: input.account, amount: input.amount, reason: input.reason },
        },
      );
      const balances = await playerBalances(trx, playerId);
      return {
        statusCode: 200 as const,
        status: 'APPROVED' as const,
        adjustmentId: null,
        transactionId,
        account: input.account,
        amount: input.amount,
        creditBalance: balances.creditBalance,
        bonusBalance: balances.bonusBalance,
      };
    },
  );
}

function adjustmentViewQuery(db: Kysely<Database>) {
  return db
    .selectFrom('balance_adjustments as b')
    .innerJoin('players', 'players.id', 'b.player_id')
    .innerJoin('staff_users as requester', 'requester.id', 'b.requested_by_staff_id')
    .leftJoin('staff_users as decider', 'decider.id', 'b.decided_by_staff_id')
    .selectAll('b')
    .select([
      'players.first_name',
      'players.last_name',
      'requester.display_name as requester_name',
      'requester.role as requester_role',
      'decider.display_name as decider_name',
    ]);
}

type AdjustmentViewRow = Awaited<ReturnType<ReturnType<typeof adjustmentViewQuery>['executeTakeFirstOrThrow']>>;

function toAdjustmentView(row: AdjustmentViewRow): BalanceAdjustmentView {
  return {
    id: row.id,
    playerId: row.player_id,
    playerName: `${row.first_name} ${row.last_name}`,
    account: row.account,
    amount: Number(row.amount),
    reason: row.reason,
    status: row.status,
    requestedBy: row.requester_name,
    requestedById: row.requested_by_staff_id,
    requesterRole: row.requester_role,
    requestedAt: row.requested_at,
    decidedBy: row.decider_name,
    decidedAt: row.decided_at,
    decisionNote: row.decision_note,
    transactionId: row.transaction_id,
  };
}

/** Adjustments waiting for a second admin (oldest first), or the latest decided ones. */
export async function listBalanceAdjustments(
  db: Kysely<Database>,
  status: 'PENDING' | 'APPROVED' | 'DECLINED',
): Promise<BalanceAdjustmentView[]> {
  const rows = await adjustmentViewQuery(db)
    .where('b.status', '=', status)
    .orderBy('b.id', status === 'PENDING' ? 'asc' : 'desc')
    .limit(100)
    .execute();
  return rows.map(toAdjustmentView);
}

/**
 * The second admin's decision on a stored adjustment, once: never the requesting admin's own, nor one
 * from the requester's line of creation or an account on probation (decision 042). Approval
 * moves the money by a conditional update (WHERE status = 'PENDING') in the same database transaction as
 * the ledger movement and the audit entry, so two admins approving at once move it exactly once.
 */
export async function decideBalanceAdjustment(
  db: Kysely<Database>,
  admin: Pick<StaffUser, 'id' | 'role'>,
  adjustmentId: number,
  decision: 'approve' | 'decline',
  note: string | undefined,
  idempotencyKey: string,
  ip: string | null,
): Promise<{ body: BalanceAdjustmentView; replayed: boolean }> {
  return runIdempotentTwinSafe(
    db,
    {
      scope: `staff:${admin.id}:adjustment-decision`,
      key: idempotencyKey,
      request: { adjustmentId, decision, note: note ?? null },
    },
    async (trx) => {
      const adjustment = await trx
        .selectFrom('balance_adjustments as b')
        .innerJoin('staff_users as requester', 'requester.id', 'b.requested_by_staff_id')
        .selectAll('b')
        .select('requester.role as requester_role')
        .where('b.id', '=', adjustmentId)
        .executeTakeFirst();
      if (!adjustment) throw notFound(ApprovalMessages.adjustmentNotFound);
      if (adjustment.status !== 'PENDING') throw conflict(ApprovalMessages.adjustmentDecided);
      if (decision === 'approve') {
        if (adjustment.requested_by_staff_id === admin.id) throw forbidden(ApprovalMessages.sameApprover);
        if (!maySecondApprove(adjustment.requester_role, admin.role)) {
          throw forbidden(ApprovalMessages.secondApproverRole(adjustment.requester_role));
        }
        // Not someone the requester created, nor their creator, nor an account younger than the probation.
        const refusal = await secondPersonRefusal(trx, {
          firstId: adjustment.requested_by_staff_id,
          secondId: admin.id,
        });
        if (refusal) throw forbidden(refusal);
        await countApproval(trx, admin, adjustment.amount, await approvalSettings(trx));
      }
      const claimed = await trx
        .updateTable('balance_adjustments')
        .set({
          status: decision === 'approve' ? 'APPROVED' : 'DECLINED',
          decided_by_staff_id: admin.id,
          decided_at: nowIso(),
          decision_note: note?.trim() || null,
        })
        .where('id', '=', adjustmentId)
        .where('status', '=', 'PENDING')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw conflict(ApprovalMessages.adjustmentDecided);

      const input = { account: adjustment.account, amount: Number(adjustment.amount), reason: adjustment.reason };
      let transactionId: number | null = null;
      if (decision === 'approve') {
        transactionId = await postAdjustment(trx, admin.id, adjustment.player_id, input, {
          adjustmentId,
          requestedBy: adjustment.requested_by_staff_id,
        });
        await trx
          .updateTable('balance_adjustments')
          .set({ transaction_id: transactionId })
          .where('id', '=', adjustmentId)
          .execute();
      }
      await recordAudit(
        trx,
        { type: 'staff', id: admin.id, ip },
        {
          action: decision === 'approve' ? 'player.balance_adjusted' : 'player.balance_adjustment_declined',
          targetType: 'player',
          targetId: adjustment.player_id,
          details: {
            adjustmentId,
            transactionId,
            ...input,
            requestedBy: adjustment.requested_by_staff_id,
            note: note ?? null,
          },
        },
      );
      const row = await adjustmentViewQuery(trx).where('b.id', '=', adjustmentId).executeTakeFirstOrThrow();
      return toAdjustmentView(row);
    },
  );
}

/** An admin's decision on a balance adjustment, then, after its commit, the player's open pages read the balance again. */
export async function decideAdjustment(
  deps: { db: Kysely<Database>; events: DomainEvents },
  admin: Pick<StaffUser, 'id' | 'role'>,
  adjustmentId: number,
  decision: 'approve' | 'decline',
  note: string | undefined,
  idempotencyKey: string,
  ip: string | null,
): Promise<BalanceAdjustmentView> {
  const { body, replayed } = await decideBalanceAdjustment(
    deps.db,
    admin,
    adjustmentId,
    decision,
    note,
    idempotencyKey,
    ip,
  );
  if (!replayed && body.status === 'APPROVED') {
    void deps.events.emit('wallet.changed', { playerId: body.playerId, cause: 'adjustment' });
  }
  return body;
}
