import { describe, expect, it } from 'vitest';
import { aboutContent } from './content/about.ts';
import { privacyContent } from './content/privacy.ts';
import { termsContent } from './content/terms.ts';
import { documentFor, type LegalDocument } from './types.ts';

const PAGES = { about: aboutContent, terms: termsContent, privacy: privacyContent };

/** Every text of a document, in order. */
function textsOf(doc: LegalDocument): string[] {
  return [
    ...doc.intro,
    ...doc.sections.flatMap((section) => [
      section.heading,
      ...section.blocks.flatMap((block) =>
        block.kind === 'p' || block.kind === 'supportContact'
          ? [block.text]
          : block.kind === 'list'
            ? [...block.items]
            : [],
      ),
    ]),
  ];
}

describe('legal pages in Filipino', () => {
  for (const [name, content] of Object.entries(PAGES)) {
    it(`${name}: a Filipino body with the English one's sections and blocks`, () => {
      const en = content.en;
      const fil = documentFor(content, 'fil');
      expect(fil).not.toBe(en);
      expect(fil.sections.map((s) => s.id)).toEqual(en.sections.map((s) => s.id));
      for (const [index, section] of en.sections.entries()) {
        const other = fil.sections[index];
        expect(other?.blocks.map((b) => b.kind)).toEqual(section.blocks.map((b) => b.kind));
        other?.blocks.forEach((block, at) => {
          const english = section.blocks[at];
          if (block.kind === 'list' && english?.kind === 'list') expect(block.items).toHaveLength(english.items.length);
        });
      }
      expect(fil.intro).toHaveLength(en.intro.length);
      // Not one English sentence left in it (names, numbers and laws aside, no text is the same).
      const english = new Set(textsOf(en));
      expect(textsOf(fil).filter((text) => english.has(text) && text.split(' ').length > 3)).toEqual([]);
    });
  }

  it('names the bet type as its tab does (the spec’s Forcast), one spelling in every text', () => {
    for (const content of Object.values(PAGES)) {
      for (const doc of [content.en, documentFor(content, 'fil')]) {
        const texts = textsOf(doc).join('\n');
        expect(texts).not.toContain('Forecast');
      }
    }
    expect(textsOf(aboutContent.en).join(' ')).toContain('Win, Forcast, Trifecta');
  });

  it('falls back to English for a language without a body', () => {
    expect(documentFor(aboutContent, 'ja')).toBe(aboutContent.en);
    expect(documentFor(aboutContent, undefined)).toBe(aboutContent.en);
  });
});
