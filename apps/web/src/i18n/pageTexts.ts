import { use } from 'react';
import { i18next } from './index.ts';
import { addLazyTexts } from './language.ts';

/**
 * A page's own texts, added to the site's resources under `key` when the page's chunk loads: the English
 * ones at once, the Filipino ones (their own chunk) when Filipino is the language now or later (a language
 * switch waits for them). Returns a hook for the page's t(): it suspends the page until the current
 * language's texts are in, so the page never shows another language first. A Filipino bundle that cannot
 * load leaves the page in English.
 */
export function addPageTexts(key: string, en: object, fil: () => Promise<object>): () => void {
  i18next.addResourceBundle('en', 'translation', { [key]: en }, true, true);
  let ready = false;
  const loading = addLazyTexts('fil', () => fil().then((texts) => ({ [key]: texts })))
    .catch(() => undefined)
    .then(() => {
      ready = true;
    });
  return function usePageTexts() {
    if (!ready) use(loading);
  };
}
