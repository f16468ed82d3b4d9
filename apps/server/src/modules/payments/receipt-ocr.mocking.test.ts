import type { Worker as ThreadWorker } from 'node:worker_threads';
import sharp from 'sharp';
import type * as Tesseract from 'tesseract.js';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { PaymentMessages } from '@karera/shared';
import { imageSize, sniffImage } from '../../lib/images.ts';
import {
  createReceiptReader,
  decodeReceiptImage,
  normaliseReceiptImage,
  type NormalisedReceipt,
} from './receipt-ocr.ts';
import { receiptSamples, renderReceipt, RECEIPT_LAYOUTS, type ReceiptSample } from './receipt-fixtures.ts';

/** Every tesseract worker the readers start, so a test can end one as a crash would. */
const started = vi.hoisted(() => [] as Tesseract.Worker[]);
vi.mock('tesseract.js', async (importOriginal) => {
  const actual = await importOriginal<typeof Tesseract>();
  return {
    ...actual,
    createWorker: async (...args: Parameters<typeof actual.createWorker>) => {
      const worker = await actual.createWorker(...args);
      started.push(worker);
      return worker;
    },
  };
});

const OUTAGE_PNG = 'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAADElEQVR4nGNgIBEAAAAxAAG3NQZcAAAAAElFTkSuQmCC';
const OUTAGE_JPEG = '/9j/wAARCAAQABADAREAAhEAAxEA/9k=';

const firstSample = (): ReceiptSample => {
  const [sample] = receiptSamples(1);
  if (!sample) throw new Error('no sample');
  return sample;
};
const normalised = (sample: ReceiptSample) => normaliseReceiptImage(renderReceipt(sample));

/*
 * Accuracy of receipt reading on generated screenshots: 40 receipts, 10 per layout (GCash, Maya, bank
 * InstaPay, dark-mode wallet), with random amounts (₱50 to ₱99,999, some with centavos) and reference
 * formats (13 digits grouped 4-3-6, 12 hex characters grouped by 4, 10-12 plain digits). The measured
 * figures are in docs/decisions/008-payments.md; the test holds the floor so a regression shows.
 */
describe('receipt OCR accuracy', () => {
  const reader = createReceiptReader();
  afterAll(() => reader.close());

  it('recognises the image type from its bytes', () => {
    const png = renderReceipt(
      receiptSamples(1)[0] ?? { layout: 'gcash', amount: 100, printedReference: '1', expectedReference: '1' },
    );
    expect(sniffImage(png)).toBe('png');
    expect(decodeReceiptImage(`data:image/png;base64,${png.toString('base64')}`).equals(png)).toBe(true);
  });

  it('reads the pixel size from PNG, JPEG (progressive), lossy and lossless WebP headers', () => {
    const png = renderReceipt({ layout: 'gcash', amount: 100, printedReference: '1', expectedReference: '1' });
    expect(imageSize(png, 'png')).toEqual({ width: expect.any(Number), height: expect.any(Number) });
    const tiny = {
      jpeg: '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
      webpLossy: 'UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA',
      webpLossless: 'UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==',
    };
    for (const base64 of Object.values(tiny)) {
      const bytes = decodeReceiptImage(base64);
      const kind = sniffImage(bytes);
      expect(kind && imageSize(bytes, kind)).toEqual({ width: 1, height: 1 });
    }
  });

  it('decodes PNG, JPEG and WebP uploads and hands OCR an 8-bit greyscale PNG of the same size', async () => {
    const png = renderReceipt(firstSample());
    const jpeg = await sharp(png).jpeg({ quality: 85 }).toBuffer();
    const webp = await sharp(png).webp({ quality: 85 }).toBuffer();
    const withAlpha = await sharp(png).ensureAlpha(0.5).png().toBuffer();
    const sixteenBit = await sharp(png).toColourspace('rgb16').png().toBuffer();
    for (const image of [png, jpeg, webp, withAlpha, sixteenBit]) {
      const out = await normaliseReceiptImage(image);
      expect(sniffImage(out)).toBe('png');
      const metadata = await sharp(out).metadata();
      expect(metadata).toMatchObject({ format: 'png', channels: 1, depth: 'uchar', width: 780, height: 1400 });
    }
  });

  it('refuses a damaged image when decoding it, with the message for it', async () => {
    const png = renderReceipt(firstSample());
    const damaged = [
      Buffer.from(OUTAGE_PNG, 'base64'),
      Buffer.from(OUTAGE_JPEG, 'base64'),
      png.subarray(0, png.length - 100),
      png.subarray(0, 200),
      Buffer.concat([png.subarray(0, 8), Buffer.from('<html><body>not a picture</body></html>')]),
    ];
    for (const image of damaged) {
      await expect(normaliseReceiptImage(image)).rejects.toMatchObject({
        httpStatus: 400,
        message: PaymentMessages.receiptCorrupt,
      });
    }
    await expect(normaliseReceiptImage(Buffer.from('GIF89a'))).rejects.toMatchObject({
      message: PaymentMessages.receiptType,
    });
  });

  it('turns a job the worker refuses into a rejected read, and keeps reading', { timeout: 60_000 }, async () => {
    const sample = firstSample();
    const warnings: unknown[] = [];
    const reader = createReceiptReader({ log: { warn: (details) => warnings.push(details.err) } });
    try {
      // Raw client bytes, as tesseract was given before: its worker refuses them. Without an errorHandler
      // tesseract.js throws that refusal from a message listener, an uncaught exception (Vitest fails the run).
      const raw = Buffer.from(OUTAGE_PNG, 'base64') as NormalisedReceipt;
      await expect(reader.read(raw)).rejects.toThrow(/read image/);
      expect(warnings.length).toBeGreaterThan(0);
      expect((await reader.read(await normalised(sample))).amount).toBe(sample.amount);
    } finally {
      await reader.close();
    }
  });

  it('replaces a worker whose thread died or failed on the next read', { timeout: 60_000 }, async () => {
    const sample = firstSample();
    const reader = createReceiptReader();
    const thread = (worker: Tesseract.Worker | undefined) =>
      (worker as unknown as { worker: ThreadWorker } | undefined)?.worker;
    try {
      const image = await normalised(sample);
      const before = started.length;
      expect((await reader.read(image)).amount).toBe(sample.amount);
      expect(started.length).toBe(before + 1);

      // A crashed thread: it exits, and a read queued on it fails at once instead of hanging.
      const first = thread(started.at(-1));
      const exited = new Promise((resolve) => first?.once('exit', resolve));
      const queued = reader.read(image);
      await first?.terminate();
      await exited;
      await expect(queued).rejects.toThrow(/exited/);
      expect((await reader.read(image)).amount).toBe(sample.amount);
      expect(started.length).toBe(before + 2);

      // An 'error' event on the thread: without a listener it would be thrown; the worker is retired.
      thread(started.at(-1))?.emit('error', new Error('worker thread failed'));
      expect((await reader.read(image)).amount).toBe(sample.amount);
      expect(started.length).toBe(before + 3);
    } finally {
      await reader.close();
    }
  });

  it(
    'ends a worker that runs past its time, and reads the next receipt with a fresh one',
    { timeout: 60_000 },
    async () => {
      const sample = firstSample();
      let patienceMs = 1;
      const reader = createReceiptReader({ timeoutMs: () => patienceMs });
      try {
        await expect(reader.read(await normalised(sample))).rejects.toThrow('receipt OCR timed out');
        patienceMs = 30_000;
        const read = await reader.read(await normalised(sample));
        expect(read.amount).toBe(sample.amount);
      } finally {
        await reader.close();
      }
    },
  );

  it('reads reference and amount from generated receipts of every layout', { timeout: 180_000 }, async () => {
    const samples = receiptSamples(40);
    const perLayout = new Map<string, { total: number; reference: number; amount: number; both: number }>();
    const misses: string[] = [];
    const started = Date.now();
    for (const sample of samples) {
      const read = await reader.read(await normalised(sample));
      const stats = perLayout.get(sample.layout) ?? { total: 0, reference: 0, amount: 0, both: 0 };
      const referenceOk = read.referenceNumber === sample.expectedReference;
      const amountOk = read.amount === sample.amount;
      stats.total += 1;
      if (referenceOk) stats.reference += 1;
      if (amountOk) stats.amount += 1;
      if (referenceOk && amountOk) stats.both += 1;
      perLayout.set(sample.layout, stats);
      if (!referenceOk || !amountOk) {
        misses.push(
          `${sample.layout}: expected ${sample.expectedReference} ${sample.amount}, read ${read.referenceNumber} ${read.amount}`,
        );
      }
    }
    const both = [...perLayout.values()].reduce((sum, s) => sum + s.both, 0);
    const report = RECEIPT_LAYOUTS.map((layout) => {
      const s = perLayout.get(layout);
      return s
        ? `${layout}: reference ${s.reference}/${s.total}, amount ${s.amount}/${s.total}, both ${s.both}/${s.total}`
        : layout;
    });
    console.info(
      [
        `receipt OCR: both fields right on ${both}/${samples.length} in ${Date.now() - started} ms`,
        ...report,
        ...misses,
      ].join('\n'),
    );
    expect(both / samples.length).toBeGreaterThanOrEqual(0.9);
  });
});
