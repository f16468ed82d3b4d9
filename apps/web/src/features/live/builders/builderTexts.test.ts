import { describe, expect, it } from 'vitest';
import { builderTexts, builderTextsFil } from './builderTexts.ts';

type Texts = { readonly [key: string]: string | Texts };

function leavesOf(texts: Texts, prefix = ''): Map<string, string> {
  const leaves = new Map<string, string>();
  for (const [key, value] of Object.entries(texts)) {
    if (typeof value === 'string') leaves.set(`${prefix}${key}`, value);
    else for (const [path, text] of leavesOf(value, `${prefix}${key}.`)) leaves.set(path, text);
  }
  return leaves;
}

const variablesOf = (text: string) => [...text.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

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
