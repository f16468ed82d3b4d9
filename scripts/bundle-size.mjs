// Gzipped JavaScript a route needs before it can show: its entry plus every chunk they import statically.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// The built web app: apps/web/dist, or the folder given (a build made elsewhere, e.g. for e2e).
const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../apps/web/dist'));
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key]?.imports ?? [], seen);
  }
  return seen;
}

function gzipKb(keys) {
  let total = 0;
  for (const key of keys) {
    const file = manifest[key]?.file;
    if (file?.endsWith('.js')) total += zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  }
  return total / 1024;
}

const routeModule = (name) => Object.keys(manifest).find((key) => key.endsWith(`/${name}.tsx`));
const budgets = [
  { name: 'landing (/)', keys: ['index.html', routeModule('LandingPage')], budgetKb: 120 },
  { name: 'back office login', keys: ['backoffice.html'], budgetKb: null },
];
let over = false;
for (const { name, keys, budgetKb } of budgets) {
  const kb = gzipKb(closure(keys.filter(Boolean)));
  const verdict =
    budgetKb === null ? '' : kb <= budgetKb ? ` (budget ${budgetKb} KB: ok)` : ` (budget ${budgetKb} KB: OVER)`;
  if (budgetKb !== null && kb > budgetKb) over = true;
  process.stdout.write(`${name}: ${kb.toFixed(1)} KB gzipped JS${verdict}\n`);
}
process.exit(over ? 1 : 0);
