import type { Kysely, Transaction } from 'kysely';
import {
  approvalSettingsSchema,
  DualControlKinds,
  DualControlMessages,
  formatPeso,
  paymentLimitsSchema,
  proposalResponse,
  type ApprovalSettings,
  type DualControlRequestResponse,
  type DualControlSummary,
  type PaymentLimitsInput,
} from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import { recordAudit } from '../audit/index.ts';
import { proposeChange, registerDualControlKind, type DualControlActor } from '../dualcontrol/index.ts';
import { approvalSettings } from '../wallet/index.ts';
import { paymentLimits } from './payment-settings.ts';

/*
 * The payment money settings under dual control (decision 045): the maker-checker thresholds and daily
 * approval limits (payment_settings 'approvals') and the deposit and withdrawal limits ('limits'). An
 * admin's form proposes; the change is written when an independent second admin approves it.
 */

const APPROVALS_KEY = 'approvals';
const LIMITS_KEY = 'limits';

type Change = DualControlSummary['changes'][number];

const peso = (amount: number | null) => (amount === null ? 'No limit' : formatPeso(amount));

/** Only what changes, each before and after, for the approver to read. */
function changesOf(rows: { label: string; before: number | null; after: number | null }[]): Change[] {
  return rows
    .filter((row) => row.before !== row.after)
    .map((row) => ({ ...row, before: peso(row.before), after: peso(row.after) }));
}

async function writeSetting(trx: Transaction<Database>, key: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  await trx
    .insertInto('payment_settings')
    .values({ key, value: json, updated_at: nowIso() })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: nowIso() }))
    .execute();
}

function approvalSettingsChanges(before: ApprovalSettings, after: ApprovalSettings): Change[] {
  return changesOf([
    {
      label: 'Deposit: second approval above',
      before: before.depositSecondApprovalAbove,
      after: after.depositSecondApprovalAbove,
    },
    {
      label: 'Adjustments to one player a day: second admin above',
      before: before.adjustmentSecondApprovalAbove,
      after: after.adjustmentSecondApprovalAbove,
    },
    {
      label: 'Promo: second admin when one player could get more than',
      before: before.promoSecondApprovalAbove,
      after: after.promoSecondApprovalAbove,
    },
    {
      label: 'Daily approval limit: agent',
      before: before.dailyApprovalLimits.agent,
      after: after.dailyApprovalLimits.agent,
    },
    {
      label: 'Daily approval limit: master agent',
      before: before.dailyApprovalLimits.master_agent,
      after: after.dailyApprovalLimits.master_agent,
    },
    {
      label: 'Daily approval limit: admin',
      before: before.dailyApprovalLimits.admin,
      after: after.dailyApprovalLimits.admin,
    },
  ]);
}

function paymentLimitsChanges(before: PaymentLimitsInput, after: PaymentLimitsInput): Change[] {
  return changesOf([
    { label: 'Deposit: least', before: before.deposit.min, after: after.deposit.min },
    { label: 'Deposit: most', before: before.deposit.max, after: after.deposit.max },
    { label: 'Withdrawal: least', before: before.withdraw.min, after: after.withdraw.min },
    { label: 'Withdrawal: most', before: before.withdraw.max, after: after.withdraw.max },
  ]);
}

registerDualControlKind({
  kind: DualControlKinds.approvalSettings,
  payloadSchema: approvalSettingsSchema,
  async apply(trx, after, context) {
    const before = await approvalSettings(trx);
    await writeSetting(trx, APPROVALS_KEY, after);
    await recordAudit(
      trx,
      { type: 'staff', id: context.approverId, ip: context.ip },
      {
        action: 'payments.approval_settings_changed',
        details: {
          before,
          after,
          requestId: context.requestId,
          proposedBy: context.proposerId,
          approvedBy: context.approverId,
        },
      },
    );
  },
});

registerDualControlKind({
  kind: DualControlKinds.paymentLimits,
  payloadSchema: paymentLimitsSchema,
  async apply(trx, after, context) {
    const before = await paymentLimits(trx);
    await writeSetting(trx, LIMITS_KEY, after);
    await recordAudit(
      trx,
      { type: 'staff', id: context.approverId, ip: context.ip },
      {
        action: 'payments.limits_changed',
        details: {
          before,
          after,
          requestId: context.requestId,
          proposedBy: context.proposerId,
          approvedBy: context.approverId,
        },
      },
    );
  },
});

/** An admin's new approval settings, proposed: they apply when an independent second admin approves. */
export async function proposeApprovalSettings(
  db: Kysely<Database>,
  proposer: DualControlActor,
  after: ApprovalSettings,
): Promise<DualControlRequestResponse> {
  const changes = approvalSettingsChanges(await approvalSettings(db), after);
  if (changes.length === 0) throw badRequest(DualControlMessages.nothingChanged);
  const request = await proposeChange(db, proposer, {
    kind: DualControlKinds.approvalSettings,
    subject: APPROVALS_KEY,
    payload: after,
    summary: { title: 'Approval settings', changes },
  });
  return proposalResponse(request);
}

/** An admin's new deposit and withdrawal limits, proposed: they apply when a second admin approves. */
export async function proposePaymentLimits(
  db: Kysely<Database>,
  proposer: DualControlActor,
  after: PaymentLimitsInput,
): Promise<DualControlRequestResponse> {
  const changes = paymentLimitsChanges(await paymentLimits(db), after);
  if (changes.length === 0) throw badRequest(DualControlMessages.nothingChanged);
  const request = await proposeChange(db, proposer, {
    kind: DualControlKinds.paymentLimits,
    subject: LIMITS_KEY,
    payload: after,
    summary: { title: 'Deposit and withdrawal limits', changes },
  });
  return proposalResponse(request);
}
