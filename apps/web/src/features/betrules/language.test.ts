import { describe, expect, it } from 'vitest';
import {
  BET_RULES_LANGUAGE_KEY,
  betRulesLanguageFor,
  betRulesLanguageOf,
  readBetRulesChoice,
  rememberBetRulesLanguage,
} from './language.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

const blocked = {
  getItem: (): string | null => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('SecurityError');
  },
};

describe('bet rules language', () => {
  it('defaults to Tagalog and accepts only the languages offered', () => {
    expect(betRulesLanguageOf(null)).toBe('fil');
    expect(betRulesLanguageOf(undefined)).toBe('fil');
    expect(betRulesLanguageOf('en')).toBe('en');
    expect(betRulesLanguageOf('fil')).toBe('fil');
    expect(betRulesLanguageOf('EN')).toBe('fil');
    expect(betRulesLanguageOf('tl')).toBe('fil');
    expect(betRulesLanguageOf('')).toBe('fil');
  });

  it('remembers the choice under betRulesLanguage', () => {
    const storage = memoryStorage();
    expect(readBetRulesChoice(storage)).toBeNull();
    rememberBetRulesLanguage(storage, 'en');
    expect(storage.values.get(BET_RULES_LANGUAGE_KEY)).toBe('en');
    expect(BET_RULES_LANGUAGE_KEY).toBe('betRulesLanguage');
    expect(readBetRulesChoice(storage)).toBe('en');
    rememberBetRulesLanguage(storage, 'fil');
    expect(readBetRulesChoice(storage)).toBe('fil');
  });

  it('has no choice when storage is missing, holds junk or is blocked', () => {
    expect(readBetRulesChoice(null)).toBeNull();
    expect(readBetRulesChoice(memoryStorage({ betRulesLanguage: 'klingon' }))).toBeNull();
    expect(readBetRulesChoice(blocked)).toBeNull();
    expect(() => rememberBetRulesLanguage(blocked, 'en')).not.toThrow();
    expect(() => rememberBetRulesLanguage(null, 'en')).not.toThrow();
  });

  it('opens in Tagalog (the spec’s default) until a language is picked on the page, whatever the site shows', () => {
    expect(betRulesLanguageFor(null)).toBe('fil');
    // A choice on the page wins.
    expect(betRulesLanguageFor('fil')).toBe('fil');
    expect(betRulesLanguageFor('en')).toBe('en');
  });
});
