import { describe, expect, it } from 'vitest';
import {
  EO194_POOL_SHARES,
  EO194_STAMP_TAX,
  eo194StampTaxRateOf,
  PD1157_WINNINGS_TAX,
  splitGross,
  stampTaxOf,
  winningsTaxOf,
} from './philippineTaxes.ts';

const peso = (amount: number) => Math.round(amount * 100);

describe('stamp tax on a ticket (EO 194 §2)', () => {
  it('is ₱0.10 a ticket and ₱0.10 for every ₱1 or part above ₱1', () => {
    expect(stampTaxOf(peso(1), EO194_STAMP_TAX)).toBe(peso(0.1));
    // ₱1.50: the first ₱1, then a part of ₱1.
    expect(stampTaxOf(peso(1.5), EO194_STAMP_TAX)).toBe(peso(0.2));
    expect(stampTaxOf(peso(2), EO194_STAMP_TAX)).toBe(peso(0.2));
    // A ₱40 Forecast-style ticket of four ₱10 combinations at the standard rate: 0.10 + 39 × 0.10.
    expect(stampTaxOf(peso(40), EO194_STAMP_TAX)).toBe(peso(4));
    expect(stampTaxOf(peso(0.5), EO194_STAMP_TAX)).toBe(peso(0.1));
    expect(stampTaxOf(0, EO194_STAMP_TAX)).toBe(0);
  });

  it('is ₱0.05 for every ₱1 or part on Double, Forecast and Trifecta tickets', () => {
    for (const betType of ['DD', 'FC', 'TRI']) {
      const rate = eo194StampTaxRateOf(betType);
      expect(stampTaxOf(peso(1), rate)).toBe(peso(0.05));
      expect(stampTaxOf(peso(40), rate)).toBe(peso(2));
      expect(stampTaxOf(peso(2.01), rate)).toBe(peso(0.15));
    }
    for (const betType of ['W', 'QRT', 'PENTA', 'DD+1', 'XD', 'PICK4', 'PICK5', 'PICK6', 'WTA']) {
      expect(eo194StampTaxRateOf(betType)).toBe(EO194_STAMP_TAX);
    }
  });

  it('refuses a stake that is not whole centavos', () => {
    expect(() => stampTaxOf(-1, EO194_STAMP_TAX)).toThrow(RangeError);
    expect(() => stampTaxOf(1.5, EO194_STAMP_TAX)).toThrow(RangeError);
  });
});

describe('tax withheld on winnings (PD 1157, EO 194 §3)', () => {
  it('takes 10% of the winnings: the dividend less the stake it returns', () => {
    // A ₱10 Win paying 4.30 per ₱1: ₱43.00 gross, ₱33.00 won, ₱3.30 withheld, ₱39.70 paid.
    expect(winningsTaxOf(peso(43), peso(10), PD1157_WINNINGS_TAX)).toBe(peso(3.3));
  });

  it('owes nothing at the ₱1.00 minimum dividend, where the payout is the stake', () => {
    expect(winningsTaxOf(peso(10), peso(10), PD1157_WINNINGS_TAX)).toBe(0);
    // A consolation below its stakes has no winnings either.
    expect(winningsTaxOf(peso(8), peso(16), PD1157_WINNINGS_TAX)).toBe(0);
  });

  it('rounds down to the centavo, never withholding more than the rate', () => {
    expect(winningsTaxOf(peso(10.19), peso(10), PD1157_WINNINGS_TAX)).toBe(1);
    expect(winningsTaxOf(peso(10.09), peso(10), PD1157_WINNINGS_TAX)).toBe(0);
  });

  it('taxes the whole dividend when the setting says so; with no stake of the player’s own, all of it is winnings', () => {
    expect(winningsTaxOf(peso(43), peso(10), { rateBp: 1_000, base: 'dividend' })).toBe(peso(4.3));
    expect(winningsTaxOf(peso(43), 0, PD1157_WINNINGS_TAX)).toBe(peso(4.3));
  });

  it('refuses amounts that are not whole centavos and rates outside 0-100%', () => {
    expect(() => winningsTaxOf(-1, 0, PD1157_WINNINGS_TAX)).toThrow(RangeError);
    expect(() => winningsTaxOf(100, 0.5, PD1157_WINNINGS_TAX)).toThrow(RangeError);
    expect(() => winningsTaxOf(100, 0, { rateBp: 10_001, base: 'winnings' })).toThrow(RangeError);
  });
});

describe('split of a pool’s gross (EO 194 §1)', () => {
  it('gives 8.5%, 8.5% and 1% of the gross to its shares and the rest, less the stamp tax, to dividends', () => {
    // ₱10,000 of sales in 1,000 ₱10 Win tickets: ₱1.00 stamp tax each.
    const stampTax = 1_000 * stampTaxOf(peso(10), EO194_STAMP_TAX);
    expect(stampTax).toBe(peso(1_000));
    const split = splitGross(peso(10_000), stampTax, EO194_POOL_SHARES);
    expect(split.shares).toEqual([
      { name: 'franchiseCommission', amount: peso(850) },
      { name: 'prizeFund', amount: peso(850) },
      { name: 'regulator', amount: peso(100) },
    ]);
    // 82% less a 10% stamp tax: the 72% the industry reports reaching dividends.
    expect(split.netPool).toBe(peso(7_200));
  });

  it('leaves every centavo of rounding in the net pool, so the parts add up to the gross', () => {
    for (const gross of [0, 1, 99, 12_345, 1_000_003]) {
      const split = splitGross(gross, 0, EO194_POOL_SHARES);
      const parts = split.shares.reduce((sum, share) => sum + share.amount, 0) + split.stampTax + split.netPool;
      expect(parts).toBe(gross);
      expect(split.netPool).toBeGreaterThanOrEqual(Math.floor((gross * 8_200) / 10_000));
    }
  });

  it('refuses shares over 100% and a stamp tax larger than what is left', () => {
    expect(() => splitGross(100, 0, [{ name: 'takeout', rateBp: 10_001 }])).toThrow(RangeError);
    expect(() => splitGross(100, 84, EO194_POOL_SHARES)).toThrow(RangeError);
    expect(() => splitGross(-1, 0, EO194_POOL_SHARES)).toThrow(RangeError);
  });
});
