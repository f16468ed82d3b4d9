import { describe, expect, it } from 'vitest';
import {
  amountOf,
  amountText,
  checkReceiptFile,
  cleanAmountInput,
  cleanReferenceInput,
  lastWithdrawAccount,
  rememberWithdrawAccount,
} from './paymentForm.ts';

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
}

describe('payment form helpers', () => {
  it('reads typed pesos as centavos without floats', () => {
    expect(amountOf('500')).toBe(50_000);
    expect(amountOf('1,250.5')).toBe(125_050);
    expect(amountOf('')).toBeNull();
    expect(amountOf('12.345')).toBeNull();
    expect(amountText(125_050)).toBe('1250.50');
    expect(amountText(50_000)).toBe('500');
  });

  it('keeps digits and two decimals in the amount, letters and digits in a pasted reference', () => {
    expect(cleanAmountInput('₱1,2a3.456')).toBe('123.45');
    expect(cleanReferenceInput(' 7012 345\n678901 ')).toBe('7012345678901');
  });

  it('accepts receipt images up to 4 MB', () => {
    expect(checkReceiptFile({ type: 'image/png', size: 1000 })).toEqual({ ok: true });
    expect(checkReceiptFile({ type: 'application/pdf', size: 1000 })).toEqual({ ok: false, reason: 'type' });
    expect(checkReceiptFile({ type: 'image/jpeg', size: 5 * 1024 * 1024 })).toEqual({ ok: false, reason: 'size' });
  });

  it('remembers the last withdraw account and ignores a tampered one', () => {
    const store = memoryStorage();
    rememberWithdrawAccount({ companyName: 'bdo', accountName: 'Maria', accountNumber: '123' }, store);
    expect(lastWithdrawAccount(store)).toEqual({ companyName: 'bdo', accountName: 'Maria', accountNumber: '123' });
    store.setItem('karera.lastWithdrawAccount', '{"companyName":"paypal","accountName":"x","accountNumber":"1"}');
    expect(lastWithdrawAccount(store)).toBeNull();
  });
});
