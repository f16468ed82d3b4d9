import { z } from 'zod';
import type { StaffRole } from '../roles.ts';
import type {
  approvalSettingsResponseSchema,
  balanceAdjustmentDecisionResponseSchema,
  balanceAdjustmentListResponseSchema,
  balanceAdjustmentViewSchema,
} from '../api/schemas/payment.ts';
import { limitText } from './messages.ts';

/**
 * Maker-checker and daily approval limits (decisions 020 and 042). Amounts are integer centavos. A deposit
 * above its threshold, or whose receipt does not say what its request says, and a player's adjustments of a
 * Manila day above their threshold need a second approval by an independent staff member (decision 042) of
 * a higher role (an admin's by another admin); every approval counts towards its approver's total of the
 * Manila day.
 */
export interface ApprovalSettings {
  /** A deposit above this amount needs a second approval. */
  depositSecondApprovalAbove: number;
  /**
   * A balance adjustment that takes the sizes (credits and debits) adjusted by one admin alone to one player
   * in a Manila day above this amount needs a second admin (decision 042).
   */
  adjustmentSecondApprovalAbove: number;
  /** Most a staff member of each role may approve per Manila day; null: no limit. */
  dailyApprovalLimits: Record<StaffRole, number | null>;
  /**
   * A promo that could pay one player more than this (reward per claim times claims per player, or its
   * cap; a rebate has none) goes live only when a second admin approves it (decision 045).
   */
  promoSecondApprovalAbove: number;
}

/** ₱1,000 per player until an admin sets otherwise (decision 045). */
export const DEFAULT_PROMO_SECOND_APPROVAL_ABOVE = 100_000;

/**
 * Until an admin sets them: ₱10,000 for two approvals; a day's approvals up to ₱200,000 (agent) and
 * ₱1,000,000 (master agent and admin: an admin's own adjustments count too, decision 042).
 */
export const DEFAULT_APPROVAL_SETTINGS: ApprovalSettings = {
  depositSecondApprovalAbove: 1_000_000,
  adjustmentSecondApprovalAbove: 1_000_000,
  dailyApprovalLimits: { agent: 20_000_000, master_agent: 100_000_000, admin: 100_000_000 },
  promoSecondApprovalAbove: DEFAULT_PROMO_SECOND_APPROVAL_ABOVE,
};

const ROLE_RANK: Record<StaffRole, number> = { agent: 1, master_agent: 2, admin: 3 };

/** Who may give the second approval: a higher role than the first approver's; an admin's, another admin. */
export function maySecondApprove(firstApproverRole: StaffRole, secondApproverRole: StaffRole): boolean {
  if (firstApproverRole === 'admin') return secondApproverRole === 'admin';
  return ROLE_RANK[secondApproverRole] > ROLE_RANK[firstApproverRole];
}

/**
 * Why `second` may not give the second approval of what `first` approved (or asked for): the same person,
 * or a role too low, as the server refuses them. Null when they may try: the server alone also checks that
 * they stand outside the first approver's line (secondPersonRefusal).
 */
export function secondApprovalRefusal(
  first: { id: number; role: StaffRole },
  second: { id: number; role: StaffRole },
): string | null {
  if (first.id === second.id) return ApprovalMessages.sameApprover;
  if (!maySecondApprove(first.role, second.role)) return ApprovalMessages.secondApproverRole(first.role);
  return null;
}

export function needsSecondApproval(amount: number, threshold: number): boolean {
  return Math.abs(amount) > threshold;
}

/**
 * Why a deposit needs two approvals (decision 042), or null when one suffices: above the threshold; no
 * receipt attached; or a receipt whose reading (amount and reference, as the receipt reader read them) is
 * not the request's. The reference is compared as the request stores it (normalised for its channel).
 */
export type DepositSecondApprovalReason = 'amount' | 'no_receipt' | 'receipt_mismatch';

export interface DepositForApproval {
  amount: number;
  /** The request's reference, normalised (normalizeReference) for its channel. */
  referenceNumber: string | null;
  /** Null when no receipt is attached; a field is null when the reader could not find it. */
  receiptReading: { amount: number | null; referenceNumber: string | null } | null;
}

export function depositSecondApprovalReason(
  deposit: DepositForApproval,
  threshold: number,
  normaliseReference: (raw: string) => string,
): DepositSecondApprovalReason | null {
  if (needsSecondApproval(deposit.amount, threshold)) return 'amount';
  const reading = deposit.receiptReading;
  if (!reading) return 'no_receipt';
  const sameAmount = reading.amount !== null && reading.amount === deposit.amount;
  const sameReference =
    reading.referenceNumber !== null &&
    deposit.referenceNumber !== null &&
    normaliseReference(reading.referenceNumber) === deposit.referenceNumber;
  return sameAmount && sameReference ? null : 'receipt_mismatch';
}

/**
 * A staff member counts as the second person of an approval only once their account is this old
 * (decision 042): an account opened to be a puppet approver cannot be used at once.
 */
export const SECOND_PERSON_PROBATION_DAYS = 7;

/**
 * For this many days after approving a player's deposit or adjustment, a staff member cannot approve that
 * player's withdrawal (decision 042): whoever let money in does not also let it out.
 */
export const WITHDRAWAL_CONFLICT_DAYS = 7;

export const ApprovalMessages = {
  secondPersonInLine:
    'The second approval must come from someone outside the first approver’s line: not their creator, upline, nor anyone they created.',
  secondPersonOnProbation: `A staff member counts as the second approver only ${SECOND_PERSON_PROBATION_DAYS} days after their account was created.`,
  secondPersonBranch: 'The second approval must come from an admin or a master agent of another branch.',
  sameApprover: 'You gave the first approval: another staff member must give the second.',
  secondApproverRole: (firstApproverRole: StaffRole) =>
    firstApproverRole === 'admin'
      ? 'The second approval must come from another admin.'
      : firstApproverRole === 'master_agent'
        ? 'The second approval must come from an admin.'
        : 'The second approval must come from a master agent or an admin.',
  withdrawalAfterIdentityCheck:
    'You verified this player’s identity: another staff member must approve their withdrawal.',
  withdrawalAfterCredit: `You approved a deposit or an adjustment of this player’s in the last ${WITHDRAWAL_CONFLICT_DAYS} days: another staff member must approve their withdrawal.`,
  withdrawalAfterLineCredit: `Someone in your line (your creator, your upline or anyone you created) approved a deposit or an adjustment of this player’s in the last ${WITHDRAWAL_CONFLICT_DAYS} days: a staff member outside that line must approve their withdrawal.`,
  alreadyFirstApproved: 'This request already has its first approval; it waits for a second approver.',
  dailyLimit: (limit: number, approvedToday: number) =>
    `This approval would take you over your daily approval limit of ₱${limitText(limit)} (₱${limitText(approvedToday)} approved today).`,
  adjustmentNotFound: 'Adjustment not found.',
  adjustmentDecided: 'This adjustment was already decided.',
  thresholdRange: 'Thresholds must be between ₱0.00 and ₱1,000,000.00.',
  dailyLimitRange: 'Daily limits must be between ₱1.00 and ₱100,000,000.00, or empty for no limit.',
} as const;

const threshold = z
  .number(ApprovalMessages.thresholdRange)
  .int(ApprovalMessages.thresholdRange)
  .min(0, ApprovalMessages.thresholdRange)
  .max(100_000_000, ApprovalMessages.thresholdRange);
const dailyLimit = z
  .number(ApprovalMessages.dailyLimitRange)
  .int(ApprovalMessages.dailyLimitRange)
  .min(100, ApprovalMessages.dailyLimitRange)
  .max(10_000_000_000, ApprovalMessages.dailyLimitRange)
  .nullable();

export const approvalSettingsSchema = z.strictObject({
  depositSecondApprovalAbove: threshold,
  adjustmentSecondApprovalAbove: threshold,
  dailyApprovalLimits: z.strictObject({ agent: dailyLimit, master_agent: dailyLimit, admin: dailyLimit }),
  // Settings stored before this field existed read as the default (decision 045).
  promoSecondApprovalAbove: threshold.default(DEFAULT_PROMO_SECOND_APPROVAL_ABOVE),
});
export type ApprovalSettingsInput = z.infer<typeof approvalSettingsSchema>;

export type ApprovalSettingsResponse = z.infer<typeof approvalSettingsResponseSchema>;
/** A balance adjustment waiting for (or decided by) a second admin. */
export type BalanceAdjustmentView = z.infer<typeof balanceAdjustmentViewSchema>;
export type BalanceAdjustmentListResponse = z.infer<typeof balanceAdjustmentListResponseSchema>;
export type BalanceAdjustmentDecisionResponse = z.infer<typeof balanceAdjustmentDecisionResponseSchema>;
