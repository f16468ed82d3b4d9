/**
 * The language the bet rules are read in (spec §2 Bet rules): Tagalog by default or English, chosen
 * on the page and remembered in localStorage under 'betRulesLanguage'. Independent of the UI language.
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

export function readBetRulesLanguage(storage: Storage | null): BetRulesLanguage {
  try {
    return betRulesLanguageOf(storage?.getItem(BET_RULES_LANGUAGE_KEY));
  } catch {
    return DEFAULT_BET_RULES_LANGUAGE;
  }
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
