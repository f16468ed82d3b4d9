import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { BakasMessages } from '@karera/shared';
import { pageTranslator } from '../../i18n/pageTexts.ts';
import { useMessageText } from '../../lib/messages.ts';
import { bakasTexts } from './bakasTexts.ts';

/* Group tickets' texts travel with their chunk, the Filipino ones in a chunk of their own. */
export const useBakasT = pageTranslator('bakas', bakasTexts, () =>
  import('./bakasTexts.fil.ts').then((module) => module.bakasTextsFil),
);

/** The fixed refusals this feature has in Filipino (a message added later shows in English until it is here). */
const FIXED_KEYS = [
  'allSharesSold',
  'sharesDoNotDivide',
  'sharesRange',
  'feeRange',
  'organiserBuysOne',
  'notFound',
  'notOpen',
  'onlyOrganiser',
  'sharesAlreadySold',
  'titleRequired',
  'creditOnly',
] as const satisfies readonly (keyof typeof BakasMessages)[];
const FIXED = new Map<string, (typeof FIXED_KEYS)[number]>(FIXED_KEYS.map((key) => [BakasMessages[key], key]));
const SHARES_LEFT = /^Only (\d+) shares? (?:is|are) left\.$/;

/**
 * The server's words on a group ticket in the player's language: a refusal of the shared BakasMessages in
 * this feature's Filipino, any other shared message through the site's catalogue, anything else as sent.
 * In English the server's text is shown exactly as it came.
 */
export function useBakasMessage(): (text: string) => string {
  const bt = useBakasT();
  const { i18n } = useTranslation();
  const siteMessage = useMessageText();
  const filipino = i18n.language === 'fil';
  return useCallback(
    (text: string) => {
      if (!filipino) return siteMessage(text);
      const fixed = FIXED.get(text);
      if (fixed) return bt(`messages.${fixed}`);
      const left = SHARES_LEFT.exec(text)?.[1];
      if (left !== undefined) return bt('messages.notEnoughShares', { left });
      return siteMessage(text);
    },
    [filipino, siteMessage, bt],
  );
}
