import { describe, expect, it } from 'vitest';
import { layoutTexts, layoutTextsFil } from './layoutTexts.ts';

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
