import { pageTranslator } from '../../i18n/pageTexts.ts';
import { resultsTexts } from './resultsTexts.ts';

/* The Results page's texts travel with its chunk, the Filipino ones in a chunk of their own (see pageTexts.ts). */
export const useResultsT = pageTranslator('results', resultsTexts, () =>
  import('./resultsTexts.fil.ts').then((module) => module.resultsTextsFil),
);
