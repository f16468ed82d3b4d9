import { describe, expect, it } from 'vitest';
import { variablesOf } from '../../../i18n/textLeaves.ts';
import { clockTexts, clockTextsFil } from './clockTexts.ts';

describe('the race clock texts in English and Filipino', () => {
  it('have the same keys and {{variables}}, every Filipino text filled in', () => {
    expect(Object.keys(clockTextsFil).sort()).toEqual(Object.keys(clockTexts).sort());
    for (const [key, text] of Object.entries(clockTexts)) {
      const translated = clockTextsFil[key as keyof typeof clockTexts];
      expect(translated.trim(), `fil ${key}`).not.toBe('');
      expect(variablesOf(translated), `fil ${key}`).toEqual(variablesOf(text));
    }
    expect(clockTextsFil.startsIn).toBe('Magsisimula sa');
    expect(clockTextsFil.due).toBe('Magsisimula na');
  });
});
