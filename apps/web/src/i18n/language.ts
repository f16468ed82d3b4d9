import { i18next } from './index.ts';

/*
 * The player site's language: English or Filipino, chosen in the menus and remembered on this device,
 * else the browser's. English is bundled; the Filipino texts (the site's and each page's) load on demand,
 * so the landing bundle carries only this switch.
 */
export type Language = 'en' | 'fil';

/** Each language named in itself, as a language switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fil: 'Filipino' };

export const LANGUAGE_KEY = 'language';

type Source = (language: string) => Promise<void> | undefined;
const sources: Source[] = [];

/**
 * Texts of one language loaded on demand (merged into the site's resources), now if it is the current
 * language, else when the site switches to it; a failed load is tried again next time.
 */
export function addLazyTexts(language: Language, load: () => Promise<object>): Promise<void> {
  let pending: Promise<void> | undefined;
  const source: Source = (wanted) =>
    wanted !== language
      ? undefined
      : (pending ??= load().then(
          (texts) => void i18next.addResourceBundle(language, 'translation', texts, true, true),
          (error: unknown) => {
            pending = undefined;
            throw error;
          },
        ));
  sources.push(source);
  return source(i18next.language) ?? Promise.resolve();
}

addLazyTexts('fil', () => import('./fil.ts').then((module) => module.fil));

function load(language: Language): Promise<unknown> {
  return Promise.all(sources.map((source) => source(language)));
}

export function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(LANGUAGE_KEY);
    return value === 'en' || value === 'fil' ? value : null;
  } catch {
    return null;
  }
}

/** The first of the browser's languages the site speaks: fil or tl is Filipino; else English. */
export function browserLanguage(languages: readonly string[]): Language {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'fil' || base === 'tl') return 'fil';
    if (base === 'en') return 'en';
  }
  return 'en';
}

/** Before the first render: the remembered language, else the browser's; English when Filipino cannot load. */
export async function startLanguage(): Promise<void> {
  const language = storedLanguage() ?? browserLanguage(navigator.languages ?? [navigator.language]);
  if (language === 'en') return;
  try {
    await load(language);
    await i18next.changeLanguage(language);
  } catch {
    // The Filipino texts could not load (offline): the site opens in English.
  }
}

/** The player's choice: its texts load first (no screen half in one language), then it is remembered. */
export async function chooseLanguage(language: Language): Promise<void> {
  await load(language);
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Storage blocked (private mode): the choice lasts for this visit.
  }
  await i18next.changeLanguage(language);
}
