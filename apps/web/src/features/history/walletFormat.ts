import {
  MANILA_TIME_ZONE,
  paymentTypeLabel,
  WITHDRAW_COMPANY_LABELS,
  type CreditHistoryEntry,
  type WithdrawCompany,
} from '@karera/shared';

const manila = new Intl.DateTimeFormat('en-US', {
  timeZone: MANILA_TIME_ZONE,
  month: 'short',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * 'MMM DD' and 'HH:mm' in Manila time (docs/product/README.md#dates-money-and-languages), whatever the device's zone.
 */
export function walletDateTime(iso: string): { date: string; time: string } {
  const value = new Date(iso);
  if (Number.isNaN(value.getTime())) return { date: iso, time: '' };
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value: text } of manila.formatToParts(value)) part[type] = text;
  return { date: `${part.month} ${part.day}`, time: `${part.hour}:${part.minute}` };
}

/** Withdrawals read as negative amounts (docs/product/money.md#wallet-history). */
export function signedAmount(entry: Pick<CreditHistoryEntry, 'creditType' | 'amount'>): number {
  return entry.creditType === 'WR' ? -entry.amount : entry.amount;
}

function isCompany(value: string): value is WithdrawCompany {
  return value in WITHDRAW_COMPANY_LABELS;
}

/** The channel as a player reads it: PAYMAYA as MAYA, a withdrawal company by its name. */
export function channelOf(entry: Pick<CreditHistoryEntry, 'paymentType' | 'companyName'>): string {
  if (entry.companyName && isCompany(entry.companyName)) return WITHDRAW_COMPANY_LABELS[entry.companyName];
  return paymentTypeLabel(entry.paymentType);
}

/** "Name · Number", or null for adjustments and promos, which have no account. */
export function accountDetailsOf(entry: Pick<CreditHistoryEntry, 'accountName' | 'accountNumber'>): string | null {
  const parts = [entry.accountName, entry.accountNumber].filter((p): p is string => Boolean(p));
  return parts.length > 0 ? parts.join(' · ') : null;
}
