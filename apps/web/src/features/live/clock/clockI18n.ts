import { pageTranslator } from '../../../i18n/pageTexts.ts';
import { clockTexts, clockTextsFil } from './clockTexts.ts';

/** t() for the race clock's texts (under `liveClock`, added when the live page's chunk loads). */
export const useClockT = pageTranslator('liveClock', clockTexts, () => Promise.resolve(clockTextsFil));
