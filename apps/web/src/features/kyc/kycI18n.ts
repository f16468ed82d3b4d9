import { pageTranslator, type TextKey } from '../../i18n/pageTexts.ts';
import { kycTexts } from './kycTexts.ts';

/** The page's texts travel with its chunk; the Filipino ones load when Filipino is the language. */
export const useKycT = pageTranslator('kyc', kycTexts, () =>
  import('./kycTexts.fil.ts').then((module) => module.kycTextsFil),
);

export type KycTextKey = TextKey<typeof kycTexts>;
