import { pageTranslator, type PageT, type TextKey } from '../../i18n/pageTexts.ts';
import { drawnRaceTexts } from './drawnRaceTexts.ts';

/* The drawn race's texts travel with the live screen's chunk; the Filipino ones in their own small chunk. */
export const useDrawnRaceT = pageTranslator('drawnRace', drawnRaceTexts, () =>
  import('./drawnRaceTexts.fil.ts').then((module) => module.drawnRaceTextsFil),
);

export type DrawnRaceKey = TextKey<typeof drawnRaceTexts>;
export type DrawnRaceT = PageT<typeof drawnRaceTexts>;
