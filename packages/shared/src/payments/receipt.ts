import { parsePesos } from '../money.ts';
import { REFERENCE_MAX } from './channels.ts';

export interface ReceiptFields {
  referenceNumber: string | null;
  /** Centavos. */
  amount: number | null;
}

const REFERENCE_LABEL =
  /\b(?:ref(?:erence)?\.?\s*(?:no|number|id|#|code)?|trace\s*(?:no|number)|transaction\s*(?:id|no|number)|txn\s*(?:id|no))\b[\s.:#-]*/i;
// Money with two decimals, after an optional currency mark (OCR often reads ₱ as P, £ or €).
const MONEY = /(?:₱|PHP|Php|P|£|€|\$)?\s?(\d{1,3}(?:[,.]\d{3})+|\d+)[.,](\d{2})(?!\d)/g;

/**
 * OCR confuses these with digits; a mostly-digit reference gets them as digits. Only letters that are
 * not hex digits, so a Maya reference (hex) keeps its B and D.
 */
const DIGIT_LOOKALIKES: Record<string, string> = { O: '0', Q: '0', I: '1', L: '1', '|': '1' };

function referenceFrom(candidate: string): string | null {
  const compact = candidate.replace(/[\s-]+/g, '').replace(/[^A-Za-z0-9|]/g, '');
  if (compact.length < 6) return null;
  const digits = [...compact].filter((c) => /\d/.test(c)).length;
  const upper = compact.toUpperCase();
  // Mostly digits (GCash, banks), or hex apart from O/Q (Maya): the look-alikes can only be digits.
  const digitLike = digits / compact.length >= 0.7 || /^[0-9A-FOQ]+$/.test(upper);
  const cleaned = digitLike ? [...upper].map((c) => DIGIT_LOOKALIKES[c] ?? c).join('') : upper;
  const alnum = cleaned.replace(/[^A-Z0-9]/g, '');
  return alnum.length >= 6 && alnum.length <= REFERENCE_MAX ? alnum : null;
}

function findReference(lines: readonly string[]): string | null {
  for (const [index, line] of lines.entries()) {
    const match = REFERENCE_LABEL.exec(line);
    if (!match) continue;
    const rest = line.slice(match.index + match[0].length);
    // The value is on the label's line or, in a stacked layout, on the next one.
    const sameLine = rest.match(/[A-Za-z0-9][A-Za-z0-9 -]{4,44}/)?.[0];
    const found =
      (sameLine ? referenceFrom(sameLine) : null) ?? referenceFrom(lines[index + 1]?.trim().split(/\s{2,}/)[0] ?? '');
    if (found) return found;
  }
  return null;
}

function amountsIn(line: string): number[] {
  const values: number[] = [];
  for (const match of line.matchAll(MONEY)) {
    const whole = (match[1] ?? '').replace(/[,.]/g, '');
    const value = parsePesos(`${whole}.${match[2] ?? '00'}`);
    if (value !== null && value > 0) values.push(value);
  }
  return values;
}

function findAmount(lines: readonly string[]): number | null {
  // The amount that reaches the receiver first: a bank's "Total" adds its fee on top.
  const ranked = [/transfer\s*amount|amount\s*sent|you\s*sent|^amount\b/i, /amount/i, /total/i, /₱|PHP|Php/];
  for (const label of ranked) {
    for (const [index, line] of lines.entries()) {
      if (!label.test(line) || /fee|balance|date|ref/i.test(line)) continue;
      const values = amountsIn(line);
      const found = values.length > 0 ? values : amountsIn(lines[index + 1] ?? '');
      const amount = found[found.length - 1];
      if (amount !== undefined) return amount;
    }
  }
  return null;
}

/** Reference number and amount from the OCR text of a GCash, Maya or bank receipt; null where unsure. */
export function parseReceiptText(text: string): ReceiptFields {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  return { referenceNumber: findReference(lines), amount: findAmount(lines) };
}
