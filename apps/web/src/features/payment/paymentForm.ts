import {
  parsePesos,
  RECEIPT_MAX_BYTES,
  RECEIPT_MIME_TYPES,
  WITHDRAW_COMPANIES,
  type WithdrawCompany,
} from '@karera/shared';

/** The typed amount in centavos, or null when empty or not a peso amount (e.g. "12.345"). */
export function amountOf(text: string): number | null {
  if (text.trim() === '') return null;
  const value = parsePesos(text);
  return value === null || value < 0 ? null : value;
}

/** Centavos as the amount field shows them: "500", "1250.50". */
export function amountText(centavos: number): string {
  const cents = centavos % 100;
  return cents === 0 ? String(centavos / 100) : `${Math.trunc(centavos / 100)}.${String(cents).padStart(2, '0')}`;
}

/** What the amount field keeps of a keystroke or paste: digits, one dot, two decimals. */
export function cleanAmountInput(text: string): string {
  const [whole = '', ...rest] = text.replace(/[^\d.]/g, '').split('.');
  return rest.length === 0 ? whole.slice(0, 9) : `${whole.slice(0, 9)}.${rest.join('').slice(0, 2)}`;
}

/** A pasted reference keeps letters and digits only (whitespace from a paste goes). */
export function cleanReferenceInput(text: string): string {
  return text.replace(/\s+/g, '').slice(0, 30);
}

export type ReceiptCheck = { ok: true } | { ok: false; reason: 'type' | 'size' };

export function checkReceiptFile(file: { type: string; size: number }): ReceiptCheck {
  if (!(RECEIPT_MIME_TYPES as readonly string[]).includes(file.type)) return { ok: false, reason: 'type' };
  if (file.size > RECEIPT_MAX_BYTES) return { ok: false, reason: 'size' };
  return { ok: true };
}

// Remembered between visits (docs/product/screens.md#payment): last deposit sender number, last withdraw account.
const SENDER_KEY = 'karera.lastDepositSender';
const WITHDRAW_ACCOUNT_KEY = 'karera.lastWithdrawAccount';

export interface WithdrawAccount {
  companyName: WithdrawCompany;
  accountName: string;
  accountNumber: string;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function lastSenderNumber(store: Pick<Storage, 'getItem'> | null = storage()): string {
  return store?.getItem(SENDER_KEY)?.slice(0, 30) ?? '';
}

export function rememberSenderNumber(value: string, store: Pick<Storage, 'setItem'> | null = storage()): void {
  if (value && value !== '7-11') store?.setItem(SENDER_KEY, value);
}

export function lastWithdrawAccount(store: Pick<Storage, 'getItem'> | null = storage()): WithdrawAccount | null {
  const raw = store?.getItem(WITHDRAW_ACCOUNT_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { companyName, accountName, accountNumber } = parsed as Record<string, unknown>;
    const company = WITHDRAW_COMPANIES.find((c) => c === companyName);
    if (!company || typeof accountName !== 'string' || typeof accountNumber !== 'string') return null;
    return { companyName: company, accountName: accountName.slice(0, 60), accountNumber: accountNumber.slice(0, 30) };
  } catch {
    return null;
  }
}

export function rememberWithdrawAccount(
  account: WithdrawAccount,
  store: Pick<Storage, 'setItem'> | null = storage(),
): void {
  store?.setItem(WITHDRAW_ACCOUNT_KEY, JSON.stringify(account));
}

/** The file as base64 (no data: prefix), for payment/imageExtract. */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const result = typeof reader.result === 'string' ? reader.result : '';
      resolve(result.slice(result.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
