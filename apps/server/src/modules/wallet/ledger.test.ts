import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { assertBalanced, LedgerError } from './ledger.ts';

describe('assertBalanced', () => {
  it('accepts any set of postings that sums to zero', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1e9 }), { minLength: 1, maxLength: 6 }), (amounts) => {
        const postings = amounts.map((amount, i) => ({ accountId: i + 1, amount }));
        postings.push({ accountId: 99, amount: -amounts.reduce((a, b) => a + b, 0) });
        expect(() => assertBalanced(postings)).not.toThrow();
      }),
    );
  });

  it('refuses postings off by any amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e9 }),
        fc.integer({ min: -1000, max: 1000 }).filter((d) => d !== 0),
        (amount, off) => {
          expect(() =>
            assertBalanced([
              { accountId: 1, amount },
              { accountId: 2, amount: -amount + off },
            ]),
          ).toThrow(LedgerError);
        },
      ),
    );
  });

  it('refuses a single posting, zero and fractional amounts', () => {
    expect(() => assertBalanced([{ accountId: 1, amount: 0 }])).toThrow(LedgerError);
    expect(() =>
      assertBalanced([
        { accountId: 1, amount: 0 },
        { accountId: 2, amount: 0 },
      ]),
    ).toThrow(LedgerError);
    expect(() =>
      assertBalanced([
        { accountId: 1, amount: 0.5 },
        { accountId: 2, amount: -0.5 },
      ]),
    ).toThrow(LedgerError);
  });
});
