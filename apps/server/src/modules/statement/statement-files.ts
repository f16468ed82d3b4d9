import { readFileSync } from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import {
  formatManilaDateTime,
  lineDescription,
  STATEMENT_FILE_TEXTS,
  statementCsv,
  type Statement,
  type StatementLanguage,
  type StatementTotals,
} from '@karera/shared';

/** The downloaded file's name: the month in it, nothing about the player (it may be shared or forwarded). */
export const statementFileName = (month: string, extension: 'csv' | 'pdf') => `karera-statement-${month}.${extension}`;

/** The statement as CSV (RFC 4180, formula-safe cells), with a byte order mark so spreadsheets read UTF-8. */
export function statementCsvFile(statement: Statement, language: StatementLanguage): string {
  return '\uFEFF' + statementCsv(statement, STATEMENT_FILE_TEXTS[language], formatManilaDateTime);
}

/** Pesos with the peso sign, two decimals and thousands separators: -₱1,234.50. */
export function pesoText(centavos: number): string {
  const abs = Math.abs(centavos);
  const whole = Math.trunc(abs / 100).toLocaleString('en-PH');
  return `${centavos < 0 ? '-' : ''}₱${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The PDF's fonts: DejaVu Sans and its bold, cut down to Latin, a few punctuation marks and the peso
 * sign (fonts/LICENSE). PDF's standard fonts (Helvetica and the like, WinAnsi) have no ₱, nor most
 * letters past Latin-1 that a name may hold. Read once; pdfkit embeds only the glyphs a document uses.
 */
const FONT_DIR = path.join(import.meta.dirname, 'fonts');
let fonts: { regular: Buffer; bold: Buffer } | undefined;
export function statementFonts() {
  fonts ??= {
    regular: readFileSync(path.join(FONT_DIR, 'DejaVuSans-Karera.ttf')),
    bold: readFileSync(path.join(FONT_DIR, 'DejaVuSans-Bold-Karera.ttf')),
  };
  return fonts;
}
export const REGULAR = 'KareraSans';
export const BOLD = 'KareraSans-Bold';

const MARGIN = 40;
const COLUMNS = [
  { width: 110, align: 'left' },
  { width: 80, align: 'left' },
  { width: 155, align: 'left' },
  { width: 85, align: 'right' },
  { width: 85, align: 'right' },
] as const;
/** Space kept between a cell's text and the next column. */
const CELL_GAP = 6;
/** The lines' Amount column: the summary's amounts stand in it. */
const AMOUNT_COLUMN = 3;
/** The summary's labels span the columns before the Amount column. */
const SUMMARY_LABEL_WIDTH = COLUMNS.slice(0, AMOUNT_COLUMN).reduce((sum, column) => sum + column.width, 0);

/**
 * The statement as a PDF document (pdfkit, decision 036): a title, the player and month, the totals, then
 * every line. The caller sends the returned stream; the lines follow over several turns of the event loop
 * and the document ends itself once they are written.
 */
export function statementPdf(
  statement: Statement,
  player: { name: string; id: number },
  language: StatementLanguage,
  generatedAt: Date,
): PDFKit.PDFDocument {
  const texts = STATEMENT_FILE_TEXTS[language];
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${texts.title} ${statement.month}`, Author: 'Karera' },
  });
  const { regular, bold } = statementFonts();
  doc.registerFont(REGULAR, regular);
  doc.registerFont(BOLD, bold);

  doc.font(BOLD).fontSize(16).text(texts.title);
  doc.moveDown(0.3);
  doc.font(REGULAR).fontSize(10);
  doc.text(`${texts.month}: ${statement.month}`);
  doc.text(`${texts.player}: ${player.name} (#${player.id})`);
  doc.text(`${texts.generated}: ${formatManilaDateTime(generatedAt.toISOString())} (Manila)`);
  doc.moveDown();

  const summary: [string, number][] = [
    [texts.opening, statement.openingBalance],
    ...(Object.keys(texts.totals) as (keyof StatementTotals)[]).map((key): [string, number] => [
      texts.totals[key],
      statement.totals[key],
    ]),
    [texts.closing, statement.closingBalance],
  ];
  // The summary's amounts stand in the lines' Amount column, right-aligned on the same edge.
  const labelWidth = SUMMARY_LABEL_WIDTH - CELL_GAP;
  const amountColumn = COLUMNS[AMOUNT_COLUMN];
  for (const [label, amount] of summary) {
    const y = doc.y;
    const height = Math.max(doc.heightOfString(label, { width: labelWidth }), doc.currentLineHeight(true));
    doc.text(label, MARGIN, y, { width: labelWidth });
    doc.text(pesoText(amount), MARGIN + SUMMARY_LABEL_WIDTH, y, {
      width: amountColumn.width - CELL_GAP,
      align: 'right',
    });
    doc.x = MARGIN;
    doc.y = y + height + 2;
  }
  doc.moveDown();

  const row = (cells: readonly string[], bold: boolean) => {
    doc.font(bold ? BOLD : REGULAR).fontSize(8);
    const heights = cells.map((cell, i) => doc.heightOfString(cell, { width: (COLUMNS[i]?.width ?? 80) - CELL_GAP }));
    const height = Math.max(...heights) + 4;
    if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
    const y = doc.y;
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const column = COLUMNS[i] ?? COLUMNS[0];
      doc.text(cell, x, y, { width: column.width - CELL_GAP, align: column.align });
      x += column.width;
    });
    doc.x = MARGIN;
    doc.y = y + height;
  };
  // The amounts carry ₱ here: the columns' "(PHP)" (kept in the CSV, whose amounts are plain numbers) too.
  const [date, type, description, amount, balance] = texts.header.map((label) => label.replace('(PHP)', '(₱)'));
  row([date ?? '', type ?? '', description ?? '', amount ?? '', balance ?? ''], true);
  if (statement.lines.length === 0) {
    doc.font(REGULAR).fontSize(9).text(texts.noLines, MARGIN);
  }
  void writeLines(doc, statement.lines, (line) =>
    row(
      [
        formatManilaDateTime(line.dateTime),
        texts.category[line.category],
        lineDescription(line, language),
        pesoText(line.amount),
        pesoText(line.balanceAfter),
      ],
      false,
    ),
  );
  return doc;
}

/** Lines laid out between two turns of the event loop: a few milliseconds, so other requests go on. */
const LINES_PER_TURN = 200;

/**
 * Writes the lines a slice at a time, giving the event loop a turn between slices (a month of 20,000 bets
 * is seconds of layout, which must not hold up everyone's requests), then ends the document. A failure
 * ends the stream with the error, so the download breaks instead of hanging.
 */
async function writeLines(
  doc: PDFKit.PDFDocument,
  lines: readonly Statement['lines'][number][],
  writeLine: (line: Statement['lines'][number]) => void,
): Promise<void> {
  try {
    for (let start = 0; start < lines.length; start += LINES_PER_TURN) {
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      for (const line of lines.slice(start, start + LINES_PER_TURN)) writeLine(line);
    }
    doc.end();
  } catch (error) {
    doc.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}
