// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of a built web app, so the
// server sends them as they are (Content-Encoding, Vary) instead of compressing on every request.
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.webmanifest', '.txt', '.xml']);
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

function filesOf(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? filesOf(file) : [file];
  });
}

async function compress(file) {
  const size = fs.statSync(file).size;
  await pipeline(
    fs.createReadStream(file),
    zlib.createBrotliCompress({
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
      },
    }),
    fs.createWriteStream(`${file}.br`),
  );
  await pipeline(fs.createReadStream(file), zlib.createGzip({ level: 9 }), fs.createWriteStream(`${file}.gz`));
}

const dist = path.resolve(process.argv[2] ?? 'dist');
const targets = filesOf(dist).filter(
  (file) => COMPRESSIBLE.has(path.extname(file)) && fs.statSync(file).size >= MIN_BYTES,
);
await Promise.all(targets.map(compress));
console.log(`precompressed ${targets.length} files in ${path.relative(process.cwd(), dist) || '.'} (brotli, gzip)`);
