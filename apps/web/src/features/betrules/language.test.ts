import { describe, expect, it } from 'vitest';
import {
  BET_RULES_LANGUAGE_KEY,
  betRulesLanguageOf,
  readBetRulesLanguage,
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
    expect(readBetRulesLanguage(storage)).toBe('fil');
    rememberBetRulesLanguage(storage, 'en');
    expect(storage.values.get(BET_RULES_LANGUAGE_KEY)).toBe('en');
    expect(BET_RULES_LANGUAGE_KEY).toBe('betRulesLanguage');
    expect(readBetRulesLanguage(storage)).toBe('en');
    rememberBetRulesLanguage(storage, 'fil');
    expect(readBetRulesLanguage(storage)).toBe('fil');
  });

  it('falls back to Tagalog when storage is missing, holds junk or is blocked', () => {
    expect(readBetRulesLanguage(null)).toBe('fil');
    expect(readBetRulesLanguage(memoryStorage({ betRulesLanguage: 'klingon' }))).toBe('fil');
    expect(readBetRulesLanguage(blocked)).toBe('fil');
    expect(() => rememberBetRulesLanguage(blocked, 'en')).not.toThrow();
    expect(() => rememberBetRulesLanguage(null, 'en')).not.toThrow();
  });
});
