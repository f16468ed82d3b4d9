import { useTranslation } from 'react-i18next';
import { addPageTexts } from '../i18n/pageTexts.ts';
import type { Translation } from '../i18n/types.ts';
import { useSiteConfig } from './siteConfig.ts';

/*
 * The account menu's link to the external betting site (docs/product/screens.md#account-menu). Its text travels with
 * the player screens that show it (the account dropdown and /account), not in the landing bundle: English at once,
 * Filipino when it is the language.
 */
export const bettingSiteTexts = { label: 'Betting site' } as const;
export const bettingSiteTextsFil = { label: 'Site ng pustahan' } satisfies Translation<typeof bettingSiteTexts>;
const usePageTexts = addPageTexts('bettingSite', bettingSiteTexts, () => Promise.resolve(bettingSiteTextsFil));

export interface BettingSiteLink {
  href: string;
  label: string;
}

/** The link when the server names a betting site (BETTING_SITE_URL), null otherwise (no link shown). */
export function useBettingSiteLink(): BettingSiteLink | null {
  usePageTexts();
  const { t } = useTranslation();
  const { data } = useSiteConfig();
  if (!data?.bettingSiteUrl) return null;
  const label = (t as unknown as (key: string) => string)('bettingSite.label');
  return { href: data.bettingSiteUrl, label };
}
