import { pageTranslator, type PageT, type TextKey } from '../../i18n/pageTexts.ts';
import { tutorialTexts } from './tutorialTexts.ts';

/*
 * The tutorials' texts travel with the tutorial pages (their own chunks), not in the landing bundle: they
 * are added to the player site's resources under `tutorials` when this module loads, the Filipino ones
 * (their own chunk) when Filipino is or becomes the language. The pages suspend until they are in, so a
 * tour never shows its steps in the wrong language.
 */
export const useTutorialT = pageTranslator('tutorials', tutorialTexts, () =>
  import('./tutorialTexts.fil.ts').then((module) => module.tutorialTextsFil),
);

/** Every key of the tutorials' texts, e.g. 'tour.next' or 'steps.bet.amount.title'. */
export type TutorialKey = TextKey<typeof tutorialTexts>;
export type TutorialT = PageT<typeof tutorialTexts>;
