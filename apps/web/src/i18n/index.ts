import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.ts';

export const defaultNS = 'translation';
export const resources = { en: { translation: en } } as const;

/** Synchronous init: the English resources are bundled, so the first render already has its text. */
void i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: ['en', 'fil'],
  defaultNS,
  // i18next merges the pages' own texts into the objects it is given (addPageTexts): it gets a copy, so
  // `en` stays the site's texts as written, for whatever else reads it.
  resources: { en: { translation: structuredClone(en) } },
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
});

// Keep <html lang> in step with the UI language (screen readers pick the pronunciation from it).
i18next.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

export { i18next };
