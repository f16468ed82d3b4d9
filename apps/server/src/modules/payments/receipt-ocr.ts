import { createRequire } from 'node:module';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { Worker as ThreadWorker } from 'node:worker_threads';
import sharp from 'sharp';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import {
  parseReceiptText,
  PaymentMessages,
  RECEIPT_MAX_BYTES,
  RECEIPT_MAX_PIXELS,
  RECEIPT_MAX_SIDE,
  type ReceiptFields,
} from '@karera/shared';
import { AppError, badRequest } from '../../lib/errors.ts';

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
/** Decoding a 16-megapixel upload takes well under a second; a stuck decode is ended. */
const DECODE_TIMEOUT_SECONDS = 10;

// An upload is decoded once and never again: libvips' operation cache would only keep client images in
// memory. One libvips thread per image: OCR is the expensive part and stays on its own core.
sharp.cache(false);
sharp.concurrency(1);

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
 * RECEIPT_MAX_BYTES and RECEIPT_MAX_PIXELS (read from its header: nothing is decoded here). A cheap first
 * gate: the bytes still come from the client and go to normaliseReceiptImage, never to the OCR worker.
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
  if (!size || size.width < 1 || size.height < 1) throw badRequest(PaymentMessages.receiptCorrupt);
  if (
    size.width > RECEIPT_MAX_SIDE ||
    size.height > RECEIPT_MAX_SIDE ||
    size.width * size.height > RECEIPT_MAX_PIXELS
  ) {
    throw badRequest(PaymentMessages.receiptDimensions);
  }
  return bytes;
}

declare const normalised: unique symbol;
/** A PNG that sharp decoded from an upload and encoded again here: the only kind of image OCR is given. */
export type NormalisedReceipt = Buffer & { readonly [normalised]: true };

const SHARP_FORMATS: Record<ImageKind, string> = { png: 'png', jpeg: 'jpeg', webp: 'webp' };

/**
 * A PNG's chunks: each within the file and with its CRC right, IHDR first, at least one IDAT, and IEND
 * last with nothing after it. libspng skips CRCs of image data and a missing IEND, and bytes after IEND
 * (a polyglot's other half) would never be looked at: refused here instead, at the cost of one CRC pass.
 */
function pngStructureOk(bytes: Buffer): boolean {
  let offset = 8;
  let index = 0;
  let hasData = false;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) return false;
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (crc32(bytes.subarray(offset + 4, end - 4)) !== bytes.readUInt32BE(end - 4)) return false;
    if ((index === 0) !== (type === 'IHDR') || (type === 'IHDR' && length !== 13)) return false;
    if (type === 'IDAT') hasData = true;
    if (type === 'IEND') return hasData && end === bytes.length;
    offset = end;
    index += 1;
  }
  return false;
}

/**
 * A JPEG's segments up to its first scan: a frame header before it and, when the frame is Huffman-coded,
 * Huffman tables (libjpeg would decode without them with tables of its own, into noise).
 */
function jpegStructureOk(bytes: Buffer): boolean {
  let offset = 2;
  let frame: number | null = null;
  let huffmanTables = false;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return false;
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd9 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) return false;
    if (marker === 0xda) return frame !== null && (frame >= 0xc9 || huffmanTables);
    if (JPEG_FRAME_MARKERS.has(marker)) frame ??= marker;
    if (marker === 0xc4) huffmanTables = true;
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return false;
    offset += 2 + length;
  }
  return false;
}

/**
 * Decodes the upload with libvips (sharp) and encodes what it decoded as an 8-bit greyscale PNG, so the
 * OCR worker never parses a byte the client chose. Any damage (truncation, bad chunks or CRCs, bad
 * markers, a header that lies) fails the structure checks or the decode (`failOn: 'warning'`, the
 * strictest level: libjpeg reports a truncated scan only as a warning) and answers 400 receiptCorrupt;
 * limitInputPixels and the metadata check keep a decompression bomb out.
 */
export async function normaliseReceiptImage(bytes: Buffer): Promise<NormalisedReceipt> {
  const kind = sniffImage(bytes);
  if (!kind) throw badRequest(PaymentMessages.receiptType);
  if ((kind === 'png' && !pngStructureOk(bytes)) || (kind === 'jpeg' && !jpegStructureOk(bytes))) {
    throw badRequest(PaymentMessages.receiptCorrupt);
  }
  const input = () =>
    sharp(bytes, { failOn: 'warning', limitInputPixels: RECEIPT_MAX_PIXELS, sequentialRead: true, pages: 1 });
  let width: number;
  let height: number;
  try {
    const metadata = await input().metadata();
    if (metadata.format !== SHARP_FORMATS[kind]) throw badRequest(PaymentMessages.receiptCorrupt);
    width = metadata.width;
    height = metadata.height;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(PaymentMessages.receiptCorrupt);
  }
  if (!(width >= 1 && height >= 1)) throw badRequest(PaymentMessages.receiptCorrupt);
  if (width > RECEIPT_MAX_SIDE || height > RECEIPT_MAX_SIDE || width * height > RECEIPT_MAX_PIXELS) {
    throw badRequest(PaymentMessages.receiptDimensions);
  }
  try {
    const png = await input()
      .rotate() // upright by its EXIF orientation, for photos of a receipt
      .flatten({ background: '#ffffff' }) // transparency reads as white paper, not black
      .toColourspace('b-w')
      .png({ compressionLevel: 1 })
      .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
      .toBuffer();
    return png as NormalisedReceipt;
  } catch {
    throw badRequest(PaymentMessages.receiptCorrupt);
  }
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
