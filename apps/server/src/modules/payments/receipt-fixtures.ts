import { Resvg } from '@resvg/resvg-js';

/*
 * Receipt screenshots for tests: drawn as SVG in the layouts of the apps players send money with
 * (GCash, Maya, a bank's InstaPay confirmation, a dark-mode wallet), rendered to PNG with the system's
 * fonts. Test-only (resvg is a dev dependency).
 */

export const RECEIPT_LAYOUTS = ['gcash', 'maya', 'bank', 'dark'] as const;
export type ReceiptLayout = (typeof RECEIPT_LAYOUTS)[number];

export interface ReceiptSample {
  layout: ReceiptLayout;
  /** Centavos. */
  amount: number;
  /** As printed on the receipt (may contain spaces). */
  printedReference: string;
  /** What the form should be filled with. */
  expectedReference: string;
}

const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const FONT = 'DejaVu Sans, Liberation Sans, sans-serif';

function money(amount: number): string {
  const whole = Math.trunc(amount / 100).toLocaleString('en-US');
  return `${whole}.${String(amount % 100).padStart(2, '0')}`;
}

function text(
  x: number,
  y: number,
  content: string,
  size: number,
  options: { fill?: string; anchor?: string; weight?: string } = {},
) {
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" fill="${options.fill ?? '#111'}" text-anchor="${options.anchor ?? 'start'}" font-weight="${options.weight ?? 'normal'}">${esc(content)}</text>`;
}

function svgOf(sample: ReceiptSample): string {
  const amount = money(sample.amount);
  const ref = sample.printedReference;
  const date = 'Nov 21, 2026 3:04 PM';
  const w = 390;
  switch (sample.layout) {
    case 'gcash':
      return [
        `<rect width="${w}" height="700" fill="#ffffff"/>`,
        `<rect width="${w}" height="96" fill="#0a5adf"/>`,
        text(195, 60, 'GCash', 28, { fill: '#ffffff', anchor: 'middle', weight: 'bold' }),
        text(195, 150, 'Sent via GCash', 18, { anchor: 'middle' }),
        text(195, 180, 'JU**N D.', 16, { anchor: 'middle', fill: '#333' }),
        text(24, 250, 'Amount', 16, { fill: '#555' }),
        text(366, 250, amount, 16, { anchor: 'end' }),
        text(24, 290, 'Total Amount Sent', 16, { fill: '#555' }),
        text(366, 290, `₱${amount}`, 20, { anchor: 'end', weight: 'bold' }),
        text(24, 360, `Ref No. ${ref}`, 15, { fill: '#333' }),
        text(24, 390, date, 15, { fill: '#333' }),
      ].join('');
    case 'maya':
      return [
        `<rect width="${w}" height="700" fill="#f4f6f5"/>`,
        text(24, 60, 'maya', 30, { fill: '#00a86b', weight: 'bold' }),
        text(24, 130, 'You sent', 16, { fill: '#555' }),
        text(24, 170, `PHP ${amount}`, 30, { weight: 'bold' }),
        text(24, 230, 'to 0917 *** 4567', 16, { fill: '#333' }),
        text(24, 300, 'Reference ID', 15, { fill: '#555' }),
        text(24, 330, ref, 18),
        text(24, 390, 'Date and time', 15, { fill: '#555' }),
        text(24, 420, date, 16),
      ].join('');
    case 'bank':
      return [
        `<rect width="${w}" height="700" fill="#ffffff"/>`,
        `<rect width="${w}" height="70" fill="#123f7a"/>`,
        text(24, 45, 'InstaPay Transfer', 20, { fill: '#ffffff' }),
        text(24, 130, 'Transfer successful', 20, { weight: 'bold' }),
        text(24, 190, 'Transfer amount', 15, { fill: '#555' }),
        text(366, 190, `PHP ${amount}`, 15, { anchor: 'end' }),
        text(24, 225, 'Service fee', 15, { fill: '#555' }),
        text(366, 225, 'PHP 15.00', 15, { anchor: 'end' }),
        text(24, 260, 'Total', 15, { fill: '#555' }),
        text(366, 260, `PHP ${money(sample.amount + 1500)}`, 15, { anchor: 'end', weight: 'bold' }),
        text(24, 320, `Reference No.: ${ref}`, 15),
        text(24, 355, date, 15, { fill: '#555' }),
      ].join('');
    case 'dark':
      return [
        `<rect width="${w}" height="700" fill="#15171c"/>`,
        text(195, 70, 'Payment sent', 22, { fill: '#ffffff', anchor: 'middle', weight: 'bold' }),
        text(195, 140, `₱ ${amount}`, 34, { fill: '#ffffff', anchor: 'middle', weight: 'bold' }),
        text(24, 230, 'Amount', 15, { fill: '#9aa0aa' }),
        text(366, 230, `₱${amount}`, 15, { fill: '#ffffff', anchor: 'end' }),
        text(24, 270, 'Reference number', 15, { fill: '#9aa0aa' }),
        text(366, 270, ref, 15, { fill: '#ffffff', anchor: 'end' }),
        text(24, 310, 'Date', 15, { fill: '#9aa0aa' }),
        text(366, 310, date, 15, { fill: '#ffffff', anchor: 'end' }),
      ].join('');
  }
}

export function renderReceipt(sample: ReceiptSample): Buffer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="390" height="700">${svgOf(sample)}</svg>`;
  // Twice the CSS size, as a phone screenshot is.
  return new Resvg(svg, { font: { loadSystemFonts: true }, fitTo: { mode: 'zoom', value: 2 } }).render().asPng();
}

/** A small deterministic generator, so the accuracy figure is reproducible. */
function rng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** `count` receipts spread over the layouts, with varied amounts and reference formats. */
export function receiptSamples(count: number, seed = 7): ReceiptSample[] {
  const next = rng(seed);
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(next() * 10)).join('');
  const hex = (n: number) => Array.from({ length: n }, () => '0123456789ABCDEF'[Math.floor(next() * 16)]).join('');
  return Array.from({ length: count }, (_, i) => {
    const layout = RECEIPT_LAYOUTS[i % RECEIPT_LAYOUTS.length] ?? 'gcash';
    const pesos = [50, 100, 250, 500, 750, 1000, 1234, 2500, 5000, 12_345, 99_999][Math.floor(next() * 11)] ?? 100;
    const amount = pesos * 100 + (next() < 0.3 ? Math.floor(next() * 100) : 0);
    let expectedReference: string;
    let printedReference: string;
    if (layout === 'gcash') {
      expectedReference = digits(13);
      printedReference = `${expectedReference.slice(0, 4)} ${expectedReference.slice(4, 7)} ${expectedReference.slice(7)}`;
    } else if (layout === 'maya') {
      expectedReference = hex(12);
      printedReference = `${expectedReference.slice(0, 4)} ${expectedReference.slice(4, 8)} ${expectedReference.slice(8)}`;
    } else {
      expectedReference = digits(layout === 'bank' ? 12 : 10);
      printedReference = expectedReference;
    }
    return { layout, amount, printedReference, expectedReference };
  });
}
