/** Long-form copy of a legal or information page, one module per page and language. */
export type LegalBlock =
  | { kind: 'p'; text: string }
  | { kind: 'list'; items: readonly string[] }
  /** The table of minimum bets and winning limits per bet type, from the shared bet-type table. */
  | { kind: 'winLimits' }
  /** A sentence followed by the support e-mail address from the site configuration. */
  | { kind: 'supportContact'; text: string };

export interface LegalSection {
  id: string;
  heading: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  lastUpdated: string;
  intro: readonly string[];
  sections: readonly LegalSection[];
}

export type LocalisedDocument = { en: LegalDocument } & Partial<Record<string, LegalDocument>>;

export function documentFor(content: LocalisedDocument, language: string | undefined): LegalDocument {
  return (language === undefined ? undefined : content[language]) ?? content.en;
}

export const p = (text: string): LegalBlock => ({ kind: 'p', text });
export const list = (...items: string[]): LegalBlock => ({ kind: 'list', items });
