// Starts the real server for the e2e suite on a fresh database in a temporary folder.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// A fixed folder when the suite names one (E2E_DATA_DIR: the specs read texted staff links from its
// database, decision 044), emptied first so every run starts fresh; else a new temporary folder.
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'karera-e2e-'));
if (process.env.E2E_DATA_DIR) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
}
// A stand-in Android package, so the download strip has a file to link to.
fs.writeFileSync(path.join(dataDir, process.env.ANDROID_APP_FILE ?? 'karera.apk'), 'PK');

const child = spawn(process.execPath, ['apps/server/start.mjs', 'apps/server/src/server.ts'], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir },
});
const stop = (signal) => child.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
child.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
