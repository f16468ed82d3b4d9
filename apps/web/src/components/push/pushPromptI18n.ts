import { pageTranslator } from '../../i18n/pageTexts.ts';
import { pushPromptTexts } from './pushPromptTexts.ts';

/* The offer's texts travel with its chunk, the Filipino ones in a chunk of their own. */
export const usePushPromptT = pageTranslator('pushPrompt', pushPromptTexts, () =>
  import('./pushPromptTexts.fil.ts').then((module) => module.pushPromptTextsFil),
);
