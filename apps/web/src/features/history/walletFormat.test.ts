import { describe, expect, it } from 'vitest';
import { accountDetailsOf, channelOf, signedAmount, walletDateTime } from './walletFormat.ts';

describe('wallet history format', () => {
  it('shows MMM DD and HH:mm in Manila time', () => {
    expect(walletDateTime('2026-11-21T16:05:00.000Z')).toEqual({ date: 'Nov 22', time: '00:05' });
  });
  it('shows withdrawals negative', () => {
    expect(signedAmount({ creditType: 'WR', amount: 500 })).toBe(-500);
    expect(signedAmount({ creditType: 'DR', amount: 500 })).toBe(500);
  });
  it('shows PAYMAYA as MAYA and companies by name', () => {
    expect(channelOf({ paymentType: 'PAYMAYA', companyName: null })).toBe('MAYA');
    expect(channelOf({ paymentType: 'BDO', companyName: 'bdo' })).toBe('BDO');
    expect(channelOf({ paymentType: 'SYSTEM-ADJ', companyName: null })).toBe('SYSTEM-ADJ');
    expect(accountDetailsOf({ accountName: 'Maria', accountNumber: '0917' })).toBe('Maria · 0917');
    expect(accountDetailsOf({ accountName: null, accountNumber: null })).toBeNull();
  });
});
