import { formatPeso, ToteMessages, type PoolShareName, type StampTaxRate, type WinningsTaxRule } from '@karera/shared';
import { ApiError } from '../../../lib/api.ts';
import { errorText } from '../../lib/errors.ts';
import { localizeMessage, type BoT } from '../../i18n/useT.ts';
import { formatPercent, sortedShares } from './tote.ts';

type ToteMessageKey = keyof typeof ToteMessages;

const keyByText = new Map<string, ToteMessageKey>();
for (const key of Object.keys(ToteMessages)) {
  if (isToteMessageKey(key)) keyByText.set(ToteMessages[key], key);
}

function isToteMessageKey(key: string): key is ToteMessageKey {
  return Object.hasOwn(ToteMessages, key);
}

/** A tote schema or refusal text through the translation; any other text as the other screens show it. */
export function toteText(t: BoT, text: string): string {
  const key = keyByText.get(text);
  return key ? t(`toteMessages.${key}`) : localizeMessage(t, text);
}

/** The one sentence for a failed tote call. */
export function toteErrorText(t: BoT, error: unknown): string {
  if (error instanceof ApiError && keyByText.has(error.message)) return toteText(t, error.message);
  return errorText(t, error);
}

/** The shares of a setting, each with its name and percent: 'Franchise commission 8.5%, …'. */
export function sharesText(t: BoT, shares: readonly { name: PoolShareName; rateBp: number }[]): string {
  if (shares.length === 0) return t('toteSettings.noShares');
  return sortedShares(shares)
    .map((share) => `${t(`toteSettings.shareNames.${share.name}`)} ${formatPercent(share.rateBp)}`)
    .join(', ');
}

/** A stamp tax as a sentence: '₱0.10 a ticket + ₱0.10 per ₱1 or part above ₱1', or none. */
export function stampTaxText(t: BoT, rate: StampTaxRate | null): string {
  if (!rate) return t('toteSettings.stampNone');
  return rate.kind === 'per-peso'
    ? t('toteSettings.stampPerPesoText', { perPeso: formatPeso(rate.perPesoCentavos) })
    : t('toteSettings.stampPerTicketText', {
        base: formatPeso(rate.baseCentavos),
        perPeso: formatPeso(rate.perPesoCentavos),
      });
}

/** '10% of the winnings (dividend less stake)' or '20% of the whole dividend'. */
export function winningsTaxText(t: BoT, rule: WinningsTaxRule): string {
  return t(`toteSettings.winningsTaxText.${rule.base}`, { rate: formatPercent(rule.rateBp) });
}
