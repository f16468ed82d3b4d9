import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { i18next } from '../../i18n/index.ts';
import { masterAgentTexts } from './masterAgentTexts.ts';

/*
 * The page's texts travel with the page (its own chunk), not in the landing bundle: they are added to the
 * player site's resources under `masterAgent` when this module loads. Another language adds its bundle
 * here the same way.
 */
i18next.addResourceBundle('en', 'translation', { masterAgent: masterAgentTexts }, true, false);

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every key of the page's texts, e.g. 'submit' or 'messages.usernameTaken'. */
export type MasterAgentKey = Leaves<typeof masterAgentTexts>;

/** t() for the page's texts: only keys of masterAgentTexts compile. */
export function useMasterAgentT(): (key: MasterAgentKey, values?: Record<string, string>) => string {
  const { t } = useTranslation();
  return useCallback(
    (key, values) => (t as unknown as (key: string, values?: object) => string)(`masterAgent.${key}`, values ?? {}),
    [t],
  );
}
