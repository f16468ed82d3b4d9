import { describe, expect, it } from 'vitest';
import { leavesOf, variablesOf } from '../../i18n/textLeaves.ts';
import { layoutTexts, layoutTextsFil } from './layoutTexts.ts';

describe('the live layout texts in English and Filipino', () => {
  it('have the same keys, no empty text, the same {{variables}}, and Filipino sentences', () => {
    const english = leavesOf(layoutTexts);
    const filipino = leavesOf(layoutTextsFil);
    expect([...filipino.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of english) {
      const translated = filipino.get(key) ?? '';
      expect(translated.trim(), `fil ${key}`).not.toBe('');
      expect(translated, `fil ${key}`).not.toBe(text);
      expect(variablesOf(translated), `fil ${key}`).toEqual(variablesOf(text));
    }
  });
});
