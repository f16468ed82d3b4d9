import { pageTranslator } from '../../i18n/pageTexts.ts';
import { androidTexts } from './androidTexts.ts';

/* The strip's texts travel with its chunk, the Filipino ones in a chunk of their own (see pageTexts.ts). */
export const useAndroidT = pageTranslator('android', androidTexts, () =>
  import('./androidTexts.fil.ts').then((module) => module.androidTextsFil),
);
