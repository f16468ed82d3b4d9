import { PlayerMessages } from '../validation/playerMessages.ts';
import { DEPOSIT_FOLLOW_UP_MINUTES } from './channels.ts';

/** Amount limits read as whole pesos when whole ("50", "99,999"), else with centavos ("50.50"). */
export function limitText(amount: number): string {
  const whole = Math.trunc(amount / 100);
  const cents = amount % 100;
  const grouped = whole.toLocaleString('en-US');
  return cents === 0 ? grouped : `${grouped}.${String(cents).padStart(2, '0')}`;
}

/** Deposit and withdraw texts (docs/product/money.md#deposits, #withdrawals), defined once. */
export const PaymentMessages = {
  noDepositAccount: 'No deposit account available, please check on our telegram for further notice.',
  depositAmountRequired: 'Deposit amount cannot be empty.',
  depositMin: (min: number) => `The minimum amount deposit was ${limitText(min)}.`,
  depositMax: (max: number) => `The maximum amount deposit was ${limitText(max)}.`,
  senderRequired: 'Sender number cannot be empty.',
  senderFormat: `Sender number must be at most 30 letters, digits, spaces, + or -.`,
  receiverRequired: 'Please select a receiver account.',
  referenceRequired: 'Reference number cannot be empty.',
  referenceFormat: 'Reference number must be letters and digits only, at most 30.',
  referenceUsed: 'This reference number was already used for an approved deposit.',
  /** A deposit with this channel and reference is pending or approved (any player). */
  referenceSubmitted: PlayerMessages.referenceSubmitted,
  withdrawAmountRequired: 'Withdraw amount cannot be empty.',
  withdrawRange: (min: number, max: number) =>
    `The minimum amount withdraw was ${limitText(min)} and the maximum amount withdraw was ${limitText(max)}.`,
  withdrawBalance: 'Your balance was not enough for your withdraw amount.',
  accountNameRequired: 'Account name cannot be empty.',
  accountNameTooLong: 'Account name must be at most 60 characters.',
  accountNumberRequired: 'Account number cannot be empty.',
  accountNumberFormat: 'Account number must be at most 30 digits, letters, spaces or dashes.',
  companyRequired: 'Please choose where to receive your withdrawal.',
  noteTooLong: 'Note must be at most 200 characters.',
  tryAgain: 'Please try again later.',
  depositSubmitted: 'Please wait for our agent to verify your deposit.',
  withdrawSubmitted: 'Please wait for our agent to verify your withdrawal.',
  followUp: `If your deposit is still pending after ${DEPOSIT_FOLLOW_UP_MINUTES} minutes, please follow up with our customer service.`,
  copied: 'Copied',
  // Receipt reading.
  receiptType: 'Please upload a PNG, JPEG or WebP image.',
  receiptTooLarge: 'The image is too large (at most 4 MB).',
  receiptDimensions: 'The image is too large (at most 16 megapixels, 10,000 pixels a side).',
  receiptUnreadable: 'We could not read this receipt. Please enter the details yourself.',
  receiptCorrupt: 'The image could not be read. Please upload a screenshot of your receipt.',
  receiptNotFound: 'Receipt not found. Please upload it again.',
  // Back office.
  requestNotFound: 'Payment request not found.',
  alreadyDecided: 'This request was already decided.',
  declineNoteRequired: 'Please write why the request is declined.',
  depositAccountNotFound: 'Deposit account not found.',
  accountNameStaff: 'Please enter the account name (at most 60 characters).',
  accountNumberStaff: 'Please enter the account number (at most 30 characters).',
  limitsOrder: 'The minimum must not be above the maximum.',
  limitsRange: 'Limits must be between ₱1.00 and ₱1,000,000.00.',
} as const;
