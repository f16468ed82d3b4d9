import { z } from 'zod';
import { DEPOSIT_ACCOUNT_TYPES, WITHDRAW_COMPANIES } from '../../payments/channels.ts';
import { STAFF_ROLES } from '../../roles.ts';
import { PAYMENT_REQUEST_KINDS, PAYMENT_STATUSES } from '../../validation/payment.ts';
import { depositAccountViewSchema, withdrawChannelViewSchema } from './channelImages.ts';

const paymentStatus = z.enum(PAYMENT_STATUSES);
/** Centavos. */
const centavos = z.number().int();
const amountLimitsSchema = z.object({ min: centavos, max: centavos });

/** One receiver account per type, chosen for this player (player id modulo the type's active accounts). */
export const depositMethodAccountSchema = z.object({
  id: z.number().int(),
  type: z.enum(DEPOSIT_ACCOUNT_TYPES),
  accountName: z.string(),
  accountNumber: z.string(),
  companyNumber: z.string().nullable(),
  /** Bonus reward in percent of the deposit (the 111 type: 5). */
  bonusPercent: z.number(),
  /** The image the operator set for the account; null shows the built-in badge of its type. */
  imageUrl: z.string().nullable(),
});

export const depositMethodResponseSchema = z.object({
  statusCode: z.literal(200),
  accounts: z.array(depositMethodAccountSchema),
  /** Every withdraw channel, in the order of WITHDRAW_COMPANIES. */
  withdrawChannels: z.array(withdrawChannelViewSchema),
  depositLimits: amountLimitsSchema,
  withdrawLimits: amountLimitsSchema,
});

export const paymentRequestReceiptSchema = z.object({
  statusCode: z.literal(200),
  transactionId: z.string(),
  amount: centavos,
  status: paymentStatus,
  /** Balances after the request (a withdrawal moves the amount out of credit at once). */
  creditBalance: centavos,
  bonusBalance: centavos,
});

/** A wallet history row (docs/product/money.md#wallet-history). Amount is positive; WR rows read as negative. */
export const creditHistoryEntrySchema = z.object({
  id: z.string(),
  /** DR deposit, WR withdrawal. */
  creditType: z.enum(['DR', 'WR']),
  dateTime: z.string(),
  status: paymentStatus,
  amount: centavos,
  /** GCASH, PAYMAYA (shown as MAYA), a bank or company, SYSTEM-ADJ or PROMO. */
  paymentType: z.string(),
  accountName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  companyName: z.string().nullable(),
  /** Deposit: the reference number; withdrawal: null. */
  tranRef1: z.string().nullable(),
  /** Deposit: the sender number; withdrawal: null. */
  tranRef2: z.string().nullable(),
  /** Bonus reward credited with this row (the +5% of type 111, a promo's bonus). */
  bonus: centavos,
  /** The player's note, and the reason when declined. */
  notes: z.string().nullable(),
  /** A group ticket's movement (paymentType BAKAS): which group, and what moved; the screen words it. */
  groupTicket: z
    .object({ code: z.string(), title: z.string(), movement: z.enum(['shares', 'winnings', 'refund']) })
    .optional(),
});

export const transactionHistoryResponseSchema = z.object({
  statusCode: z.literal(200),
  creditHistory: z.array(creditHistoryEntrySchema),
});

export const imageExtractResponseSchema = z.object({
  statusCode: z.literal(200),
  /** Null when the receipt did not show one clearly. */
  referenceNumber: z.string().nullable(),
  /** Centavos, or null. */
  amount: centavos.nullable(),
  /** The stored image, to send with the deposit (receiptId) so the approving staff member sees it. */
  receiptId: z.number().int(),
});

// Back office.

export const paymentRequestViewSchema = z.object({
  id: z.number().int(),
  transactionId: z.string(),
  kind: z.enum(PAYMENT_REQUEST_KINDS),
  status: paymentStatus,
  playerId: z.number().int(),
  playerName: z.string(),
  mobileNo: z.string(),
  agentName: z.string().nullable(),
  amount: centavos,
  bonus: centavos,
  /** Deposit: the receiver account type; withdrawal: the company. */
  channel: z.union([z.enum(DEPOSIT_ACCOUNT_TYPES), z.enum(WITHDRAW_COMPANIES)]),
  /** Deposit: our receiving account; withdrawal: the player's account. */
  accountName: z.string(),
  accountNumber: z.string(),
  senderNumber: z.string().nullable(),
  referenceNumber: z.string().nullable(),
  note: z.string().nullable(),
  decisionNote: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  /** The player attached a receipt image: staff in scope read it at PaymentBackofficeRoutes.receipt(id). */
  hasReceipt: z.boolean(),
  /** Maker-checker (decision 020): the first approval of a deposit above the threshold; the request stays PENDING. */
  firstApprovedBy: z.string().nullable(),
  /** The first approver's id and role: the back office offers the second approval only to whom may give it. */
  firstApprovedById: z.number().int().nullable(),
  firstApproverRole: z.enum(STAFF_ROLES).nullable(),
  firstApprovedAt: z.string().nullable(),
  /** The role the second approver needs, while the request waits for one. */
  secondApproverRole: z.enum(['master_agent_or_admin', 'admin']).nullable(),
  /**
   * Why this deposit needs two approvals (decision 042): above the threshold, no receipt, or a receipt whose
   * reading is not the request's; null for one approval (and for withdrawals).
   */
  secondApprovalReason: z.enum(['amount', 'no_receipt', 'receipt_mismatch']).nullable(),
  /** What the receipt reader read from the attached receipt (a field null when not found); null: no receipt. */
  receiptReading: z.object({ amount: centavos.nullable(), referenceNumber: z.string().nullable() }).nullable(),
});

export const paymentRequestListResponseSchema = z.object({
  statusCode: z.literal(200),
  requests: z.array(paymentRequestViewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const paymentDecisionResponseSchema = z.object({
  statusCode: z.literal(200),
  request: paymentRequestViewSchema,
});

export const depositAccountListResponseSchema = z.object({
  statusCode: z.literal(200),
  accounts: z.array(depositAccountViewSchema),
});

export const depositAccountResponseSchema = z.object({
  statusCode: z.literal(200),
  account: depositAccountViewSchema,
});

export const paymentLimitsResponseSchema = z.object({
  statusCode: z.literal(200),
  deposit: amountLimitsSchema,
  withdraw: amountLimitsSchema,
});

// Maker-checker (decision 020).

const dailyApprovalLimit = centavos.nullable();

export const approvalSettingsResponseSchema = z.object({
  statusCode: z.literal(200),
  /** A deposit above this amount needs a second approval. */
  depositSecondApprovalAbove: centavos,
  /** A balance adjustment whose size (credit or debit) is above this amount needs a second admin. */
  adjustmentSecondApprovalAbove: centavos,
  /** Most a staff member of each role may approve per Manila day; null: no limit. */
  dailyApprovalLimits: z.object({
    agent: dailyApprovalLimit,
    master_agent: dailyApprovalLimit,
    admin: dailyApprovalLimit,
  }),
  /** A promo that could pay one player more than this goes live only with a second admin (decision 045). */
  promoSecondApprovalAbove: centavos,
});

/** A balance adjustment waiting for (or decided by) a second admin. */
export const balanceAdjustmentViewSchema = z.object({
  id: z.number().int(),
  playerId: z.number().int(),
  playerName: z.string(),
  account: z.enum(['credit', 'bonus']),
  amount: centavos,
  reason: z.string(),
  status: paymentStatus,
  requestedBy: z.string(),
  /** Who asked, by id and role: the back office offers the second approval only to whom may give it. */
  requestedById: z.number().int(),
  requesterRole: z.enum(STAFF_ROLES),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  transactionId: z.number().int().nullable(),
});

export const balanceAdjustmentListResponseSchema = z.object({
  statusCode: z.literal(200),
  adjustments: z.array(balanceAdjustmentViewSchema),
});

export const balanceAdjustmentDecisionResponseSchema = z.object({
  statusCode: z.literal(200),
  adjustment: balanceAdjustmentViewSchema,
});
