import PDFDocument from 'pdfkit';
import {
  formatManilaDateTime,
  TAX_CERTIFICATE_TEXTS,
  type CertificateLanguage,
  type TaxCertificate,
} from '@karera/shared';
import { BOLD, pesoText, REGULAR, statementFonts } from '../statement/index.ts';

/**
 * The annual certificate of tax withheld on winnings as a PDF, in the activity statement's style
 * (decision 036: pdfkit, DejaVu Sans cut down with the peso sign, A4, a title, the party lines, then a
 * table with amounts right-aligned in ₱). Twelve rows: laid out at once.
 */
const MARGIN = 40;
const COLUMNS = [
  { width: 195, align: 'left' },
  { width: 160, align: 'right' },
  { width: 160, align: 'right' },
] as const;
const CELL_GAP = 6;

export function certificatePdf(
  certificate: TaxCertificate,
  language: CertificateLanguage,
  generatedAt: Date,
): PDFKit.PDFDocument {
  const texts = TAX_CERTIFICATE_TEXTS[language];
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${texts.title} ${certificate.year}`, Author: certificate.operator },
  });
  const { regular, bold } = statementFonts();
  doc.registerFont(REGULAR, regular);
  doc.registerFont(BOLD, bold);

  doc.font(BOLD).fontSize(16).text(texts.title);
  doc.font(REGULAR).fontSize(10).text(texts.subtitle);
  doc.moveDown(0.6);
  doc.text(`${texts.year}: ${certificate.year}`);
  doc.text(`${texts.player}: ${certificate.player.name} (#${certificate.player.id})`);
  doc.text(`${texts.username}: ${certificate.player.username}`);
  doc.text(`${texts.operator}: ${certificate.operator}`);
  doc.text(`${texts.generated}: ${formatManilaDateTime(generatedAt.toISOString())} (Manila)`);
  doc.moveDown();
  doc.text(texts.statement(certificate.operator, certificate.year), { width: 515 });
  doc.moveDown();

  const row = (cells: readonly string[], isBold: boolean) => {
    doc.font(isBold ? BOLD : REGULAR).fontSize(10);
    const y = doc.y;
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const column = COLUMNS[i] ?? COLUMNS[0];
      doc.text(cell, x, y, { width: column.width - CELL_GAP, align: column.align });
      x += column.width;
    });
    doc.x = MARGIN;
    doc.y = y + doc.currentLineHeight(true) + 6;
  };
  row([texts.month, texts.grossWinnings, texts.winningsTax], true);
  certificate.months.forEach((month, i) =>
    row(
      [
        `${texts.monthNames[i] ?? month.month} ${certificate.year}`,
        pesoText(month.grossWinnings),
        pesoText(month.winningsTax),
      ],
      false,
    ),
  );
  row([texts.total, pesoText(certificate.totals.grossWinnings), pesoText(certificate.totals.winningsTax)], true);
  doc.moveDown();
  doc.font(REGULAR).fontSize(8).text(texts.note, MARGIN, doc.y, { width: 515 });
  doc.end();
  return doc;
}
