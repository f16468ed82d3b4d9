import type { CommissionBasis } from '@karera/shared';
import type { BoT } from '../../i18n/useT.ts';

/** Basis points as a percentage with two decimals: 250 -> "2.50 %". */
export function bpsAsPercent(bps: number): string {
  return `${(bps / 100).toFixed(2)} %`;
}

/** "2.50 % of turnover", "30.00 % of net gaming revenue". */
export function rateText(t: BoT, rate: { basis: CommissionBasis; rateBps: number }): string {
  return `${bpsAsPercent(rate.rateBps)} ${t(`agents.bases.${rate.basis}`)}`;
}

/** A whole number of basis points typed in a field, or null when it is not one (no coercion of "1e3", "2.5"). */
export function parseBps(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,5}$/.test(trimmed) ? Number(trimmed) : null;
}
