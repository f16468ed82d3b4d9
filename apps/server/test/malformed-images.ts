import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/*
 * Hostile image uploads, generated: truncated PNG, JPEG and WebP at many lengths, wrong magic, zero and
 * huge sizes, bad chunks and CRCs, bad JPEG markers, other formats renamed, polyglots, empty, non-base64
 * and data: URLs of garbage. Every upload route must refuse each with a 4xx and keep serving
 * (docs/decisions/014-receipt-images-decoded-before-ocr.md).
 */

/** The two images that ended the server before uploads were decoded by sharp (base64). */
export const OUTAGE_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAADElEQVR4nGNgIBEAAAAxAAG3NQZcAAAAAElFTkSuQmCC';
export const OUTAGE_JPEG = '/9j/wAARCAAQABADAREAAhEAAxEA/9k=';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function u32be(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
}

function pngChunk(type: string, data: Buffer, crc?: number): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32be(data.length), typeAndData, u32be(crc ?? crc32(typeAndData))]);
}

interface PngChunk {
  type: string;
  data: Buffer;
}

function pngChunks(png: Buffer): PngChunk[] {
  const chunks: PngChunk[] = [];
  let offset = 8;
  while (offset + 12 <= png.length) {
    const length = png.readUInt32BE(offset);
    chunks.push({
      type: png.toString('latin1', offset + 4, offset + 8),
      data: png.subarray(offset + 8, offset + 8 + length),
    });
    offset += 12 + length;
  }
  return chunks;
}

const pngOf = (chunks: Buffer[]) => Buffer.concat([PNG_SIGNATURE, ...chunks]);
const ihdr = (width: number, height: number, depth = 8, colour = 2) =>
  Buffer.concat([u32be(width), u32be(height), Buffer.from([depth, colour, 0, 0, 0])]);

/** Offset of the first JPEG marker 0xFF <code> (the marker's 0xFF), searched outside entropy data. */
function jpegMarker(jpeg: Buffer, code: number): number {
  let offset = 2;
  while (offset + 4 <= jpeg.length) {
    const marker = jpeg[offset + 1] ?? 0;
    if (marker === code) return offset;
    if (marker === 0xda) break;
    offset += 2 + jpeg.readUInt16BE(offset + 2);
  }
  throw new Error(`no marker ${code.toString(16)}`);
}

function withoutJpegSegment(jpeg: Buffer, code: number): Buffer {
  let out = jpeg;
  for (;;) {
    let at: number;
    try {
      at = jpegMarker(out, code);
    } catch {
      return out;
    }
    out = Buffer.concat([out.subarray(0, at), out.subarray(at + 2 + out.readUInt16BE(at + 2))]);
  }
}

function patched(bytes: Buffer, offset: number, values: number[]): Buffer {
  const copy = Buffer.from(bytes);
  values.forEach((value, i) => copy.writeUInt8(value, offset + i));
  return copy;
}

const b64 = (bytes: Buffer) => bytes.toString('base64');

/** A small busy picture (not flat, so the compressed data is more than a few bytes). */
export async function basePictures() {
  const width = 64;
  const height = 48;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = (i * 37 + ((i / 191) | 0) * 13) & 0xff;
  const picture = () => sharp(raw, { raw: { width, height, channels: 3 } });
  return {
    png: await picture().png().toBuffer(),
    jpeg: await picture().jpeg({ quality: 80 }).toBuffer(),
    webp: await picture().webp({ quality: 80 }).toBuffer(),
    webpLossless: await picture().webp({ lossless: true }).toBuffer(),
  };
}

/** At least 50 malformed uploads: name and the upload as sent (base64 or a data: URL). */
export async function malformedImageCorpus(): Promise<Array<[string, string]>> {
  const { png, jpeg, webp, webpLossless } = await basePictures();
  const corpus: Array<[string, string]> = [
    ['the 69-byte truncated PNG of the outage', OUTAGE_PNG],
    ['the 23-byte JPEG of the outage', OUTAGE_JPEG],
  ];
  const add = (name: string, bytes: Buffer) => corpus.push([name, b64(bytes)]);

  // Truncated at many lengths.
  for (const length of [
    1,
    4,
    8,
    12,
    16,
    24,
    29,
    33,
    40,
    60,
    Math.floor(png.length / 2),
    png.length - 20,
    png.length - 13,
  ]) {
    add(`PNG truncated to ${length} of ${png.length} bytes`, png.subarray(0, length));
  }
  for (const length of [2, 3, 4, 11, 20, 100, 200, Math.floor(jpeg.length / 2), jpeg.length - 40]) {
    add(`JPEG truncated to ${length} of ${jpeg.length} bytes`, jpeg.subarray(0, length));
  }
  for (const image of [webp, webpLossless]) {
    for (const length of [4, 12, 16, 20, 26, 30, 40, Math.floor(image.length / 2), image.length - 10]) {
      add(
        `WebP (${image === webp ? 'lossy' : 'lossless'}) truncated to ${length} of ${image.length} bytes`,
        image.subarray(0, length),
      );
    }
  }

  // Wrong magic bytes.
  add('PNG with its first byte changed', patched(png, 0, [0x88]));
  add('PNG signature without its line-ending bytes', Buffer.concat([png.subarray(0, 4), png.subarray(8)]));
  add('JPEG whose SOI is not followed by a marker', patched(jpeg, 2, [0x00]));
  add('RIFF that is not WEBP', patched(webp, 8, [0x57, 0x41, 0x56, 0x45]));

  // Zero and huge dimensions in the header.
  const chunks = pngChunks(png);
  const rest = chunks.slice(1).map((c) => pngChunk(c.type, c.data));
  add('PNG of width 0', pngOf([pngChunk('IHDR', ihdr(0, 48)), ...rest]));
  add('PNG of height 0', pngOf([pngChunk('IHDR', ihdr(64, 0)), ...rest]));
  add('PNG of 2^31 x 2^31 pixels', pngOf([pngChunk('IHDR', ihdr(0x7fffffff, 0x7fffffff)), ...rest]));
  add('PNG of 100,000 x 1 pixels', pngOf([pngChunk('IHDR', ihdr(100_000, 1)), ...rest]));
  add('PNG of 5,000 x 5,000 pixels (25 megapixels)', pngOf([pngChunk('IHDR', ihdr(5_000, 5_000)), ...rest]));
  add('PNG claiming 9,000 x 1,000 pixels over 64 x 48 of data', pngOf([pngChunk('IHDR', ihdr(9_000, 1_000)), ...rest]));
  const sof = jpegMarker(jpeg, 0xc0);
  add('JPEG of height 0', patched(jpeg, sof + 5, [0, 0]));
  add('JPEG of width 0', patched(jpeg, sof + 7, [0, 0]));
  add('JPEG of 65,535 x 65,535 pixels', patched(jpeg, sof + 5, [0xff, 0xff, 0xff, 0xff]));
  add('JPEG claiming 4,000 x 3,000 pixels over 64 x 48 of data', patched(jpeg, sof + 5, [0x0b, 0xb8, 0x0f, 0xa0]));
  const vp8x = Buffer.alloc(30);
  vp8x.write('RIFF', 0);
  vp8x.writeUInt32LE(22, 4);
  vp8x.write('WEBPVP8X', 8);
  vp8x.writeUInt32LE(10, 16);
  vp8x.writeUIntLE(16_383, 24, 3);
  vp8x.writeUIntLE(16_383, 27, 3);
  add('WebP (VP8X) of 16,384 x 16,384 pixels and no image data', vp8x);

  // Bad chunks and CRCs.
  const [ihdrChunk, ...others] = chunks;
  if (!ihdrChunk) throw new Error('no IHDR');
  const idat = chunks.find((c) => c.type === 'IDAT');
  if (!idat) throw new Error('no IDAT');
  const iend = pngChunk('IEND', Buffer.alloc(0));
  add('PNG with a wrong IHDR CRC', pngOf([pngChunk('IHDR', ihdrChunk.data, 0xdeadbeef), ...rest]));
  add('PNG with a wrong IDAT CRC', pngOf([pngChunk('IHDR', ihdrChunk.data), pngChunk('IDAT', idat.data, 1), iend]));
  add(
    'PNG whose IDAT is not zlib',
    pngOf([pngChunk('IHDR', ihdrChunk.data), pngChunk('IDAT', randomBytes(400)), iend]),
  );
  add('PNG whose IDAT holds too few rows', pngOf([pngChunk('IHDR', ihdr(64, 480)), pngChunk('IDAT', idat.data), iend]));
  add('PNG without IDAT', pngOf([pngChunk('IHDR', ihdrChunk.data), iend]));
  add('PNG with bit depth 3', pngOf([pngChunk('IHDR', ihdr(64, 48, 3, 2)), ...rest]));
  add('PNG with colour type 5', pngOf([pngChunk('IHDR', ihdr(64, 48, 8, 5)), ...rest]));
  add('palette PNG without PLTE', pngOf([pngChunk('IHDR', ihdr(64, 48, 8, 3)), ...rest]));
  add(
    'PNG with an unknown critical chunk',
    pngOf([pngChunk('IHDR', ihdrChunk.data), pngChunk('ZZZZ', Buffer.alloc(8)), ...rest]),
  );
  add(
    'PNG with a chunk length of 2 GB',
    pngOf([pngChunk('IHDR', ihdrChunk.data), Buffer.concat([u32be(0x7fffffff), Buffer.from('IDAT'), idat.data])]),
  );
  add('PNG with IDAT before IHDR', pngOf([pngChunk('IDAT', idat.data), pngChunk('IHDR', ihdrChunk.data), iend]));
  if (others.length < 2) throw new Error('PNG too simple');

  // Bad JPEG markers.
  add('JPEG frame of 0 components', patched(jpeg, sof + 9, [0]));
  add('JPEG frame of 12-bit precision', patched(jpeg, sof + 4, [12]));
  const dht = jpegMarker(jpeg, 0xc4);
  add(
    'JPEG with a Huffman table of garbage',
    Buffer.concat([
      jpeg.subarray(0, dht + 4),
      Buffer.alloc(jpeg.readUInt16BE(dht + 2) - 2, 0xff),
      jpeg.subarray(dht + 2 + jpeg.readUInt16BE(dht + 2)),
    ]),
  );
  add('JPEG without quantisation tables', withoutJpegSegment(jpeg, 0xdb));
  add('JPEG without Huffman tables', withoutJpegSegment(jpeg, 0xc4));
  add('JPEG without a frame header', withoutJpegSegment(jpeg, 0xc0));
  const dqt = jpegMarker(jpeg, 0xdb);
  add('JPEG segment of length 0', patched(jpeg, dqt + 2, [0, 0]));
  add('JPEG segment longer than the file', patched(jpeg, dqt + 2, [0xff, 0xff]));
  add('JPEG of SOI then EOI', Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
  add(
    'JPEG with an unknown marker',
    Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0x4f, 0x00, 0x02]), jpeg.subarray(2)]),
  );

  // Bad WebP chunks.
  add('WebP (VP8) with a wrong frame signature', patched(webp, 23, [0x00, 0x00, 0x00]));
  add('WebP (VP8L) with a wrong signature byte', patched(webpLossless, 20, [0x00]));
  add(
    'WebP (VP8L) whose data is garbage',
    // A fixed pattern, not random bytes: now and then random bytes make a stream that decodes.
    Buffer.concat([webpLossless.subarray(0, 25), Buffer.alloc(webpLossless.length - 25, 0xa5)]),
  );

  // Other formats, renamed.
  add('GIF', Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'));
  add('BMP', Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)]));
  add('PDF', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'));
  add(
    'SVG',
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
  );
  add('ZIP', Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(40)]));
  add('HTML', Buffer.from('<!doctype html><html><body><img src=x onerror=alert(1)></body></html>'));
  add('TIFF', Buffer.concat([Buffer.from('II*\0', 'latin1'), Buffer.alloc(40)]));
  add('ICO', Buffer.concat([Buffer.from([0, 0, 1, 0, 1, 0]), Buffer.alloc(40)]));
  add('AVIF', Buffer.concat([Buffer.from('\0\0\0\x1cftypavif', 'latin1'), Buffer.alloc(40)]));

  // Polyglots.
  const html = Buffer.from('<html><body><script>alert(1)</script></body></html>');
  const zip = Buffer.concat([
    Buffer.from('PK\x03\x04', 'latin1'),
    Buffer.alloc(60),
    Buffer.from('PK\x05\x06', 'latin1'),
    Buffer.alloc(18),
  ]);
  add('PNG signature followed by HTML', Buffer.concat([PNG_SIGNATURE, html]));
  add('PNG header (IHDR) followed by a ZIP', pngOf([pngChunk('IHDR', ihdrChunk.data), zip]));
  add('JPEG SOI followed by HTML', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xfe, 0x00, 0x10]), html]));
  add('WebP header followed by a ZIP', Buffer.concat([webp.subarray(0, 20), zip]));
  add('ZIP followed by a PNG', Buffer.concat([zip, png]));
  add('a whole PNG followed by a ZIP', Buffer.concat([png, zip]));
  add('a whole PNG followed by HTML', Buffer.concat([png, html]));

  // Not an image at all, or not base64.
  corpus.push(['empty string', '']);
  corpus.push(['not base64', '!!!! not base64 @@@@']);
  corpus.push(['base64 of a wrong length', 'iVBORw0KGgoA=A']);
  corpus.push(['data: URL of garbage', 'data:image/png;base64,%%%garbage%%%']);
  corpus.push(['data: URL of random bytes', `data:image/png;base64,${b64(randomBytes(300))}`]);
  corpus.push(['data: URL with nothing after it', 'data:image/png;base64,']);
  corpus.push(['data: URL of another type', `data:text/html;base64,${b64(html)}`]);
  corpus.push(['whitespace only', ' \n\t ']);
  return corpus;
}
