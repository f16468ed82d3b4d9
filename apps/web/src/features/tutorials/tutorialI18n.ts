import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { addPageTexts } from '../../i18n/pageTexts.ts';
import { tutorialTexts } from './tutorialTexts.ts';

/*
 * The tutorials' texts travel with the tutorial pages (their own chunks), not in the landing bundle: they
 * are added to the player site's resources under `tutorials` when this module loads, the Filipino ones
 * (their own chunk) when Filipino is or becomes the language. The pages suspend until they are in, so a
 * tour never shows its steps in the wrong language.
 */
const usePageTexts = addPageTexts('tutorials', tutorialTexts, () =>
  import('./tutorialTexts.fil.ts').then((module) => module.tutorialTextsFil),
);

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every key of the tutorials' texts, e.g. 'tour.next' or 'steps.bet.amount.title'. */
export type TutorialKey = Leaves<typeof tutorialTexts>;

export type TutorialT = (key: TutorialKey, values?: Record<string, string | number>) => string;

/** t() for the tutorials' texts: only keys of tutorialTexts compile. */
export function useTutorialT(): TutorialT {
  usePageTexts();
  const { t } = useTranslation();
  return useCallback(
    (key, values) => (t as unknown as (key: string, values?: object) => string)(`tutorials.${key}`, values ?? {}),
    [t],
  );
}
