import { describe, expect, it } from 'vitest';
import { parseReceiptText } from './receipt.ts';

describe('parseReceiptText', () => {
  it('reads a GCash receipt', () => {
    const text =
      'GCash\nSent via GCash\nAmount 1,250.00\nTotal Amount Sent £1,250.00\nRef No. 7012 345 678901\nNov 21, 2026 3:04 PM';
    expect(parseReceiptText(text)).toEqual({ referenceNumber: '7012345678901', amount: 125_000 });
  });

  it('reads a Maya receipt with the value under its label', () => {
    const text = 'maya\nYou sent\nPHP 500.00\nReference ID\n1A2B 3C4D 5E6F\nDate Nov 21, 2026';
    expect(parseReceiptText(text)).toEqual({ referenceNumber: '1A2B3C4D5E6F', amount: 50_000 });
  });

  it('fixes look-alike letters in a numeric reference and skips fees', () => {
    const text = 'Transfer successful\nFee P 15.00\nTotal P 2,015.00\nReference No: 9O12 3456 78I0';
    expect(parseReceiptText(text)).toEqual({ referenceNumber: '901234567810', amount: 201_500 });
  });

  it('reads O and Q as zero in a hex Maya reference, and keeps its B and D', () => {
    expect(parseReceiptText('Reference ID\nE6EQ F36E 32BD').referenceNumber).toBe('E6E0F36E32BD');
  });

  it('returns nulls when nothing is found', () => {
    expect(parseReceiptText('hello world')).toEqual({ referenceNumber: null, amount: null });
  });
});
