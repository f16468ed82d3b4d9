import { z } from 'zod';

/**
 * Dual control (decision 045): a money setting, a promo that could pay much or pays to credit, and other
 * changes registered as a kind, are proposed by one admin and applied only when a second, independent
 * admin approves. These are the words both sides use.
 */

export const DUAL_CONTROL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type DualControlStatus = (typeof DUAL_CONTROL_STATUSES)[number];

/** The kinds of change this product puts under dual control, with the name the back office shows. */
export const DualControlKinds = {
  approvalSettings: 'payments.approval_settings',
  paymentLimits: 'payments.limits',
  toteSetting: 'tote.setting',
  promoActivation: 'promo.activation',
  officialResult: 'tote.official_result',
} as const;

export const DUAL_CONTROL_KIND_LABELS: Record<string, string> = {
  [DualControlKinds.approvalSettings]: 'Approval settings',
  [DualControlKinds.paymentLimits]: 'Deposit and withdrawal limits',
  [DualControlKinds.toteSetting]: 'Pool split, taxes and rules',
  [DualControlKinds.promoActivation]: 'Promo going live',
  [DualControlKinds.officialResult]: 'Official dividends of a race',
};

/** What a change does, as the approver reads it: a title and each field's value before and after. */
export const dualControlSummarySchema = z.object({
  title: z.string(),
  changes: z.array(
    z.object({
      label: z.string(),
      /** null: the field had no value before (a new promo, a new setting). */
      before: z.string().nullable(),
      after: z.string(),
    }),
  ),
});
export type DualControlSummary = z.infer<typeof dualControlSummarySchema>;

export const DualControlMessages = {
  proposed: 'Sent for a second admin’s approval. The change applies when another admin approves it.',
  approved: 'Approved: the change is in force.',
  rejected: 'Rejected: nothing changed.',
  alreadyPending: 'A change of this already waits for a second admin: approve or reject it first.',
  notFound: 'Approval request not found.',
  alreadyDecided: 'This request was already decided.',
  proposerCannotApprove: 'You proposed this change: another admin must approve it.',
  approverMustBeAdmin: 'Only an admin can approve a change.',
  noteRequired: 'Please give a reason (1-500 characters).',
  nothingChanged: 'This is already the setting in force: there is nothing to approve.',
  cannotApply: 'This change can no longer be applied as proposed: reject it and propose it again.',
} as const;

export const dualControlRejectSchema = z.strictObject({
  note: z
    .string(DualControlMessages.noteRequired)
    .trim()
    .min(1, DualControlMessages.noteRequired)
    .max(500, DualControlMessages.noteRequired),
});
