import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { centavos, formatPeso, parsePesos } from './money.ts';

describe('parsePesos', () => {
  it.each([
    ['50', 5000],
    ['1,234.5', 123450],
    ['1234.56', 123456],
    ['₱ 20.05', 2005],
    ['-20', -2000],
    ['0.01', 1],
  ])('reads %s as %i centavos', (input, expected) => {
    expect(parsePesos(input)).toBe(expected);
  });

  it.each(['', 'abc', '1.234', '12,34', '1e3', '0x10', '1.', '.5', '--1'])('refuses %s', (input) => {
    expect(parsePesos(input)).toBeNull();
  });
});

describe('formatPeso', () => {
  it('formats with thousands separators and two decimals', () => {
    expect(formatPeso(centavos(123450))).toBe('₱1,234.50');
    expect(formatPeso(centavos(5))).toBe('₱0.05');
    expect(formatPeso(centavos(-250000))).toBe('-₱2,500.00');
    expect(formatPeso(centavos(0))).toBe('₱0.00');
  });

  it('refuses a fractional centavo', () => {
    expect(() => formatPeso(10.5)).toThrow(RangeError);
  });

  it('writes every amount as en-PH number formatting does', () => {
    const enPh = new Intl.NumberFormat('en-PH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const written = (value: number) => `${value < 0 ? '-' : ''}₱${enPh.format(Math.abs(value) / 100)}`;
    for (const value of [0, 1, 99, 100, 99_999, 100_000, 123_456_789, -100_000_000, 99_999_999_999]) {
      expect(formatPeso(centavos(value))).toBe(written(value));
    }
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (value) => {
        expect(formatPeso(centavos(value))).toBe(written(value));
      }),
    );
  });

  it('round-trips every amount through parsePesos', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (value) => {
        expect(parsePesos(formatPeso(centavos(value)))).toBe(value);
      }),
    );
  });
});
