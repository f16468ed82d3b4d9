import { useTranslation } from 'react-i18next';
import { i18next } from '../i18n/index.ts';
import { useSiteConfig } from './siteConfig.ts';

/*
 * The account menu's link to the external betting site (spec §2). Its text travels with the player
 * screens that show it (the account dropdown and /account), not in the landing bundle. Another
 * language adds its bundle here the same way.
 */
const bettingSiteTexts = { label: 'Betting site' } as const;
i18next.addResourceBundle('en', 'translation', { bettingSite: bettingSiteTexts }, true, false);

export interface BettingSiteLink {
  href: string;
  label: string;
}

/** The link when the server names a betting site (BETTING_SITE_URL), null otherwise (no link shown). */
export function useBettingSiteLink(): BettingSiteLink | null {
  const { t } = useTranslation();
  const { data } = useSiteConfig();
  if (!data?.bettingSiteUrl) return null;
  const label = (t as unknown as (key: string) => string)('bettingSite.label');
  return { href: data.bettingSiteUrl, label };
}
