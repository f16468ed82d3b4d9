import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import {
  creditToText,
  DualControlKinds,
  DualControlMessages,
  formatPeso,
  promoMostPerPlayer,
  promoNeedsSecondAdmin,
  remainingText,
  validityText,
  type DualControlRequestView,
} from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { proposeChange, registerDualControlKind, type DualControlActor } from '../dualcontrol/index.ts';
import { approvalSettings } from '../wallet/index.ts';
import type { PromoRow } from './promos.repo.ts';

type Db = Kysely<Database> | Transaction<Database>;

/*
 * A promo that pays to credit, or could pay one player more than the operator's amount, goes live only
 * when a second, independent admin approves it (decision 045): saved inactive, its activation proposed.
 */

export const promoSubject = (promoId: number) => `promo:${promoId}`;

const activationPayload = z.strictObject({
  promoId: z.number().int().positive(),
  /** The definition approved is the one proposed: an edit since then (updated_at) refuses the approval. */
  updatedAt: z.string(),
});

registerDualControlKind({
  kind: DualControlKinds.promoActivation,
  payloadSchema: activationPayload,
  async apply(trx, payload, context) {
    const activated = await trx
      .updateTable('promos')
      .set({ active: 1 })
      .where('id', '=', payload.promoId)
      .where('updated_at', '=', payload.updatedAt)
      .executeTakeFirst();
    if (Number(activated.numUpdatedRows) !== 1) throw badRequest(DualControlMessages.cannotApply);
    await recordAudit(
      trx,
      { type: 'staff', id: context.approverId, ip: context.ip },
      {
        action: 'promo.activated',
        targetType: 'promo',
        targetId: payload.promoId,
        details: { requestId: context.requestId, proposedBy: context.proposerId, approvedBy: context.approverId },
      },
    );
  },
});

/** Whether this promo's reward rules need a second admin to go live, under the operator's amount now. */
export async function promoNeedsApproval(db: Db, row: PromoRow): Promise<boolean> {
  const { promoSecondApprovalAbove } = await approvalSettings(db);
  return promoNeedsSecondAdmin(
    {
      creditTo: row.credit_to,
      kind: row.kind,
      rewardAmount: row.reward_amount,
      rewardCap: row.reward_cap,
      perPlayerLimit: row.per_player_limit,
    },
    promoSecondApprovalAbove,
  );
}

function rewardText(row: PromoRow): string {
  if (row.kind === 'fixed') return formatPeso(row.reward_amount);
  const rate = `${(row.rate_bp / 100).toFixed(2)}%`;
  if (row.kind === 'rebate') return `${rate} of settled credit bets`;
  return row.reward_cap > 0
    ? `${rate} of today's deposits, up to ${formatPeso(row.reward_cap)}`
    : `${rate} of today's deposits, no cap`;
}

/** Proposes the promo's going live, in the caller's transaction (the promo was just saved inactive). */
export async function proposeActivation(
  trx: Transaction<Database>,
  proposer: DualControlActor,
  row: PromoRow,
): Promise<DualControlRequestView> {
  const most = promoMostPerPlayer({
    creditTo: row.credit_to,
    kind: row.kind,
    rewardAmount: row.reward_amount,
    rewardCap: row.reward_cap,
    perPlayerLimit: row.per_player_limit,
  });
  return proposeChange(trx, proposer, {
    kind: DualControlKinds.promoActivation,
    subject: promoSubject(row.id),
    payload: { promoId: row.id, updatedAt: row.updated_at },
    summary: {
      title: `Promo ${row.code} (${row.name}) goes live`,
      changes: [
        { label: 'Status', before: 'Not live', after: 'Live: players can claim it' },
        { label: 'Reward per claim', before: null, after: rewardText(row) },
        { label: 'Paid to', before: null, after: creditToText(row.credit_to) },
        { label: 'Claims per player', before: null, after: remainingText(row.per_player_limit) },
        { label: 'Most one player can get', before: null, after: most === null ? 'No bound' : formatPeso(most) },
        { label: 'Claims in total', before: null, after: remainingText(row.remaining) },
        { label: 'Duration', before: null, after: validityText(row.validity_hours) },
      ],
    },
  });
}

/** Ids of the promos whose going live waits for a second admin. */
export async function promosAwaitingApproval(db: Db): Promise<Set<number>> {
  const rows = await db
    .selectFrom('dual_control_requests')
    .select('subject')
    .where('kind', '=', DualControlKinds.promoActivation)
    .where('status', '=', 'pending')
    .execute();
  return new Set(rows.map((row) => Number(row.subject.replace('promo:', ''))));
}
