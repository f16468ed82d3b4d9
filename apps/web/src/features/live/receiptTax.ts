import { formatRateBp, type BetReceipt } from '@karera/shared';

/**
 * The bet receipt's line on the tax the pool will withhold from a win (PD 1157), as the server states the
 * pool's rule; English and Filipino. A win is taxed on its winnings (what it pays above the stake), or, where
 * the setting says so, on the whole dividend.
 */
export const RECEIPT_TAX_TEXTS = {
  en: {
    winnings: 'Winnings are taxed {{rate}} (PD 1157): {{rate}} of what a win pays above the stake is withheld.',
    dividend: 'Winnings are taxed {{rate}} (PD 1157): {{rate}} of what a win pays is withheld.',
  },
  fil: {
    winnings: 'May buwis na {{rate}} ang panalo (PD 1157): kinakaltas ang {{rate}} ng ibinabayad na higit sa taya.',
    dividend: 'May buwis na {{rate}} ang panalo (PD 1157): kinakaltas ang {{rate}} ng buong ibinabayad.',
  },
} as const satisfies Record<'en' | 'fil', Record<'winnings' | 'dividend', string>>;

/** The receipt's tax line; null when the receipt names no tax (an older receipt, or a pool without one). */
export function receiptTaxLineOf(receipt: Pick<BetReceipt, 'winningsTax'>, language: 'en' | 'fil'): string | null {
  const rule = receipt.winningsTax;
  if (!rule || rule.rateBp <= 0) return null;
  return RECEIPT_TAX_TEXTS[language][rule.base].replaceAll('{{rate}}', formatRateBp(rule.rateBp));
}
