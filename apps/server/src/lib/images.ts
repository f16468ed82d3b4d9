import { crc32, createInflate } from 'node:zlib';
import sharp from 'sharp';
import { AppError, badRequest } from './errors.ts';

/*
 * Images that clients upload (payment receipts, master-agent photos): checked from their header before
 * anything decodes them, decoded by libvips (sharp) with the strictest settings, and encoded again here,
 * so nothing downstream (OCR, storage, an admin's browser) ever handles a byte the client chose
 * (docs/decisions/014-receipt-images-decoded-before-ocr.md).
 */

/** Decoding a 25-megapixel upload takes well under a second; a stuck decode is ended. */
const DECODE_TIMEOUT_SECONDS = 10;

// An upload is decoded once and never again: libvips' operation cache would only keep client images in
// memory. One libvips thread per image: the server's other work (OCR, requests) keeps its cores.
sharp.cache(false);
sharp.concurrency(1);

export type ImageKind = 'png' | 'jpeg' | 'webp';

export const IMAGE_CONTENT_TYPES: Record<ImageKind, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/** What an upload may be: bytes as sent, and pixels as its header and the decoder report them. */
export interface ImageLimits {
  maxBytes: number;
  maxPixels: number;
  maxSide: number;
}

/** The refusal texts of one kind of upload (each answers 400). */
export interface ImageRefusals {
  /** Not base64, or not a PNG, JPEG or WebP. */
  type: string;
  /** More bytes than maxBytes. */
  tooLarge: string;
  /** More pixels than maxPixels or a side longer than maxSide. */
  dimensions: string;
  /** Damaged, truncated, or not what its header says. */
  corrupt: string;
}

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

const tooManyPixels = (width: number, height: number, limits: ImageLimits) =>
  width > limits.maxSide || height > limits.maxSide || width * height > limits.maxPixels;

/**
 * The upload as bytes: base64, optionally as a data: URL; refused when not a PNG, JPEG or WebP within the
 * limits (size read from its header: nothing is decoded here). A cheap first gate: the bytes still come
 * from the client and go to {@link reencodeImage}, never anywhere else.
 */
export function decodeBase64Image(image: string, limits: ImageLimits, refusals: ImageRefusals): Buffer {
  // Whitespace out first, then one unambiguous pattern: linear time on a 5 MB string (a pattern with
  // whitespace on both sides of the padding backtracks quadratically and stalls the event loop).
  const base64 = image.replace(/^data:[\w/+.-]+;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw badRequest(refusals.type);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > limits.maxBytes) throw badRequest(refusals.tooLarge);
  const kind = sniffImage(bytes);
  if (!kind) throw badRequest(refusals.type);
  // The decoder allocates width x height before it reads a pixel: refuse a decompression bomb here.
  const size = imageSize(bytes, kind);
  if (!size || size.width < 1 || size.height < 1) throw badRequest(refusals.corrupt);
  if (tooManyPixels(size.width, size.height, limits)) throw badRequest(refusals.dimensions);
  return bytes;
}

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

/** A PNG's chunks, in order, as type and data; only call once {@link pngStructureOk} passed. */
function pngChunks(bytes: Buffer): { type: string; data: Buffer }[] {
  const chunks: { type: string; data: Buffer }[] = [];
  for (let offset = 8; offset + 12 <= bytes.length;) {
    const length = bytes.readUInt32BE(offset);
    chunks.push({
      type: bytes.toString('latin1', offset + 4, offset + 8),
      data: bytes.subarray(offset + 8, offset + 8 + length),
    });
    offset += 12 + length;
  }
  return chunks;
}

/** Samples per pixel of each PNG colour type (grey, RGB, palette, grey + alpha, RGBA). */
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Adam7's passes: the first column and row of each, and its steps across and down. */
const ADAM7_PASSES = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/**
 * The bytes a PNG's image data inflates to, from its header alone: each row is a filter byte and its
 * packed samples, and an interlaced image has the rows of each Adam7 pass. Null for a header PNG forbids.
 */
export function pngInflatedSize(header: Buffer): number | null {
  if (header.length !== 13) return null;
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  const bitDepth = header[8] ?? 0;
  const channels = PNG_CHANNELS[header[9] ?? -1];
  const interlace = header[12];
  if (!channels || ![1, 2, 4, 8, 16].includes(bitDepth) || (interlace !== 0 && interlace !== 1)) return null;
  const rowBytes = (pixels: number) => (pixels === 0 ? 0 : 1 + Math.ceil((pixels * channels * bitDepth) / 8));
  if (interlace === 0) return height * rowBytes(width);
  let total = 0;
  for (const [firstColumn, firstRow, across, down] of ADAM7_PASSES) {
    const passWidth = width > firstColumn ? Math.ceil((width - firstColumn) / across) : 0;
    const passHeight = height > firstRow ? Math.ceil((height - firstRow) / down) : 0;
    if (passWidth > 0) total += passHeight * rowBytes(passWidth);
  }
  return total;
}

/**
 * Whether zlib data inflates to at most `limit` bytes. Inflated as a stream and counted, never kept, and
 * stopped at the first byte past the limit: a bomb costs the limit's worth of work, not what it claims.
 * Damaged zlib data answers false.
 */
function inflatesWithin(parts: readonly Buffer[], limit: number): Promise<boolean> {
  return new Promise((resolve) => {
    const inflate = createInflate();
    let inflated = 0;
    inflate.on('data', (chunk: Buffer) => {
      inflated += chunk.length;
      if (inflated > limit) {
        inflate.destroy();
        resolve(false);
      }
    });
    inflate.on('error', () => resolve(false));
    inflate.on('end', () => resolve(inflated <= limit));
    for (const part of parts) inflate.write(part);
    inflate.end();
  });
}

/** Room for the compressed metadata a screenshot carries (a colour profile is a few KB, the largest under 1 MB). */
const PNG_COMPRESSED_METADATA_MAX_BYTES = 1024 * 1024;

/**
 * Issue 30: a PNG whose header says 1x1 but whose image data inflates to 400 MB was decoded whole (libspng
 * inflates every IDAT). The dimensions are bounded from the header; so is, here, what the data inflates
 * to: no more than the header's rows hold. Compressed metadata (a colour profile, compressed texts) is
 * bounded too, as libvips inflates the profile.
 */
async function pngInflatesAsItsHeaderSays(bytes: Buffer): Promise<boolean> {
  const chunks = pngChunks(bytes);
  const expected = pngInflatedSize(chunks[0]?.data ?? Buffer.alloc(0));
  if (expected === null) return false;
  const imageData = chunks.filter((chunk) => chunk.type === 'IDAT').map((chunk) => chunk.data);
  if (!(await inflatesWithin(imageData, expected))) return false;
  for (const chunk of chunks) {
    const compressed = compressedPartOf(chunk);
    if (compressed && !(await inflatesWithin([compressed], PNG_COMPRESSED_METADATA_MAX_BYTES))) return false;
  }
  return true;
}

/** The zlib data of a compressed ancillary chunk (iCCP, zTXt, iTXt when flagged), after its keyword. */
function compressedPartOf(chunk: { type: string; data: Buffer }): Buffer | null {
  const keywordEnd = chunk.data.indexOf(0);
  if (keywordEnd < 0) return null;
  if (chunk.type === 'iCCP' || chunk.type === 'zTXt') return chunk.data.subarray(keywordEnd + 2);
  if (chunk.type === 'iTXt' && chunk.data[keywordEnd + 1] === 1) {
    // Keyword, flag, method, language tag and translated keyword (each ending in a zero byte), then the text.
    const languageEnd = chunk.data.indexOf(0, keywordEnd + 3);
    const translatedEnd = languageEnd < 0 ? -1 : chunk.data.indexOf(0, languageEnd + 1);
    return translatedEnd < 0 ? null : chunk.data.subarray(translatedEnd + 1);
  }
  return null;
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

export interface ReencodedImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Decodes the upload with libvips (sharp) and encodes what it decoded with `encode` (which picks the
 * output: orientation, colour, size, format). Any damage (truncation, bad chunks or CRCs, bad markers, a
 * header that lies) fails the structure checks or the decode (`failOn: 'warning'`, the strictest level:
 * libjpeg reports a truncated scan only as a warning) and answers 400 `refusals.corrupt`;
 * limitInputPixels and the metadata check keep a decompression bomb out, and so does, for a PNG, a bound on
 * what its compressed data inflates to. The output carries no metadata
 * of the upload (sharp drops EXIF, including a photo's location, unless asked to keep it).
 */
export async function reencodeImage(
  bytes: Buffer,
  limits: ImageLimits,
  refusals: ImageRefusals,
  encode: (image: sharp.Sharp) => sharp.Sharp,
): Promise<ReencodedImage> {
  const kind = sniffImage(bytes);
  if (!kind) throw badRequest(refusals.type);
  if ((kind === 'png' && !pngStructureOk(bytes)) || (kind === 'jpeg' && !jpegStructureOk(bytes))) {
    throw badRequest(refusals.corrupt);
  }
  if (kind === 'png' && !(await pngInflatesAsItsHeaderSays(bytes))) throw badRequest(refusals.corrupt);
  const input = () =>
    sharp(bytes, { failOn: 'warning', limitInputPixels: limits.maxPixels, sequentialRead: true, pages: 1 });
  let width: number;
  let height: number;
  try {
    const metadata = await input().metadata();
    if (metadata.format !== SHARP_FORMATS[kind]) throw badRequest(refusals.corrupt);
    width = metadata.width;
    height = metadata.height;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(refusals.corrupt);
  }
  if (!(width >= 1 && height >= 1)) throw badRequest(refusals.corrupt);
  if (tooManyPixels(width, height, limits)) throw badRequest(refusals.dimensions);
  try {
    const { data, info } = await encode(input())
      .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw badRequest(refusals.corrupt);
  }
}

/** A photo of a person or their ID (identity checks, master-agent applications), as it is stored. */
export interface StoredPersonPhoto extends ReencodedImage {
  contentType: 'image/jpeg';
}

/** Enough to read an ID card's print and compare a face; a phone's 12-megapixel photo shrinks to this. */
const PERSON_PHOTO_MAX_SIDE = 2000;

/**
 * What is stored of an uploaded photo of a person or an ID (decisions 014, 017, 033): the base64 upload
 * checked from its header, decoded by libvips with the strictest settings, turned upright, at most
 * PERSON_PHOTO_MAX_SIDE pixels a side, transparency on white, encoded again as a JPEG without any of the
 * upload's metadata (a phone photo's EXIF carries where it was taken). A refusal is a 400 that names
 * `field` in its field errors.
 */
export async function storedPersonPhoto(
  field: string,
  upload: string,
  limits: ImageLimits,
  refusals: ImageRefusals,
): Promise<StoredPersonPhoto> {
  try {
    const bytes = decodeBase64Image(upload, limits, refusals);
    const image = await reencodeImage(bytes, limits, refusals, (input) =>
      input
        .rotate()
        .resize({
          width: PERSON_PHOTO_MAX_SIDE,
          height: PERSON_PHOTO_MAX_SIDE,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 85 }),
    );
    return { contentType: 'image/jpeg', ...image };
  } catch (error) {
    if (error instanceof AppError) throw badRequest(error.message, { [field]: error.message });
    throw error;
  }
}
