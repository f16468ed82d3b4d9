import { winningsTaxOf, type WinningsTaxRule } from './philippineTaxes.ts';

/**
 * How the taxes read to a player (the results page's pool breakdown, the bet receipt): pure arithmetic
 * over the rules of philippineTaxes.ts, so the server and the web cannot disagree on a figure.
 */

/** A rate in basis points as a percentage without needless zeros: 1000 -> '10%', 850 -> '8.5%', 125 -> '1.25%'. */
export function formatRateBp(rateBp: number): string {
  if (!Number.isInteger(rateBp) || rateBp < 0) throw new RangeError(`a rate is whole basis points, not ${rateBp}`);
  const whole = Math.trunc(rateBp / 100);
  const hundredths = String(rateBp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${whole}${hundredths ? `.${hundredths}` : ''}%`;
}

/**
 * What ₱1 on a combination paying `dividend` (centavos per ₱1) leaves the player after the tax on winnings:
 * the dividend less the tax a ₱1 ticket would have withheld (on a 'winnings' base, the rate of what the
 * dividend pays above the ₱1; the tax rounded down to the centavo, as for a ticket). The ₱1.00 minimum and a
 * consolation below ₱1 keep it all on a 'winnings' base.
 */
export function netDividendOf(dividend: number, rule: WinningsTaxRule): number {
  return dividend - winningsTaxOf(dividend, 100, rule);
}
