import type { AmountLimits, DepositAccountType } from './channels.ts';
import { REFERENCE_MAX, SEVEN_ELEVEN_SENDER } from './channels.ts';
import { PaymentMessages } from './messages.ts';

const REFERENCE = new RegExp(`^[A-Z0-9]{1,${REFERENCE_MAX}}$`);
const SENDER = /^[A-Za-z0-9+\- ]{1,30}$/;
const ACCOUNT_NUMBER = /^[A-Za-z0-9 -]{1,30}$/;

/**
 * A reference number as it is stored and compared: whitespace from a paste removed, upper case, and for
 * Maya the letter O read as the zero it always is on a Maya receipt (docs/product/money.md#deposits).
 */
export function normalizeReference(raw: string, type: DepositAccountType | null): string {
  const compact = raw.replace(/\s+/g, '').toUpperCase();
  return type === 'PAYMAYA' ? compact.replaceAll('O', '0') : compact;
}

/** The sender number the 7-11 channel stores instead of asking for one. */
export function senderFor(type: DepositAccountType, typed: string): string {
  return type === '7-11' ? SEVEN_ELEVEN_SENDER : typed.trim();
}

export interface DepositDraft {
  /** Centavos, or null when nothing (or nothing readable) was typed. */
  amount: number | null;
  senderNumber: string;
  referenceNumber: string;
  /** The chosen receiver account's type, or null when none is chosen. */
  accountType: DepositAccountType | null;
}

/** The first refusal of a deposit in the order of docs/product/money.md#deposits, or null when it may be sent. */
export function depositRefusal(draft: DepositDraft, limits: AmountLimits): string | null {
  if (draft.amount === null || draft.amount <= 0) return PaymentMessages.depositAmountRequired;
  if (draft.amount < limits.min) return PaymentMessages.depositMin(limits.min);
  if (draft.amount > limits.max) return PaymentMessages.depositMax(limits.max);
  if (draft.accountType === null) return PaymentMessages.receiverRequired;
  const sender = senderFor(draft.accountType, draft.senderNumber);
  if (sender === '') return PaymentMessages.senderRequired;
  if (!SENDER.test(sender)) return PaymentMessages.senderFormat;
  const reference = normalizeReference(draft.referenceNumber, draft.accountType);
  if (reference === '') return PaymentMessages.referenceRequired;
  if (!REFERENCE.test(reference)) return PaymentMessages.referenceFormat;
  return null;
}

export interface WithdrawDraft {
  amount: number | null;
  accountName: string;
  accountNumber: string;
}

/**
 * The first refusal of a withdrawal in the order of docs/product/money.md#withdrawals, or null. `credit` is the
 * withdrawable balance.
 */
export function withdrawRefusal(draft: WithdrawDraft, limits: AmountLimits, credit: number): string | null {
  if (draft.amount === null || draft.amount <= 0) return PaymentMessages.withdrawAmountRequired;
  if (draft.amount < limits.min || draft.amount > limits.max) {
    return PaymentMessages.withdrawRange(limits.min, limits.max);
  }
  if (draft.amount > credit) return PaymentMessages.withdrawBalance;
  const name = draft.accountName.trim();
  if (name === '') return PaymentMessages.accountNameRequired;
  if (name.length > 60) return PaymentMessages.accountNameTooLong;
  const number = draft.accountNumber.trim();
  if (number === '') return PaymentMessages.accountNumberRequired;
  if (!ACCOUNT_NUMBER.test(number)) return PaymentMessages.accountNumberFormat;
  return null;
}
