import { pageTranslator } from '../../i18n/pageTexts.ts';
import { followTexts } from './followTexts.ts';

/* The follow marker's texts travel with the screen that shows it; the Filipino ones in their own small chunk. */
export const useFollowT = pageTranslator('follow', followTexts, () =>
  import('./followTexts.fil.ts').then((module) => module.followTextsFil),
);
