/**
 * Cash-in and cash-out channels, limits and quick amounts (docs/product/money.md#deposits, #withdrawals). Pure data
 * shared by the server, the player site and the back office. Amounts are centavos.
 */
import type { Centavos } from '../money.ts';

/** Deposit account types an operator can open. '111' carries a +5% bonus. */
export const DEPOSIT_ACCOUNT_TYPES = [
  'GCASH',
  'PAYMAYA',
  'CLIQQ',
  'SHOPEE',
  'GOTYME',
  'GRAB',
  'COINSPH',
  '111',
  '7-11',
  'BANK',
] as const;
export type DepositAccountType = (typeof DEPOSIT_ACCOUNT_TYPES)[number];

export function isDepositAccountType(value: string): value is DepositAccountType {
  return (DEPOSIT_ACCOUNT_TYPES as readonly string[]).includes(value);
}

/** How a channel reads to a player: PAYMAYA is shown as MAYA. */
export const DEPOSIT_TYPE_LABELS: Record<DepositAccountType, string> = {
  GCASH: 'GCash',
  PAYMAYA: 'Maya',
  CLIQQ: 'CLiQQ',
  SHOPEE: 'ShopeePay',
  GOTYME: 'GoTyme',
  GRAB: 'GrabPay',
  COINSPH: 'Coins.ph',
  '111': '111',
  '7-11': '7-Eleven',
  BANK: 'Bank',
};

/** Bonus reward, in percent of the deposit, credited to the bonus balance when the deposit is approved. */
export const DEPOSIT_BONUS_PERCENT: Partial<Record<DepositAccountType, number>> = { '111': 5 };

/** The 7-11 channel has no sender number: the form does not ask for it and sends this instead. */
export const SEVEN_ELEVEN_SENDER = '7-11';

export function depositBonusFor(type: DepositAccountType, amount: Centavos | number): number {
  const percent = DEPOSIT_BONUS_PERCENT[type] ?? 0;
  // Rounded down to the centavo: the house never pays a fraction it did not promise.
  return Math.floor((amount * percent) / 100);
}

/** Companies a player can withdraw to; gcash is the default. */
export const WITHDRAW_COMPANIES = [
  'gcash',
  'metrobank',
  'bdo',
  'bpi',
  'unionbank',
  'chinabank',
  'maya',
  'gotyme',
] as const;
export type WithdrawCompany = (typeof WITHDRAW_COMPANIES)[number];
export const DEFAULT_WITHDRAW_COMPANY: WithdrawCompany = 'gcash';

export const WITHDRAW_COMPANY_LABELS: Record<WithdrawCompany, string> = {
  gcash: 'GCash',
  metrobank: 'Metrobank',
  bdo: 'BDO',
  bpi: 'BPI',
  unionbank: 'UnionBank',
  chinabank: 'China Bank',
  maya: 'Maya',
  gotyme: 'GoTyme',
};

export interface AmountLimits {
  min: number;
  max: number;
}

/** Default limits: deposits ₱50-₱99,999, withdrawals ₱200-₱30,000. Operators may change them. */
export const DEFAULT_DEPOSIT_LIMITS: AmountLimits = { min: 5_000, max: 9_999_900 };
export const DEFAULT_WITHDRAW_LIMITS: AmountLimits = { min: 20_000, max: 3_000_000 };
/** The range an operator may set limits within (a typo must not allow a ₱10 million request). */
export const LIMIT_BOUNDS: AmountLimits = { min: 100, max: 100_000_000 };

/** Quick amounts in centavos. */
export const DEPOSIT_QUICK_AMOUNTS = [50, 100, 200, 500, 750, 1000, 2500, 5000].map((p) => p * 100);
export const WITHDRAW_QUICK_AMOUNTS = [500, 750, 1000, 2500, 5000, 7500, 10000, 20000].map((p) => p * 100);

export const REFERENCE_MAX = 30;
export const NOTE_MAX = 200;
export const SENDER_MAX = 30;
export const ACCOUNT_NAME_MAX = 60;
export const ACCOUNT_NUMBER_MAX = 30;

/** Receipt upload for reading reference and amount (payment/imageExtract). */
export const RECEIPT_MAX_BYTES = 4 * 1024 * 1024;
/**
 * Pixel limits read from the image header before it is decoded: a few compressed kilobytes can claim
 * 30,000 x 30,000 pixels, gigabytes once decoded. A phone screenshot is about 1290 x 2796 (3.6 MP), a
 * 12 MP camera photo 4032 x 3024; a long scrolling screenshot is narrow and tall.
 */
export const RECEIPT_MAX_PIXELS = 16_000_000;
export const RECEIPT_MAX_SIDE = 10_000;
export const RECEIPT_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ReceiptMimeType = (typeof RECEIPT_MIME_TYPES)[number];

/** A player should ask support about a deposit still pending after this long (docs/product/screens.md#payment). */
export const DEPOSIT_FOLLOW_UP_MINUTES = 5;
/** How long the "copied" note stays. */
export const COPY_NOTE_MS = 1000;
