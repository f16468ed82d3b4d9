import { pageTranslator, type TextKey } from '../../../i18n/pageTexts.ts';
import { builderTexts, builderTextsFil } from './builderTexts.ts';

/* The builders' texts join the site's resources under `betBuilders` when the live page's chunk loads. */
export const useBuilderT = pageTranslator('betBuilders', builderTexts, () => Promise.resolve(builderTextsFil));

export type BuilderKey = TextKey<typeof builderTexts>;
