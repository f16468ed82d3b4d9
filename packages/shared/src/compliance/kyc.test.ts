import { describe, expect, it } from 'vitest';
import { isCalendarDate, isKycGateRefusal, isOfAge, KycMessages, manilaDateOf, normalizeIdNumber } from './kyc.ts';

describe('identity rules', () => {
  it('counts 21 from the birthday itself', () => {
    expect(isOfAge('2005-11-26', '2026-11-26')).toBe(true);
    expect(isOfAge('2005-11-27', '2026-11-26')).toBe(false);
    expect(isOfAge('2005-12-01', '2026-11-30')).toBe(false);
    expect(isOfAge('1960-01-01', '2026-11-26')).toBe(true);
  });

  it('makes someone born on 29 February a year older on 1 March', () => {
    expect(isOfAge('2004-02-29', '2025-02-28')).toBe(false);
    expect(isOfAge('2004-02-29', '2025-03-01')).toBe(true);
  });

  it('reads today in Manila, not in UTC', () => {
    // 16:30 UTC on 25 November is 00:30 on 26 November in Manila (UTC+8).
    expect(manilaDateOf(new Date('2026-11-25T16:30:00Z'))).toBe('2026-11-26');
    expect(manilaDateOf(new Date('2026-11-25T15:59:00Z'))).toBe('2026-11-25');
  });

  it('accepts only real calendar dates', () => {
    expect(isCalendarDate('2000-02-29')).toBe(true);
    expect(isCalendarDate('2001-02-29')).toBe(false);
    expect(isCalendarDate('2001-13-01')).toBe(false);
    expect(isCalendarDate('01-01-2001')).toBe(false);
  });

  it('compares ID numbers without case, spaces or dashes', () => {
    expect(normalizeIdNumber('n01-23 456')).toBe('N0123456');
  });

  it("recognises the gates' refusals, whatever the configured deposit total", () => {
    expect(isKycGateRefusal(KycMessages.withdrawNeedsVerification)).toBe(true);
    expect(isKycGateRefusal(KycMessages.depositNeedsVerification('₱50,000.00'))).toBe(true);
    expect(isKycGateRefusal(KycMessages.depositNeedsVerification('₱1,000,000.00'))).toBe(true);
    expect(isKycGateRefusal('Please try again later.')).toBe(false);
  });
});
