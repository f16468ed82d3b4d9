import { describe, expect, it } from 'vitest';
import { BackofficeMessages } from '@karera/shared';
import { checkAdjustment, EMPTY_DRAFT, sameRequest } from './adjustment.ts';

const reason = 'Goodwill credit';

describe('checkAdjustment', () => {
  it('turns pesos into signed centavos', () => {
    expect(checkAdjustment({ ...EMPTY_DRAFT, amount: '1,234.5', reason })).toEqual({
      ok: true,
      input: { account: 'credit', amount: 123450, reason },
    });
    expect(checkAdjustment({ ...EMPTY_DRAFT, account: 'bonus', direction: 'deduct', amount: '20', reason })).toEqual({
      ok: true,
      input: { account: 'bonus', amount: -2000, reason },
    });
  });

  it('reads a typed minus as a deduction whatever the direction', () => {
    const check = checkAdjustment({ ...EMPTY_DRAFT, amount: '-0.05', reason });
    expect(check).toEqual({ ok: true, input: { account: 'credit', amount: -5, reason } });
    expect(checkAdjustment({ ...EMPTY_DRAFT, direction: 'deduct', amount: '-5', reason })).toMatchObject({
      input: { amount: -500 },
    });
  });

  it('refuses zero, three decimals, words and empty input with the shared message', () => {
    for (const amount of ['', '0', '0.00', '1.005', 'abc', '1e3', '12..5', '--5']) {
      expect(checkAdjustment({ ...EMPTY_DRAFT, amount, reason })).toEqual({
        ok: false,
        fieldErrors: { amount: BackofficeMessages.adjustmentAmount },
      });
    }
  });

  it('requires a reason of 5 characters', () => {
    expect(checkAdjustment({ ...EMPTY_DRAFT, amount: '5', reason: '  abc  ' })).toEqual({
      ok: false,
      fieldErrors: { reason: BackofficeMessages.adjustmentReason },
    });
  });

  it('compares bodies for key reuse', () => {
    const a = { account: 'credit', amount: 100, reason } as const;
    expect(sameRequest(a, { ...a })).toBe(true);
    expect(sameRequest(a, { ...a, amount: -100 })).toBe(false);
  });
});
