import { pageTranslator } from '../../i18n/pageTexts.ts';
import { replayTexts } from './replayTexts.ts';

/* The replay page's texts travel with its chunk, the Filipino ones in a chunk of their own. */
export const useReplayT = pageTranslator('replay', replayTexts, () =>
  import('./replayTexts.fil.ts').then((module) => module.replayTextsFil),
);
