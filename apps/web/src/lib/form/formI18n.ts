import { pageTranslator, type PageT } from '../../i18n/pageTexts.ts';
import { formTexts } from './formTexts.ts';

/*
 * The form guide's texts, read by /live's form line and sheet and by the horse, jockey and trainer pages:
 * they travel with those chunks, the Filipino ones in a chunk of their own (see pageTexts.ts).
 */
export const useFormT = pageTranslator('formGuide', formTexts, () =>
  import('./formTexts.fil.ts').then((module) => module.formTextsFil),
);

export type FormT = PageT<typeof formTexts>;
