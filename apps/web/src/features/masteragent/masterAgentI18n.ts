import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { addPageTexts } from '../../i18n/pageTexts.ts';
import { masterAgentTexts } from './masterAgentTexts.ts';

/*
 * The page's texts travel with the page (its own chunk), not in the landing bundle: they are added to the
 * player site's resources under `masterAgent` when this module loads, the Filipino ones (their own chunk)
 * when Filipino is or becomes the language. The page suspends until they are in, so it never shows them
 * in the wrong language.
 */
const usePageTexts = addPageTexts('masterAgent', masterAgentTexts, () =>
  import('./masterAgentTexts.fil.ts').then((module) => module.masterAgentTextsFil),
);

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every key of the page's texts, e.g. 'submit' or 'messages.usernameTaken'. */
export type MasterAgentKey = Leaves<typeof masterAgentTexts>;

/** t() for the page's texts: only keys of masterAgentTexts compile. */
export function useMasterAgentT(): (key: MasterAgentKey, values?: Record<string, string>) => string {
  usePageTexts();
  const { t } = useTranslation();
  return useCallback(
    (key, values) => (t as unknown as (key: string, values?: object) => string)(`masterAgent.${key}`, values ?? {}),
    [t],
  );
}
