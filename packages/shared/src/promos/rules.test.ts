import { describe, expect, it } from 'vitest';
import { promoDefinitionSchema } from '../validation/promo.ts';
import { creditToText, normalizePromoCode, rebateOf, remainingText, validityText } from './rules.ts';

describe('promo texts', () => {
  it('reads 999 as Unlimited and 0 hours as No Duration', () => {
    expect(remainingText(999)).toBe('Unlimited');
    expect(remainingText(12)).toBe('12');
    expect(validityText(0)).toBe('No Duration');
    expect(validityText(24)).toBe('1 day');
    expect(validityText(54)).toBe('2 days 6 hours');
    expect(validityText(5)).toBe('5 hours');
    expect(creditToText('BONUS')).toBe('Promo Balance');
    expect(creditToText('CREDIT')).toBe('Credit Balance');
  });

  it('compares codes uppercased and trimmed', () => {
    expect(normalizePromoCode('  welcome100 ')).toBe('WELCOME100');
  });

  it('rebates a percentage of the credit-funded stake, rounded down to the centavo', () => {
    expect(rebateOf(10_000, 500)).toBe(500);
    expect(rebateOf(1_999, 500)).toBe(99);
    expect(rebateOf(0, 500)).toBe(0);
    expect(rebateOf(-100, 500)).toBe(0);
  });
});

describe('promoDefinitionSchema', () => {
  const base = {
    promoCode: 'welcome',
    name: 'Welcome',
    description: 'A welcome bonus',
    creditTo: 'BONUS',
    kind: 'fixed',
    rewardAmount: 10_000,
    rateBasisPoints: 0,
    rewardCap: 0,
    remaining: 999,
    perPlayerLimit: 1,
    dailyDepositReq: 0,
    accountDaysReq: 0,
    validityInHours: 0,
    startsAt: '2026-11-01T00:00:00Z',
    endsAt: null,
    codeOnly: false,
  };
  it('uppercases the code and refuses a definition that cannot pay', () => {
    expect(promoDefinitionSchema.parse(base).promoCode).toBe('WELCOME');
    expect(promoDefinitionSchema.safeParse({ ...base, rewardAmount: 0 }).success).toBe(false);
    expect(
      promoDefinitionSchema.safeParse({ ...base, kind: 'rebate', creditTo: 'CREDIT', rateBasisPoints: 500 }).success,
    ).toBe(false);
    expect(promoDefinitionSchema.safeParse({ ...base, rewardAmount: '100' }).success).toBe(false);
    expect(promoDefinitionSchema.safeParse({ ...base, extra: 1 }).success).toBe(false);
  });
});
