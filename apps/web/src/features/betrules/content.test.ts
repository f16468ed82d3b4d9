import { describe, expect, it } from 'vitest';
import { BET_TYPES } from '@karera/shared';
import { BET_RULES_TEXT } from './content.ts';
import { BET_RULES_LANGUAGES } from './language.ts';

describe('bet rules text', () => {
  it('explains every bet type in every language, with an example', () => {
    for (const language of BET_RULES_LANGUAGES) {
      const text = BET_RULES_TEXT[language];
      expect(Object.keys(text.betTypes).sort()).toEqual(BET_TYPES.map((type) => type.code).sort());
      for (const type of BET_TYPES) {
        const rules = text.betTypes[type.code];
        for (const part of [rules.summary, rules.howItWins, rules.example]) expect(part.trim()).not.toBe('');
        // Each section names its own bet type.
        expect(rules.summary).toContain(type.name);
      }
    }
  });

  it('has the same general rules in both languages', () => {
    expect(BET_RULES_TEXT.fil.general).toHaveLength(BET_RULES_TEXT.en.general.length);
    expect(BET_RULES_TEXT.en.general.length).toBeGreaterThanOrEqual(8);
  });

  it('states the Win rule in Tagalog and English', () => {
    expect(BET_RULES_TEXT.fil.betTypes.W.summary).toBe('Ang Win ay taya sa kabayong mananalo sa unang puwesto.');
    expect(BET_RULES_TEXT.en.betTypes.W.summary).toBe('Win is a bet on the runner that finishes first.');
  });

  it('keeps the combination limit and the WTA even-amount rule in both languages', () => {
    for (const language of BET_RULES_LANGUAGES) {
      const general = BET_RULES_TEXT[language].general.join('\n');
      expect(general).toContain('2,000');
      expect(general).toMatch(/WTA.*even/);
    }
  });

  it('tells in both languages that a bonus stake is not returned with its winnings (decision 016)', () => {
    for (const language of BET_RULES_LANGUAGES) {
      const general = BET_RULES_TEXT[language].general.join('\n');
      expect(general).toContain('stake not returned');
      expect(general).toContain('₱41.00');
    }
  });

  it('explains consolation and carryover in both languages, as settlement pays them (decision 046)', () => {
    for (const language of BET_RULES_LANGUAGES) {
      const text = BET_RULES_TEXT[language];
      const rules = text.noWinner.join('\n');
      expect(text.noWinnerHeading).toMatch(/consolation|konsolasyon/i);
      expect(text.noWinnerHeading).toContain('carryover');
      for (const type of ['Pick4', 'Pick5', 'Pick6', 'WTA']) expect(rules).toContain(type);
      expect(rules).toContain('25%');
      expect(rules).toContain('75%');
      expect(rules).toContain('10');
    }
    expect(BET_RULES_TEXT.en.noWinner.join('\n')).toContain('No winner: refunded');
    expect(BET_RULES_TEXT.fil.noWinner.join('\n')).toContain('Walang nanalo: ibinalik ang taya');
  });
});
