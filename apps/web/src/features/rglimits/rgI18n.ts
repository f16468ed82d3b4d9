import { pageTranslator } from '../../i18n/pageTexts.ts';
import { rgTexts } from './rgTexts.ts';

/* The page's texts travel with its chunk, the Filipino ones in a chunk of their own (see pageTexts.ts). */
export const useRgT = pageTranslator('responsibleGaming', rgTexts, () =>
  import('./rgTexts.fil.ts').then((module) => module.rgTextsFil),
);
