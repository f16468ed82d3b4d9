import { pageTranslator, type PageT, type TextKey } from '../../../i18n/pageTexts.ts';
import { poolsTexts } from './poolsTexts.ts';

/** t() for the pools panel's texts (under `livePools`; the Filipino ones in their own chunk). */
export const usePoolsT = pageTranslator('livePools', poolsTexts, () =>
  import('./poolsTexts.fil.ts').then((module) => module.poolsTextsFil),
);

export type PoolsKey = TextKey<typeof poolsTexts>;
export type PoolsT = PageT<typeof poolsTexts>;
