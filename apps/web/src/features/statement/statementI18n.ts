import { pageTranslator } from '../../i18n/pageTexts.ts';
import { statementTexts } from './statementTexts.ts';

/* The page's texts travel with its chunk, the Filipino ones in a chunk of their own (see pageTexts.ts). */
export const useStatementT = pageTranslator('statement', statementTexts, () =>
  import('./statementTexts.fil.ts').then((module) => module.statementTextsFil),
);
