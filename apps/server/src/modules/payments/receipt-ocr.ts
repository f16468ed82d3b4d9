import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { parseReceiptText, PaymentMessages, RECEIPT_MAX_BYTES, type ReceiptFields } from '@karera/shared';
import { badRequest } from '../../lib/errors.ts';

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

type ImageKind = 'png' | 'jpeg' | 'webp';

/** The image type from its first bytes, never from what the client claims. */
export function sniffImage(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP') {
    return 'webp';
  }
  return null;
}

/** The upload as bytes: base64, optionally as a data: URL; refused when not a small PNG, JPEG or WebP. */
export function decodeReceiptImage(image: string): Buffer {
  const base64 = image.replace(/^data:[\w/+.-]+;base64,/, '');
  if (!/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(base64)) throw badRequest(PaymentMessages.receiptType);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > RECEIPT_MAX_BYTES) throw badRequest(PaymentMessages.receiptTooLarge);
  if (!sniffImage(bytes)) throw badRequest(PaymentMessages.receiptType);
  return bytes;
}

export interface ReceiptReader {
  read(image: Buffer): Promise<ReceiptFields>;
  close(): Promise<void>;
}

/**
 * One tesseract worker for the process, started on the first receipt (about 0.3 s) and kept: a worker
 * recognises one image at a time, and the calls queue on it, so OCR never takes more than one core.
 */
export function createReceiptReader(): ReceiptReader {
  let worker: Promise<Worker> | null = null;
  const start = () =>
    createWorker('eng', OEM.LSTM_ONLY, {
      langPath: LANG_PATH,
      workerPath: WORKER_PATH,
      gzip: true,
      cacheMethod: 'none',
    });
  return {
    async read(image) {
      worker ??= start().catch((error: unknown) => {
        worker = null;
        throw error;
      });
      const ready = await worker;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('receipt OCR timed out')), RECOGNIZE_TIMEOUT_MS);
      });
      try {
        const { data } = await Promise.race([ready.recognize(image), timeout]);
        return parseReceiptText(data.text);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      const current = worker;
      worker = null;
      if (current) await (await current).terminate();
    },
  };
}
