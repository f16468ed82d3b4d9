import { pageTranslator, type TextKey } from '../../i18n/pageTexts.ts';
import { masterAgentTexts } from './masterAgentTexts.ts';

/*
 * The page's texts travel with the page (its own chunk), not in the landing bundle: they are added to the
 * player site's resources under `masterAgent` when this module loads, the Filipino ones (their own chunk)
 * when Filipino is or becomes the language. The page suspends until they are in, so it never shows them
 * in the wrong language.
 */
export const useMasterAgentT = pageTranslator('masterAgent', masterAgentTexts, () =>
  import('./masterAgentTexts.fil.ts').then((module) => module.masterAgentTextsFil),
);

/** Every key of the page's texts, e.g. 'submit' or 'messages.usernameTaken'. */
export type MasterAgentKey = TextKey<typeof masterAgentTexts>;
