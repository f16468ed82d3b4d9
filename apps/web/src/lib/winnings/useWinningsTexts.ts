import { useTranslation } from 'react-i18next';
import { winningsTexts, type WinningsTexts } from './winningsTexts.ts';
import { winningsTextsFil } from './winningsTexts.fil.ts';

/** A winning ticket's gross, tax and net texts in the site's language (history and the live screen). */
export function useWinningsTexts(): WinningsTexts {
  const { i18n } = useTranslation();
  return i18n.language === 'fil' ? winningsTextsFil : winningsTexts;
}
