/**
 * Texts of a winning ticket's arithmetic (bet history's Race Bet tab, the live screen's My tickets): the gross the pool paid, the tax withheld from
 * the winnings (PD 1157) and the net that reached the credit (English; Filipino in winningsTexts.fil.ts).
 */
export const winningsTexts = {
  gross: 'Winnings (gross)',
  tax: 'Tax withheld (PD 1157)',
  net: 'Net to your credit',
} as const;

export type WinningsTexts = Record<keyof typeof winningsTexts, string>;
