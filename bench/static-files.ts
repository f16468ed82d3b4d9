/*
 * `npm run bench:static [-- --requests 3000 --rounds 3]`: the server's CPU for each file of the web build a
 * page loads. The app serves the real build (`npm run build` first) on a fresh SQLite database; the bench asks
 * it, in process (no sockets, so the figure is the server's own work), for the build's scripts and styles in
 * turn with `accept-encoding: br`, and prints the CPU a request and the requests a second of each round.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '3000' }, rounds: { type: 'string', default: '3' } },
});
const requests = Number(values.requests);
const rounds = Number(values.rounds);
const distDir = path.resolve('apps/web/dist');
if (!fs.existsSync(path.join(distDir, 'index.html'))) {
  process.stderr.write('No web build: run npm run build first.\n');
  process.exit(1);
}
const assets = fs
  .readdirSync(path.join(distDir, 'assets'))
  .filter((file) => /\.(js|css)$/.test(file))
  .map((file) => `/assets/${file}`);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'karera-bench-static-'));
const app = await buildApp(
  loadConfig({
    NODE_ENV: 'test',
    DEMO: '0',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: distDir,
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'bench-admin-password',
  }),
);
try {
  process.stdout.write(`${assets.length} scripts and styles in the build, ${requests} requests a round\n`);
  for (let round = 1; round <= rounds; round += 1) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < requests; i += 1) {
      const url = assets[i % assets.length] ?? '/';
      const answer = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode}`);
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMicros = (cpu.user + cpu.system) / requests;
    process.stdout.write(
      `round ${round}: ${cpuMicros.toFixed(0)} µs of CPU a request, ${Math.round(requests / seconds)} requests/s\n`,
    );
  }
} finally {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
