/**
 * The language the bet rules are read in (docs/product/screens.md#bet-rules): Tagalog or English, Tagalog by default
 * whatever the site's language. A choice made on the page is remembered
 * in localStorage under 'betRulesLanguage' and wins from then on.
 */
export const BET_RULES_LANGUAGES = ['fil', 'en'] as const;
export type BetRulesLanguage = (typeof BET_RULES_LANGUAGES)[number];

export const DEFAULT_BET_RULES_LANGUAGE: BetRulesLanguage = 'fil';
export const BET_RULES_LANGUAGE_KEY = 'betRulesLanguage';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

/** A stored value as a language; anything unknown (or nothing) is the default, Tagalog. */
export function betRulesLanguageOf(value: string | null | undefined): BetRulesLanguage {
  return BET_RULES_LANGUAGES.find((language) => language === value) ?? DEFAULT_BET_RULES_LANGUAGE;
}

/** The language chosen on the page, or null when the player has not chosen one there (or it is unreadable). */
export function readBetRulesChoice(storage: Storage | null): BetRulesLanguage | null {
  try {
    const value = storage?.getItem(BET_RULES_LANGUAGE_KEY);
    return BET_RULES_LANGUAGES.find((language) => language === value) ?? null;
  } catch {
    return null;
  }
}

/** The rules' language: the page's own choice, else Tagalog (the default), whatever the site shows. */
export function betRulesLanguageFor(choice: BetRulesLanguage | null): BetRulesLanguage {
  return choice ?? DEFAULT_BET_RULES_LANGUAGE;
}

export function rememberBetRulesLanguage(storage: Storage | null, language: BetRulesLanguage): void {
  try {
    storage?.setItem(BET_RULES_LANGUAGE_KEY, language);
  } catch {
    // Storage blocked (private mode): the choice lasts for this visit only.
  }
}

export function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
