// Draws the web app's install icons (apps/web/public/icons) from the Karera mark, the horse head of the
// site's logo: run once after the mark changes (`node scripts/make-icons.mjs`); the PNGs are committed.
import path from 'node:path';
import sharp from 'sharp';

const GOLD = '#f5c542';
const GREEN = '#0b3d2e';
const HORSE =
  'M9 27l1.6-8.4C11 13 13.6 8.6 18 6.6l.9-3.1 1.9 2.8c3.4 1 6 3.9 6.9 7.6l.8 3.4c.3 1.3-1 2.3-2.2 1.8l-3.8-1.6c-1.6.8-2.5 2.4-2.4 4.2l.4 5.3z';

/** The mark on a square; `inset` shrinks it toward the centre (a maskable icon keeps it in the safe circle). */
function markSvg({ rounded, inset }) {
  const scale = 1 - 2 * inset;
  const offset = 32 * inset;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="${rounded ? 7 : 0}" fill="${GOLD}"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">
    <path d="${HORSE}" fill="${GREEN}"/>
    <circle cx="21.6" cy="10.6" r="1.2" fill="${GOLD}"/>
  </g>
</svg>`;
}

const out = path.resolve(import.meta.dirname, '../apps/web/public/icons');
const icons = [
  { file: 'icon-192.png', size: 192, rounded: true, inset: 0.06 },
  { file: 'icon-512.png', size: 512, rounded: true, inset: 0.06 },
  // The platform cuts its own shape out of a maskable icon: the mark stays inside the middle 80 %.
  { file: 'maskable-512.png', size: 512, rounded: false, inset: 0.2 },
  { file: 'apple-touch-icon.png', size: 180, rounded: false, inset: 0.12 },
];
for (const { file, size, rounded, inset } of icons) {
  await sharp(Buffer.from(markSvg({ rounded, inset })), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, file));
  console.log(`${file} (${size}x${size})`);
}
