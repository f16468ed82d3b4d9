import { use, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
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
  const loading: Promise<void> = addLazyTexts('fil', () => fil().then((texts) => ({ [key]: texts })))
    .catch(() => undefined)
    .then(() => {
      // Marked as React marks a promise it has read (its `status`), so a use() that meets it already settled
      // returns at once instead of suspending for a turn.
      Object.assign(loading, { status: 'fulfilled', value: undefined });
    });
  // use() is called on every render, never only while loading: a render that suspended here is replayed by
  // React with the hooks it had made so far, and a replay that skipped use() because the texts had arrived
  // meanwhile would call the hooks after it in the wrong mode (React error 467, then a whole-root re-render).
  return function usePageTexts() {
    use(loading);
  };
}

/** Every key of a text bundle, nested ones dotted: 'submit', 'messages.usernameTaken'. */
export type TextKey<Texts, Prefix extends string = ''> = {
  [K in keyof Texts & string]: Texts[K] extends string ? `${Prefix}${K}` : TextKey<Texts[K], `${Prefix}${K}.`>;
}[keyof Texts & string];

/** A page's t(): only keys of its own texts compile. */
export type PageT<Texts> = (key: TextKey<Texts>, values?: Record<string, string | number>) => string;

/**
 * A page's texts (see addPageTexts) and the hook for its typed t(), which reads them under `key`.
 */
export function pageTranslator<Texts extends object>(
  key: string,
  en: Texts,
  fil: () => Promise<object>,
): () => PageT<Texts> {
  const usePageTexts = addPageTexts(key, en, fil);
  return function usePageT() {
    usePageTexts();
    const { t } = useTranslation();
    // i18next's typed t() knows only en.ts's keys; these live under `key` once addPageTexts has run.
    const untyped = t as unknown as (path: string, values?: object) => string;
    return useCallback<PageT<Texts>>((textKey, values) => untyped(`${key}.${textKey}`, values ?? {}), [untyped]);
  };
}
