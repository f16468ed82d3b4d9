import { pageTranslator } from '../../i18n/pageTexts.ts';
import { blackbookTexts } from './blackbookTexts.ts';

/* The Followed page's texts travel with its chunk, the Filipino ones in a chunk of their own. */
export const useBlackbookT = pageTranslator('blackbook', blackbookTexts, () =>
  import('./blackbookTexts.fil.ts').then((module) => module.blackbookTextsFil),
);
