import type { z } from 'zod';
import type { StaffRole } from '../roles.ts';
import type {
  depositAccountViewSchema,
  withdrawChannelListResponseSchema,
  withdrawChannelViewSchema,
} from './schemas/channelImages.ts';
import type {
  creditHistoryEntrySchema,
  depositAccountListResponseSchema,
  depositMethodAccountSchema,
  depositMethodResponseSchema,
  imageExtractResponseSchema,
  paymentDecisionResponseSchema,
  paymentLimitsResponseSchema,
  paymentRequestListResponseSchema,
  paymentRequestReceiptSchema,
  paymentRequestViewSchema,
  transactionHistoryResponseSchema,
} from './schemas/payment.ts';

// PaymentRoutes and PaymentBackofficeRoutes are built from their operations: api/operations/payment.ts.

export type PaymentStatus = 'PENDING' | 'APPROVED' | 'DECLINED';
export type PaymentRequestKind = 'DEPOSIT' | 'WITHDRAW';
/** DR deposit, WR withdrawal (docs/product/money.md#wallet-history). */
export type CreditType = 'DR' | 'WR';

export type DepositMethodAccount = z.infer<typeof depositMethodAccountSchema>;
/** A withdraw channel and the image the operator set for it (null: the built-in badge). */
export type WithdrawChannelView = z.infer<typeof withdrawChannelViewSchema>;
export type DepositMethodResponse = z.infer<typeof depositMethodResponseSchema>;
export type PaymentRequestReceipt = z.infer<typeof paymentRequestReceiptSchema>;
/** A wallet history row (docs/product/money.md#wallet-history). Amount is positive; WR rows read as negative. */
export type CreditHistoryEntry = z.infer<typeof creditHistoryEntrySchema>;
export type TransactionHistoryResponse = z.infer<typeof transactionHistoryResponseSchema>;
export type ImageExtractResponse = z.infer<typeof imageExtractResponseSchema>;

// Back office.

export type PaymentRequestView = z.infer<typeof paymentRequestViewSchema>;
export type PaymentRequestListResponse = z.infer<typeof paymentRequestListResponseSchema>;
export type PaymentDecisionResponse = z.infer<typeof paymentDecisionResponseSchema>;
export type DepositAccountView = z.infer<typeof depositAccountViewSchema>;
export type DepositAccountListResponse = z.infer<typeof depositAccountListResponseSchema>;
export type WithdrawChannelListResponse = z.infer<typeof withdrawChannelListResponseSchema>;
export type PaymentLimitsResponse = z.infer<typeof paymentLimitsResponseSchema>;

/** Who may decide a request: admins all, master agents their agents' players, agents their own. */
export const PAYMENT_DECIDERS: readonly StaffRole[] = ['admin', 'master_agent', 'agent'];

/** The id a player and an agent read out: DR or WR and the request number. */
export function paymentTransactionId(kind: PaymentRequestKind, id: number): string {
  return `${kind === 'DEPOSIT' ? 'DR' : 'WR'}${String(id).padStart(6, '0')}`;
}

/** How a payment type reads to a player: PAYMAYA as MAYA. */
export function paymentTypeLabel(paymentType: string): string {
  return paymentType === 'PAYMAYA' ? 'MAYA' : paymentType;
}
