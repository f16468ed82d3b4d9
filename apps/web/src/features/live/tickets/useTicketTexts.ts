import { useTranslation } from 'react-i18next';
import { ticketTexts, type TicketTexts } from './ticketTexts.ts';
import { ticketTextsFil } from './ticketTexts.fil.ts';

/** The panel's texts in the site's language (a few words: both languages ship with the live screen). */
export function useTicketTexts(): TicketTexts {
  const { i18n } = useTranslation();
  return i18n.language === 'fil' ? ticketTextsFil : ticketTexts;
}

/** Puts values into a text's {{name}} slots. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (slot, name: string) => String(values[name] ?? slot));
}
