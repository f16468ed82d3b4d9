import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import {
  parseReceiptText,
  PaymentMessages,
  RECEIPT_MAX_BYTES,
  RECEIPT_MAX_PIXELS,
  RECEIPT_MAX_SIDE,
  type ReceiptFields,
} from '@karera/shared';
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

/** SOFn markers of JPEG (baseline, progressive, lossless, arithmetic): they carry the frame size. */
const JPEG_FRAME_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      offset += 2; // no length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image, or scan data before any frame
    const length = bytes.readUInt16BE(offset + 2);
    if (JPEG_FRAME_MARKERS.has(marker)) {
      if (offset + 9 > bytes.length) return null;
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    if (length < 2) return null;
    offset += 2 + length;
  }
  return null;
}

function webpSize(bytes: Buffer): { width: number; height: number } | null {
  const chunk = bytes.toString('ascii', 12, 16);
  if (chunk === 'VP8X' && bytes.length >= 30) {
    return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  }
  if (chunk === 'VP8L' && bytes.length >= 25 && bytes[20] === 0x2f) {
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ' && bytes.length >= 30 && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a) {
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  return null;
}

/** Width and height from the image header, without decoding it; null when the header is not understood. */
export function imageSize(bytes: Buffer, kind: ImageKind): { width: number; height: number } | null {
  if (kind === 'png') {
    if (bytes.length < 24 || bytes.toString('ascii', 12, 16) !== 'IHDR') return null;
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  return kind === 'jpeg' ? jpegSize(bytes) : webpSize(bytes);
}

/**
 * The upload as bytes: base64, optionally as a data: URL; refused when not a PNG, JPEG or WebP of at most
 * RECEIPT_MAX_BYTES and RECEIPT_MAX_PIXELS (read from its header: nothing is decoded here).
 */
export function decodeReceiptImage(image: string): Buffer {
  // Whitespace out first, then one unambiguous pattern: linear time on a 5 MB string (a pattern with
  // whitespace on both sides of the padding backtracks quadratically and stalls the event loop).
  const base64 = image.replace(/^data:[\w/+.-]+;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw badRequest(PaymentMessages.receiptType);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > RECEIPT_MAX_BYTES) throw badRequest(PaymentMessages.receiptTooLarge);
  const kind = sniffImage(bytes);
  if (!kind) throw badRequest(PaymentMessages.receiptType);
  // The decoder allocates width x height before it reads a pixel: refuse a decompression bomb here.
  const size = imageSize(bytes, kind);
  if (!size || size.width < 1 || size.height < 1) throw badRequest(PaymentMessages.receiptType);
  if (
    size.width > RECEIPT_MAX_SIDE ||
    size.height > RECEIPT_MAX_SIDE ||
    size.width * size.height > RECEIPT_MAX_PIXELS
  ) {
    throw badRequest(PaymentMessages.receiptDimensions);
  }
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
export function createReceiptReader(options: { timeoutMs?: () => number } = {}): ReceiptReader {
  const timeoutMs = options.timeoutMs ?? (() => RECOGNIZE_TIMEOUT_MS);
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
      const current = worker;
      const ready = await current;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          // A worker still busy on a slow image would hold every later receipt behind it: end it, and
          // the next read starts a fresh one (reads queued on this one fail and can be tried again).
          if (worker === current) worker = null;
          void ready.terminate().catch(() => undefined);
          reject(new Error('receipt OCR timed out'));
        }, timeoutMs());
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
