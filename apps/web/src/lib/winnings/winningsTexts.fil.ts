import type { WinningsTexts } from './winningsTexts.ts';

/** Filipino texts of a winning ticket's arithmetic (English in winningsTexts.ts). */
export const winningsTextsFil: WinningsTexts = {
  gross: 'Kabuuang panalo (gross)',
  tax: 'Buwis na kinaltas (PD 1157)',
  net: 'Netong pumasok sa credit mo',
};
