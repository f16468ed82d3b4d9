import { describe, expect, it } from 'vitest';
import { PD1157_WINNINGS_TAX } from './philippineTaxes.ts';
import { formatRateBp, netDividendOf } from './taxDisplay.ts';

describe('a rate as a player reads it', () => {
  it('drops needless zeros', () => {
    expect(formatRateBp(1000)).toBe('10%');
    expect(formatRateBp(850)).toBe('8.5%');
    expect(formatRateBp(100)).toBe('1%');
    expect(formatRateBp(125)).toBe('1.25%');
    expect(formatRateBp(5)).toBe('0.05%');
    expect(formatRateBp(0)).toBe('0%');
    expect(formatRateBp(10_000)).toBe('100%');
  });

  it('refuses a rate that is not whole basis points', () => {
    expect(() => formatRateBp(-1)).toThrow(RangeError);
    expect(() => formatRateBp(8.5)).toThrow(RangeError);
  });
});

describe('the dividend for ₱1 after the tax on winnings', () => {
  it('withholds 10% of what the dividend pays above the ₱1 (PD 1157)', () => {
    // ₱3.20: ₱2.20 of winnings, ₱0.22 withheld, ₱2.98 left.
    expect(netDividendOf(320, PD1157_WINNINGS_TAX)).toBe(298);
    // ₱1.90: ₱0.90 of winnings, ₱0.09 withheld.
    expect(netDividendOf(190, PD1157_WINNINGS_TAX)).toBe(181);
  });

  it('rounds the tax down to the centavo: the player is never withheld more than the rate', () => {
    // ₱1.10: ₱0.10 of winnings, ₱0.01 withheld; ₱1.15 (an official dividend): ₱0.015 -> ₱0.01.
    expect(netDividendOf(110, PD1157_WINNINGS_TAX)).toBe(109);
    expect(netDividendOf(115, PD1157_WINNINGS_TAX)).toBe(114);
  });

  it('leaves the ₱1.00 minimum and a consolation below ₱1 untaxed on a winnings base', () => {
    expect(netDividendOf(100, PD1157_WINNINGS_TAX)).toBe(100);
    expect(netDividendOf(40, PD1157_WINNINGS_TAX)).toBe(40);
  });

  it('taxes the whole dividend on a dividend base, and nothing at a rate of 0', () => {
    expect(netDividendOf(320, { rateBp: 1000, base: 'dividend' })).toBe(288);
    expect(netDividendOf(320, { rateBp: 0, base: 'winnings' })).toBe(320);
  });
});
