// A private, throwaway PostgreSQL cluster on a loopback port, for the API suite.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { aptInstall, freePort, isRoot, log, runSync } from './lib.mjs';

function findBinDir() {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : null;
}

export function ensurePostgresBinaries() {
  let bin = findBinDir();
  if (!bin && aptInstall(['postgresql'])) bin = findBinDir();
  return bin;
}

/**
 * Starts a cluster owned by `postgres` (initdb refuses root) in a temporary folder of mode 700,
 * listening on 127.0.0.1 only. Returns its admin URL and a stop function.
 */
export async function startPostgres(bin) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'karera-pg-'));
  fs.chmodSync(dir, 0o700);
  const asOwner = (command, args) => {
    const full = path.join(bin, command);
    return isRoot
      ? runSync('runuser', ['-u', 'postgres', '--', full, ...args], { stdio: 'pipe' })
      : runSync(full, args, { stdio: 'pipe' });
  };
  if (isRoot) runSync('chown', ['postgres:postgres', dir]);
  const dataDir = path.join(dir, 'data');
  const init = asOwner('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  if (init.status !== 0) throw new Error(`initdb failed:\n${init.stderr}${init.stdout}`);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  const start = asOwner('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'server.log'), '-w', 'start']);
  if (start.status !== 0) {
    const serverLog = fs.existsSync(path.join(dir, 'server.log'))
      ? fs.readFileSync(path.join(dir, 'server.log'), 'utf8')
      : '';
    throw new Error(`pg_ctl start failed:\n${start.stderr}${start.stdout}${serverLog}`);
  }
  log(`PostgreSQL ${path.basename(path.dirname(bin))} running on 127.0.0.1:${port}`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      asOwner('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
