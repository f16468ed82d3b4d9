import { describe, expect, it } from 'vitest';
import { leavesOf, variablesOf } from '../../../i18n/textLeaves.ts';
import { builderTexts, builderTextsFil } from './builderTexts.ts';

describe('the bet builders in English and Filipino', () => {
  it('have the same keys, no empty text and the same {{variables}} on both sides', () => {
    const english = leavesOf(builderTexts);
    const filipino = leavesOf(builderTextsFil);
    expect([...filipino.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of english) {
      const translated = filipino.get(key) ?? '';
      expect(translated.trim(), `fil ${key}`).not.toBe('');
      expect(variablesOf(translated), `fil ${key}`).toEqual(variablesOf(text));
    }
  });

  it('are Filipino: the sentences differ from the English ones', () => {
    const english = leavesOf(builderTexts);
    const same = [...leavesOf(builderTextsFil)].filter(([key, text]) => english.get(key) === text);
    // Only the racing words bettors use as they are (Box, Banker) stay.
    expect(same.map(([key]) => key).sort()).toEqual(['banker', 'bankerMark', 'kinds.banker', 'kinds.box']);
  });
});
