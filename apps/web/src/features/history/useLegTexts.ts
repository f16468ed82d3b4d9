import { useTranslation } from 'react-i18next';
import { legTexts, type LegTexts } from './legTexts.ts';
import { legTextsFil } from './legTexts.fil.ts';

/** The legs' texts in the site's language (a handful of words: both languages ship with the page). */
export function useLegTexts(): LegTexts {
  const { i18n } = useTranslation();
  return i18n.language === 'fil' ? legTextsFil : legTexts;
}

/** Puts values into a text's {{name}} slots. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (slot, name: string) => String(values[name] ?? slot));
}
