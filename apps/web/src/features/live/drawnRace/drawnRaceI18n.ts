import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { addPageTexts } from '../../../i18n/pageTexts.ts';
import { drawnRaceTexts } from './drawnRaceTexts.ts';

/* The drawn race's texts travel with the live screen's chunk; the Filipino ones in their own small chunk. */
const usePageTexts = addPageTexts('drawnRace', drawnRaceTexts, () =>
  import('./drawnRaceTexts.fil.ts').then((module) => module.drawnRaceTextsFil),
);

export type DrawnRaceKey = keyof typeof drawnRaceTexts;
export type DrawnRaceT = (key: DrawnRaceKey, values?: Record<string, string | number>) => string;

/** t() for the drawn race's texts: only its keys compile. Suspends until the language's texts are in. */
export function useDrawnRaceT(): DrawnRaceT {
  usePageTexts();
  const { t } = useTranslation();
  return useCallback(
    (key, values) => (t as unknown as (key: string, values?: object) => string)(`drawnRace.${key}`, values ?? {}),
    [t],
  );
}
