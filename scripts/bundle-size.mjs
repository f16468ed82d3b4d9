// Gzipped JavaScript a route needs before it can show: its entry plus every chunk they import statically,
// and for the landing also the classic script index.html runs before the first paint (the static landing's
// mark, decision 032; emitted by vite.config.ts, so not in the manifest).
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

function gzipKb(keys, extraFiles = []) {
  let total = 0;
  const files = [...[...keys].map((key) => manifest[key]?.file), ...extraFiles];
  for (const file of files) {
    if (file?.endsWith('.js')) total += zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  }
  return total / 1024;
}

/** The classic scripts index.html loads itself (src="/assets/…", not type="module"). */
function classicScriptsOf(html) {
  const page = fs.readFileSync(path.join(dist, html), 'utf8');
  return [...page.matchAll(/<script src="\/(assets\/[^"]+\.js)"><\/script>/g)].map((match) => match[1]);
}

const routeModule = (name) => Object.keys(manifest).find((key) => key.endsWith(`/${name}.tsx`));
const budgets = [
  {
    name: 'landing (/)',
    keys: ['index.html', routeModule('LandingPage')],
    extraFiles: classicScriptsOf('index.html'),
    // The architecture allows 150 KB. 120 KB held with 0.1 KB to spare until the route table's preload lists
    // named the shared chunks that taking answer types from the contract and removing repeated forms made
    // (eight, about 25 bytes each): the landing's own code did not grow. 122 KB keeps the bar close.
    budgetKb: 122,
  },
  { name: 'back office login', keys: ['backoffice.html'], extraFiles: [], budgetKb: null },
];
let over = false;
for (const { name, keys, extraFiles, budgetKb } of budgets) {
  const kb = gzipKb(closure(keys.filter(Boolean)), extraFiles);
  const verdict =
    budgetKb === null ? '' : kb <= budgetKb ? ` (budget ${budgetKb} KB: ok)` : ` (budget ${budgetKb} KB: OVER)`;
  if (budgetKb !== null && kb > budgetKb) over = true;
  process.stdout.write(`${name}: ${kb.toFixed(1)} KB gzipped JS${verdict}\n`);
}
process.exit(over ? 1 : 0);
