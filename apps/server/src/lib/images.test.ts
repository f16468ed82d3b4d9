import { crc32, deflateRawSync, deflateSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { pngInflatedSize, reencodeImage, type ImageLimits, type ImageRefusals } from './images.ts';

/*
 * Issue 30 §2: a PNG whose header says 1x1 but whose image data inflates to 400 MB was accepted (libspng
 * inflates every IDAT: 30-264 ms of work per upload). What the data inflates to is now bounded by what the
 * header's rows hold, before anything decodes it. The bombs are built here, never stored.
 */

const LIMITS: ImageLimits = { maxBytes: 5 * 1024 * 1024, maxPixels: 25_000_000, maxSide: 8000 };
const REFUSALS: ImageRefusals = { type: 'type', tooLarge: 'too large', dimensions: 'dimensions', corrupt: 'corrupt' };
const MB = 1024 * 1024;

function chunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

function header(width: number, height: number, bitDepth = 8, colourType = 2, interlace = 0): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data.set([bitDepth, colourType, 0, 0, interlace], 8);
  return data;
}

function png(ihdr: Buffer, idat: Buffer, extra: Buffer[] = []): Buffer {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), ...extra, chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * A zlib stream of `megabytes` MB of zeros, built without deflating them all: one MB deflated once and its
 * blocks repeated (a sync flush ends them on a byte boundary), a final empty block, and the Adler-32 of that
 * many zeros, which is (count mod 65521) << 16 | 1.
 */
function zerosStream(megabytes: number): Buffer {
  const oneMegabyte = deflateRawSync(Buffer.alloc(MB), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((megabytes * MB) % 65521) * 65536 + 1) >>> 0);
  return Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array<Buffer>(megabytes).fill(oneMegabyte),
    Buffer.from([0x03, 0x00]),
    adler,
  ]);
}

const greyscale = (image: sharp.Sharp) => image.greyscale().png();

describe('PNG image data bounded by its header', () => {
  it('refuses a 1x1 PNG whose data inflates to 400 MB, at once', async () => {
    const bomb = png(header(1, 1), zerosStream(400));
    expect(bomb.length).toBeLessThan(LIMITS.maxBytes);
    let decoded = false;
    const encode = (image: sharp.Sharp) => {
      decoded = true;
      return greyscale(image);
    };
    await expect(reencodeImage(bomb, LIMITS, REFUSALS, encode)).rejects.toMatchObject({
      statusCode: 400,
      message: 'corrupt',
    });
    // Refused before any decoding (which inflated all 400 MB): the count stops at the first byte past the
    // header's 4. Said by what ran, not by a time a busy machine may not meet.
    expect(decoded).toBe(false);
  });

  it('refuses data a single byte longer than the rows, and an interlaced or 16-bit header alike', async () => {
    for (const ihdr of [header(3, 2), header(3, 2, 16, 6), header(9, 9, 8, 2, 1), header(5, 5, 1, 0)]) {
      const rows = pngInflatedSize(ihdr) ?? 0;
      expect(rows).toBeGreaterThan(0);
      await expect(
        reencodeImage(png(ihdr, deflateSync(Buffer.alloc(rows + 1))), LIMITS, REFUSALS, greyscale),
      ).rejects.toMatchObject({ message: 'corrupt' });
    }
  });

  it('refuses a colour profile that inflates past a megabyte', async () => {
    const profile = Buffer.concat([Buffer.from('bomb\0\0', 'latin1'), zerosStream(8)]);
    const image = png(header(1, 1), deflateSync(Buffer.alloc(4)), [chunk('iCCP', profile)]);
    await expect(reencodeImage(image, LIMITS, REFUSALS, greyscale)).rejects.toMatchObject({ message: 'corrupt' });
  });

  it('counts the rows of every colour type, depth and Adam7 pass as libvips writes them', async () => {
    const sources = [
      sharp({ create: { width: 37, height: 23, channels: 3, background: '#c04020' } }).png(),
      sharp({ create: { width: 37, height: 23, channels: 4, background: '#c0402080' } }).png({ progressive: true }),
      sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } }).png(),
      sharp({ create: { width: 50, height: 7, channels: 3, background: '#fff' } }).png({ palette: true }),
      sharp({ create: { width: 13, height: 31, channels: 3, background: '#fff' } })
        .greyscale()
        .png(),
      sharp({ create: { width: 13, height: 31, channels: 4, background: '#fff' } })
        .toColourspace('rgb16')
        .png(),
    ];
    for (const source of sources) {
      const encoded = await source.toBuffer();
      const image = await reencodeImage(encoded, LIMITS, REFUSALS, greyscale);
      expect(image.width).toBeGreaterThan(0);
    }
  });
});
