import { describe, expect, it } from 'vitest';
import { RECEIPT_TAX_TEXTS, receiptTaxLineOf } from './receiptTax.ts';

describe('the receipt line on the tax on winnings', () => {
  it('states the pool’s rate of the winnings in English and Filipino', () => {
    const receipt = { winningsTax: { rateBp: 1000, base: 'winnings' } } as const;
    expect(receiptTaxLineOf(receipt, 'en')).toBe(
      'Winnings are taxed 10% (PD 1157): 10% of what a win pays above the stake is withheld.',
    );
    expect(receiptTaxLineOf(receipt, 'fil')).toBe(
      'May buwis na 10% ang panalo (PD 1157): kinakaltas ang 10% ng ibinabayad na higit sa taya.',
    );
  });

  it('says so when the whole dividend is taxed', () => {
    expect(receiptTaxLineOf({ winningsTax: { rateBp: 2000, base: 'dividend' } }, 'en')).toBe(
      'Winnings are taxed 20% (PD 1157): 20% of what a win pays is withheld.',
    );
  });

  it('has no line for a receipt without a tax or at a rate of 0', () => {
    expect(receiptTaxLineOf({}, 'en')).toBeNull();
    expect(receiptTaxLineOf({ winningsTax: { rateBp: 0, base: 'winnings' } }, 'fil')).toBeNull();
  });

  it('has every text in both languages, the Filipino ones translated', () => {
    for (const base of ['winnings', 'dividend'] as const) {
      expect(RECEIPT_TAX_TEXTS.fil[base]).not.toBe(RECEIPT_TAX_TEXTS.en[base]);
      expect(RECEIPT_TAX_TEXTS.fil[base]).toContain('{{rate}}');
    }
  });
});
