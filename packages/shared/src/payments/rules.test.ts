import { describe, expect, it } from 'vitest';
import { DEFAULT_DEPOSIT_LIMITS, DEFAULT_WITHDRAW_LIMITS, depositBonusFor } from './channels.ts';
import { limitText, PaymentMessages } from './messages.ts';
import { depositRefusal, normalizeReference, withdrawRefusal, type DepositDraft } from './rules.ts';
import { balanceChangesIn, encodeBalanceChanged } from './realtime.ts';
import { initiateDepositSchema, initiateWithdrawSchema } from '../validation/payment.ts';

const deposit: DepositDraft = {
  amount: 10_000,
  senderNumber: '09171234567',
  referenceNumber: '7012345678901',
  accountType: 'GCASH',
};

describe('deposit rules', () => {
  it('accepts a complete deposit', () => {
    expect(depositRefusal(deposit, DEFAULT_DEPOSIT_LIMITS)).toBeNull();
  });

  it('refuses in the spec order with the spec texts', () => {
    expect(depositRefusal({ ...deposit, amount: null }, DEFAULT_DEPOSIT_LIMITS)).toBe(
      'Deposit amount cannot be empty.',
    );
    expect(depositRefusal({ ...deposit, amount: 0 }, DEFAULT_DEPOSIT_LIMITS)).toBe('Deposit amount cannot be empty.');
    expect(depositRefusal({ ...deposit, amount: 4_999 }, DEFAULT_DEPOSIT_LIMITS)).toBe(
      'The minimum amount deposit was 50.',
    );
    expect(depositRefusal({ ...deposit, amount: 10_000_000 }, DEFAULT_DEPOSIT_LIMITS)).toBe(
      'The maximum amount deposit was 99,999.',
    );
    expect(depositRefusal({ ...deposit, accountType: null }, DEFAULT_DEPOSIT_LIMITS)).toBe(
      PaymentMessages.receiverRequired,
    );
    expect(depositRefusal({ ...deposit, senderNumber: '  ' }, DEFAULT_DEPOSIT_LIMITS)).toBe(
      'Sender number cannot be empty.',
    );
    expect(depositRefusal({ ...deposit, referenceNumber: ' ' }, DEFAULT_DEPOSIT_LIMITS)).toBe(
      PaymentMessages.referenceRequired,
    );
    expect(depositRefusal({ ...deposit, referenceNumber: 'AB-12' }, DEFAULT_DEPOSIT_LIMITS)).toBe(
      PaymentMessages.referenceFormat,
    );
    expect(depositRefusal({ ...deposit, referenceNumber: '1'.repeat(31) }, DEFAULT_DEPOSIT_LIMITS)).toBe(
      PaymentMessages.referenceFormat,
    );
  });

  it('does not ask 7-11 for a sender number', () => {
    expect(depositRefusal({ ...deposit, senderNumber: '', accountType: '7-11' }, DEFAULT_DEPOSIT_LIMITS)).toBeNull();
  });

  it('removes pasted whitespace and reads Maya o as zero', () => {
    expect(normalizeReference(' 7012 345\t678901 ', 'GCASH')).toBe('7012345678901');
    expect(normalizeReference('1o2O 3abc', 'PAYMAYA')).toBe('10203ABC');
    expect(normalizeReference('1o2O', 'GCASH')).toBe('1O2O');
  });

  it('rounds the +5% bonus down to the centavo', () => {
    expect(depositBonusFor('111', 10_001)).toBe(500);
    expect(depositBonusFor('GCASH', 10_000)).toBe(0);
  });

  it('writes limits as pesos', () => {
    expect(limitText(5_000)).toBe('50');
    expect(limitText(3_000_000)).toBe('30,000');
    expect(limitText(5_050)).toBe('50.50');
  });
});

describe('withdraw rules', () => {
  const draft = { amount: 50_000, accountName: 'Juan Dela Cruz', accountNumber: '09171234567' };
  it('accepts a withdrawal within limits and credit', () => {
    expect(withdrawRefusal(draft, DEFAULT_WITHDRAW_LIMITS, 50_000)).toBeNull();
  });
  it('refuses with the spec texts', () => {
    expect(withdrawRefusal({ ...draft, amount: null }, DEFAULT_WITHDRAW_LIMITS, 1e6)).toBe(
      'Withdraw amount cannot be empty.',
    );
    const range = 'The minimum amount withdraw was 200 and the maximum amount withdraw was 30,000.';
    expect(withdrawRefusal({ ...draft, amount: 19_999 }, DEFAULT_WITHDRAW_LIMITS, 1e9)).toBe(range);
    expect(withdrawRefusal({ ...draft, amount: 3_000_001 }, DEFAULT_WITHDRAW_LIMITS, 1e9)).toBe(range);
    expect(withdrawRefusal(draft, DEFAULT_WITHDRAW_LIMITS, 49_999)).toBe(
      'Your balance was not enough for your withdraw amount.',
    );
    expect(withdrawRefusal({ ...draft, accountName: ' ' }, DEFAULT_WITHDRAW_LIMITS, 1e9)).toBe(
      'Account name cannot be empty.',
    );
    expect(withdrawRefusal({ ...draft, accountNumber: '' }, DEFAULT_WITHDRAW_LIMITS, 1e9)).toBe(
      'Account number cannot be empty.',
    );
  });
});

describe('payment schemas', () => {
  const body = {
    amount: 10_000,
    senderNumber: '09171234567',
    receiverNumber: 1,
    referenceNumber: '123456',
    idempotencyKey: 'key-12345678',
  };
  it('never coerces an amount and refuses unknown fields', () => {
    expect(initiateDepositSchema.safeParse(body).success).toBe(true);
    expect(initiateDepositSchema.safeParse({ ...body, amount: '100' }).success).toBe(false);
    expect(initiateDepositSchema.safeParse({ ...body, amount: 100.5 }).success).toBe(false);
    expect(initiateDepositSchema.safeParse({ ...body, bonus: 1 }).success).toBe(false);
  });
  it('defaults the withdraw company to gcash', () => {
    const parsed = initiateWithdrawSchema.parse({
      amount: 20_000,
      accountName: 'A',
      accountNumber: '1',
      idempotencyKey: 'key-12345678',
    });
    expect(parsed.companyName).toBe('gcash');
  });
});

describe('BALANCE_CHANGED message', () => {
  it('round-trips and ignores other messages', () => {
    expect(encodeBalanceChanged(42)).toBe('BALANCE_CHANGED:42');
    expect(balanceChangesIn('RACE_STATUS:1:O|BALANCE_CHANGED:42|BALANCE_CHANGED:x')).toEqual([
      { type: 'BALANCE_CHANGED', playerId: 42 },
    ]);
    expect(() => encodeBalanceChanged(0)).toThrow();
  });
});
