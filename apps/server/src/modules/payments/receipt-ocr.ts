import { createRequire } from 'node:module';
import path from 'node:path';
import type { Worker as ThreadWorker } from 'node:worker_threads';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import {
  parseReceiptText,
  PaymentMessages,
  RECEIPT_MAX_BYTES,
  RECEIPT_MAX_PIXELS,
  RECEIPT_MAX_SIDE,
  type ReceiptFields,
} from '@karera/shared';
import { decodeBase64Image, reencodeImage, type ImageLimits, type ImageRefusals } from '../../lib/images.ts';

const require = createRequire(import.meta.url);

/**
 * Everything tesseract needs comes from node_modules: the English model of @tesseract.js-data/eng (the
 * LSTM "best_int" build), the wasm core (required by the worker) and the worker script. Without a
 * langPath tesseract.js would download the model from a CDN at run time (docs/decisions/008-payments.md).
 */
const LANG_PATH = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
const WORKER_PATH = path.join(
  path.dirname(require.resolve('tesseract.js/package.json')),
  'src',
  'worker-script',
  'node',
  'index.js',
);
const RECOGNIZE_TIMEOUT_MS = 30_000;

const RECEIPT_LIMITS: ImageLimits = {
  maxBytes: RECEIPT_MAX_BYTES,
  maxPixels: RECEIPT_MAX_PIXELS,
  maxSide: RECEIPT_MAX_SIDE,
};
const RECEIPT_REFUSALS: ImageRefusals = {
  type: PaymentMessages.receiptType,
  tooLarge: PaymentMessages.receiptTooLarge,
  dimensions: PaymentMessages.receiptDimensions,
  corrupt: PaymentMessages.receiptCorrupt,
};

/**
 * The upload as bytes: base64, optionally as a data: URL; refused when not a PNG, JPEG or WebP of at most
 * RECEIPT_MAX_BYTES and RECEIPT_MAX_PIXELS (read from its header: nothing is decoded here). A cheap first
 * gate: the bytes still come from the client and go to normaliseReceiptImage, never to the OCR worker.
 */
export function decodeReceiptImage(image: string): Buffer {
  return decodeBase64Image(image, RECEIPT_LIMITS, RECEIPT_REFUSALS);
}

declare const normalised: unique symbol;
/** A PNG that sharp decoded from an upload and encoded again here: the only kind of image OCR is given. */
export type NormalisedReceipt = Buffer & { readonly [normalised]: true };

/**
 * Decodes the upload with libvips (sharp, lib/images.ts) and encodes what it decoded as an 8-bit greyscale
 * PNG, so the OCR worker never parses a byte the client chose. A damaged image answers 400 receiptCorrupt.
 */
export async function normaliseReceiptImage(bytes: Buffer): Promise<NormalisedReceipt> {
  const { data } = await reencodeImage(bytes, RECEIPT_LIMITS, RECEIPT_REFUSALS, (image) =>
    image
      .rotate() // upright by its EXIF orientation, for photos of a receipt
      .flatten({ background: '#ffffff' }) // transparency reads as white paper, not black
      .toColourspace('b-w')
      .png({ compressionLevel: 1 }),
  );
  return data as NormalisedReceipt;
}

/** The receipt as the approving staff member sees it: upright, at most 1080 x 1920, WebP (decision 020). */
export async function receiptImageForStaff(bytes: Buffer): Promise<{ data: Buffer; contentType: string }> {
  const { data } = await reencodeImage(bytes, RECEIPT_LIMITS, RECEIPT_REFUSALS, (image) =>
    image.rotate().resize({ width: 1080, height: 1920, fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }),
  );
  return { data, contentType: 'image/webp' };
}

export interface ReceiptReader {
  /** Rejects when the worker fails, dies or runs past its time; the next read starts a fresh worker. */
  read(image: NormalisedReceipt): Promise<ReceiptFields>;
  close(): Promise<void>;
}

export interface ReceiptReaderOptions {
  timeoutMs?: () => number;
  /** Where worker failures are logged (the read itself rejects either way). */
  log?: { warn(details: { err: unknown }, message: string): void };
}

/** One tesseract worker and the way it ends: `failed` rejects once the worker is no longer usable. */
interface WorkerSlot {
  ready: Promise<Worker>;
  failed: Promise<never>;
  retire(reason: Error): void;
}

const asError = (value: unknown) => (value instanceof Error ? value : new Error(String(value)));

/**
 * One tesseract worker for the process, started on the first receipt (about 0.3 s) and kept: a worker
 * recognises one image at a time, and the calls queue on it, so OCR never takes more than one core.
 *
 * How a worker fails in Node (tesseract.js src/createWorker.js): a job the worker script refuses comes
 * back as a "reject" message, which rejects that job's promise and then calls `errorHandler`, or, without
 * one, throws from the message listener: an uncaught exception that ended the process. A worker thread
 * that crashes or exits emits 'error' / 'exit' on its worker_threads Worker, which tesseract.js never
 * listens to: jobs queued on it would never settle. So: an errorHandler that only logs, listeners on the
 * thread that retire the worker and fail every read queued on it at once, and a time limit on each read
 * (start included). A retired worker is terminated and the next read starts a fresh one.
 */
export function createReceiptReader(options: ReceiptReaderOptions = {}): ReceiptReader {
  const timeoutMs = options.timeoutMs ?? (() => RECOGNIZE_TIMEOUT_MS);
  const warn = (error: unknown, message: string) => options.log?.warn({ err: error }, message);
  let current: WorkerSlot | null = null;

  const open = (): WorkerSlot => {
    let retired = false;
    let fail: (reason: Error) => void = () => undefined;
    const failed = new Promise<never>((_, reject) => {
      fail = reject;
    });
    failed.catch(() => undefined); // observed by the reads racing it; none may be waiting
    const ready = createWorker('eng', OEM.LSTM_ONLY, {
      langPath: LANG_PATH,
      workerPath: WORKER_PATH,
      gzip: true,
      cacheMethod: 'none',
      // The job's promise is rejected already; without a handler tesseract.js would throw as well.
      errorHandler: (data: unknown) => warn(data, 'receipt OCR job failed'),
    });
    const slot: WorkerSlot = {
      ready,
      failed,
      retire(reason) {
        if (current === slot) current = null;
        if (retired) return;
        retired = true;
        fail(reason);
        ready.then((worker) => worker.terminate()).catch(() => undefined);
      },
    };
    ready.then(
      (worker) => {
        const thread = (worker as Worker & { worker?: ThreadWorker }).worker;
        thread?.on('error', (error) => {
          warn(error, 'receipt OCR worker failed');
          slot.retire(asError(error));
        });
        thread?.on('exit', (code) => slot.retire(new Error(`receipt OCR worker exited (code ${code})`)));
      },
      (error: unknown) => {
        warn(error, 'receipt OCR worker did not start');
        slot.retire(asError(error));
      },
    );
    return slot;
  };

  return {
    async read(image) {
      const slot = (current ??= open());
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          // A worker still busy on a slow image would hold every later receipt behind it: end it, and
          // the next read starts a fresh one (reads queued on this one fail and can be tried again).
          const error = new Error('receipt OCR timed out');
          slot.retire(error);
          reject(error);
        }, timeoutMs());
      });
      try {
        const worker = await Promise.race([slot.ready, slot.failed, timeout]);
        const { data } = await Promise.race([worker.recognize(image), slot.failed, timeout]);
        return parseReceiptText(data.text);
      } catch (error) {
        throw asError(error);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      const slot = current;
      if (!slot) return;
      slot.retire(new Error('receipt reader closed'));
      await slot.ready.then((worker) => worker.terminate()).catch(() => undefined);
    },
  };
}
