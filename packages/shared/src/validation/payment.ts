import { z } from 'zod';
import {
  DEFAULT_WITHDRAW_COMPANY,
  DEPOSIT_ACCOUNT_TYPES,
  LIMIT_BOUNDS,
  NOTE_MAX,
  RECEIPT_MAX_BYTES,
  WITHDRAW_COMPANIES,
} from '../payments/channels.ts';
import { PaymentMessages } from '../payments/messages.ts';

/*
 * Shapes of the payment calls. Money never arrives as text: an amount must be a JSON integer of
 * centavos. The rules that depend on the chosen channel, the limits or the balance (depositRefusal,
 * withdrawRefusal) run in the service, with the same functions the forms use.
 */

const session = {
  sessionId: z.string().max(200).optional(),
  playerId: z.union([z.number().int(), z.string().max(20)]).optional(),
};
const idempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, 'A request key (8-100 letters or digits) is required.');
const note = z.string().max(NOTE_MAX, PaymentMessages.noteTooLong).optional();
const centavosOr = (message: string) =>
  z.number(message).int(message).min(0, message).max(Number.MAX_SAFE_INTEGER, message);

export const initiateDepositSchema = z.strictObject({
  amount: centavosOr(PaymentMessages.depositAmountRequired),
  senderNumber: z.string(PaymentMessages.senderRequired).max(60, PaymentMessages.senderFormat),
  /** The receiver deposit account's id (sent as receiverNumber). */
  receiverNumber: z
    .number(PaymentMessages.receiverRequired)
    .int(PaymentMessages.receiverRequired)
    .positive(PaymentMessages.receiverRequired)
    .max(2 ** 31 - 1, PaymentMessages.receiverRequired),
  /** As typed or pasted; whitespace is removed before the 30-character check. */
  referenceNumber: z.string(PaymentMessages.referenceRequired).max(120, PaymentMessages.referenceFormat),
  note,
  /** The receipt image uploaded for this deposit (imageExtract answers its id). */
  receiptId: z
    .number(PaymentMessages.receiptNotFound)
    .int(PaymentMessages.receiptNotFound)
    .positive(PaymentMessages.receiptNotFound)
    .max(2 ** 31 - 1, PaymentMessages.receiptNotFound)
    .optional(),
  idempotencyKey,
  ...session,
});
export type InitiateDepositInput = z.infer<typeof initiateDepositSchema>;

export const initiateWithdrawSchema = z.strictObject({
  amount: centavosOr(PaymentMessages.withdrawAmountRequired),
  companyName: z.enum(WITHDRAW_COMPANIES, PaymentMessages.companyRequired).default(DEFAULT_WITHDRAW_COMPANY),
  accountName: z.string(PaymentMessages.accountNameRequired).max(200, PaymentMessages.accountNameTooLong),
  accountNumber: z.string(PaymentMessages.accountNumberRequired).max(100, PaymentMessages.accountNumberFormat),
  note,
  idempotencyKey,
  ...session,
});
export type InitiateWithdrawInput = z.infer<typeof initiateWithdrawSchema>;

export const HISTORY_TYPE_FILTERS = ['ALL', 'DEPOSIT', 'WITHDRAWAL'] as const;
export type HistoryTypeFilter = (typeof HISTORY_TYPE_FILTERS)[number];
export const HISTORY_STATUS_FILTERS = ['ALL', 'PENDING', 'APPROVED', 'DECLINED'] as const;
export type HistoryStatusFilter = (typeof HISTORY_STATUS_FILTERS)[number];

export const transactionHistorySchema = z.strictObject({
  type: z.enum(HISTORY_TYPE_FILTERS).optional(),
  status: z.enum(HISTORY_STATUS_FILTERS).optional(),
  ...session,
});
export type TransactionHistoryInput = z.infer<typeof transactionHistorySchema>;

/** Base64 of the image, at most RECEIPT_MAX_BYTES once decoded (4/3 larger as text, plus a data: prefix). */
export const imageExtractSchema = z.strictObject({
  image: z
    .string(PaymentMessages.receiptType)
    .min(1, PaymentMessages.receiptType)
    .max(Math.ceil((RECEIPT_MAX_BYTES * 4) / 3) + 100, PaymentMessages.receiptTooLarge),
  ...session,
});
export type ImageExtractInput = z.infer<typeof imageExtractSchema>;

export const sessionOnlyPaymentSchema = z.strictObject(session);

// Back office.

export const paymentDecisionSchema = z.strictObject({
  note: z.string().trim().max(NOTE_MAX, PaymentMessages.noteTooLong).optional(),
});
export type PaymentDecisionInput = z.infer<typeof paymentDecisionSchema>;

export const paymentDeclineSchema = z.strictObject({
  note: z
    .string(PaymentMessages.declineNoteRequired)
    .trim()
    .min(1, PaymentMessages.declineNoteRequired)
    .max(NOTE_MAX, PaymentMessages.noteTooLong),
});
export type PaymentDeclineInput = z.infer<typeof paymentDeclineSchema>;

export const depositAccountSchema = z.strictObject({
  type: z.enum(DEPOSIT_ACCOUNT_TYPES),
  accountName: z
    .string(PaymentMessages.accountNameStaff)
    .trim()
    .min(1, PaymentMessages.accountNameStaff)
    .max(60, PaymentMessages.accountNameStaff),
  accountNumber: z
    .string(PaymentMessages.accountNumberStaff)
    .trim()
    .min(1, PaymentMessages.accountNumberStaff)
    .max(30, PaymentMessages.accountNumberStaff),
  /** Bank or company name/number shown beside the account (e.g. the bank for BANK accounts). */
  companyNumber: z.string().trim().max(60).optional(),
  active: z.boolean(),
});
export type DepositAccountInput = z.infer<typeof depositAccountSchema>;

const limit = z
  .number(PaymentMessages.limitsRange)
  .int(PaymentMessages.limitsRange)
  .min(LIMIT_BOUNDS.min, PaymentMessages.limitsRange)
  .max(LIMIT_BOUNDS.max, PaymentMessages.limitsRange);
const limits = z
  .strictObject({ min: limit, max: limit })
  .refine((l) => l.min <= l.max, { message: PaymentMessages.limitsOrder });

export const paymentLimitsSchema = z.strictObject({ deposit: limits, withdraw: limits });
export type PaymentLimitsInput = z.infer<typeof paymentLimitsSchema>;

export const PAYMENT_REQUEST_KINDS = ['DEPOSIT', 'WITHDRAW'] as const;
export const PAYMENT_STATUSES = ['PENDING', 'APPROVED', 'DECLINED'] as const;
