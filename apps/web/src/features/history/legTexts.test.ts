import { describe, expect, it } from 'vitest';
import { legTexts } from './legTexts.ts';
import { legTextsFil } from './legTexts.fil.ts';
import { fill } from './useLegTexts.ts';
import { winningsTexts } from '../../lib/winnings/winningsTexts.ts';
import { winningsTextsFil } from '../../lib/winnings/winningsTexts.fil.ts';

type Texts = { readonly [key: string]: string | Texts };
const leaves = (texts: Texts, prefix = ''): [string, string][] =>
  Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
const slots = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the legs texts', () => {
  it('have the same keys and the same {{slots}} in English and Filipino, none empty or left in English', () => {
    const en = new Map(leaves(legTexts));
    const fil = new Map(leaves(legTextsFil));
    expect([...fil.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of en) {
      const filText = fil.get(key) ?? '';
      expect(filText, key).not.toBe('');
      expect(filText, key).not.toBe(text);
      expect(slots(filText), key).toEqual(slots(text));
    }
  });
  it('of a win (gross, tax, net) exist in both languages, Filipino ones not left in English', () => {
    expect(Object.keys(winningsTextsFil).sort()).toEqual(Object.keys(winningsTexts).sort());
    for (const [key, text] of Object.entries(winningsTexts)) {
      const filText = winningsTextsFil[key as keyof typeof winningsTexts];
      expect(filText, key).not.toBe('');
      expect(filText, key).not.toBe(text);
    }
  });
  it('fill puts values in their slots and leaves unknown slots as they are', () => {
    expect(fill(legTexts.winner, { runners: '2, 5' })).toBe('Winner 2, 5');
    expect(fill('{{a}} {{b}}', { a: 1 })).toBe('1 {{b}}');
  });
});
