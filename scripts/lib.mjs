// Helpers for the project's own scripts: running steps, finding or installing system tools.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

export const isCI = process.env.CI === 'true' || process.env.CI === '1';
export const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

export function log(message) {
  process.stdout.write(`\n\u001b[1m== ${message}\u001b[0m\n`);
}

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

export function runSync(command, args, options = {}) {
  return spawnSync(command, args, { encoding: 'utf8', ...options });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

let aptUpdated = false;
/** Installs Debian packages when we are root and apt exists; returns whether it worked. */
export function aptInstall(packages) {
  if (!isRoot || !fs.existsSync('/usr/bin/apt-get')) return false;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    log(`apt-get update (to install ${packages.join(', ')})`);
    runSync('apt-get', ['update'], { stdio: 'inherit', env });
    aptUpdated = true;
  }
  return runSync('apt-get', ['install', '-y', ...packages], { stdio: 'inherit', env }).status === 0;
}
