// npm run start:cluster: N server instances on one PostgreSQL (DATABASE_URL), HAProxy in front of them.
//   npm run start:cluster -- [--instances 3] [--port 8080]
// Instances listen on loopback ports after the balancer's (8081, 8082, ...); players use the balancer's.
// The run-once work (demo simulator, odds, settlement resume) runs on one of them, elected (decision 030).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { aptInstall, freePort } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TEMPLATE = path.join(root, 'deploy', 'haproxy.cfg');
const HAPROXY_PATHS = ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy', '/usr/bin/haproxy'];

/** Where HAProxy is installed, or null. */
export function haproxyPath() {
  return HAPROXY_PATHS.find((file) => fs.existsSync(file)) ?? null;
}

/** HAProxy from Debian's package: found, or installed when we are root. Null when neither. */
export function findHaproxy() {
  return haproxyPath() ?? (aptInstall(['haproxy']) ? haproxyPath() : null);
}

/** deploy/haproxy.cfg with its placeholders filled in. */
export function haproxyConfig({ bind, servers }) {
  const lines = servers.map((s) => `    server ${s.name} ${s.host}:${s.port} check`).join('\n');
  // Only the placeholders on their own lines: the comments name them too.
  return fs
    .readFileSync(TEMPLATE, 'utf8')
    .replace(/^(\s*bind )\{\{BIND\}\}$/m, (_, start) => `${start}${bind}`)
    .replace(/^\{\{SERVERS\}\}$/m, () => lines);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `url` answers 200, rejects when `gaveUp()` says to stop or after `timeoutMs`. */
async function untilHealthy(url, { timeoutMs = 60_000, gaveUp = () => null } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reason = gaveUp();
    if (reason) throw new Error(reason);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** Lines of a child's output, each handed on as it completes. */
function eachLine(stream, onLine) {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  });
  stream.on('end', () => rest && onLine(rest));
}

/** Waits for a child to exit, sending `signal` (and SIGKILL after `graceMs`). */
function stopChild(child, signal, graceMs = 15_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill(signal);
  });
}

/**
 * Starts `instances` servers against `databaseUrl` on loopback ports port+1.. (or `instancePorts`) and
 * HAProxy on `port` in front of them (port 0: free ports for all). The first instance starts alone (it migrates and bootstraps an
 * empty database), the others together once it answers. Each instance can be killed and started again
 * (the kill test does). `stop()` ends them all.
 *
 * @param {{
 *   databaseUrl: string, instances?: number, port?: number, bindHost?: string, instancePorts?: number[],
 *   env?: Record<string, string>, onOutput?: (name: string, line: string) => void,
 * }} options
 */
export async function startCluster(options) {
  const { databaseUrl, instances: count = 3, port = 8080, bindHost = '127.0.0.1', env = {} } = options;
  if (!databaseUrl) throw new Error('startCluster needs a PostgreSQL databaseUrl (DATABASE_URL)');
  const haproxyBin = findHaproxy();
  if (!haproxyBin) throw new Error('HAProxy is not installed: apt-get install haproxy (or run as root to install it).');
  const onOutput = options.onOutput ?? ((name, line) => process.stdout.write(`[${name}] ${line}\n`));
  // Port 0: free ports for the balancer and every instance (tests that may run beside others).
  const frontPort = port === 0 ? await freePort() : port;
  const ports =
    options.instancePorts ??
    (await Promise.all(Array.from({ length: count }, (_, i) => (port === 0 ? freePort() : port + 1 + i))));
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'karera-cluster-'));

  const instances = ports.map((instancePort, index) => {
    const name = `i${index + 1}`;
    const instance = {
      name,
      port: instancePort,
      url: `http://127.0.0.1:${instancePort}`,
      /** The running process, or null. */
      child: null,
      /** The last lines it wrote, for a failure's message. */
      tail: [],
      get pid() {
        return instance.child?.pid ?? null;
      },
      /** Starts the instance and resolves once its /healthz answers. */
      async start() {
        const child = spawn(process.execPath, ['apps/server/start.mjs', 'apps/server/src/server.ts'], {
          cwd: root,
          env: {
            ...process.env,
            TRUST_PROXY: 'loopback',
            ...env,
            DATABASE_URL: databaseUrl,
            PORT: String(instancePort),
            HOST: '127.0.0.1',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        instance.child = child;
        const remember = (line) => {
          instance.tail.push(line);
          if (instance.tail.length > 40) instance.tail.shift();
          onOutput(name, line);
        };
        eachLine(child.stdout, remember);
        eachLine(child.stderr, remember);
        await untilHealthy(`${instance.url}/healthz`, {
          gaveUp: () =>
            child.exitCode !== null || child.signalCode !== null
              ? `instance ${name} exited (${child.exitCode ?? child.signalCode}):\n${instance.tail.join('\n')}`
              : null,
        });
      },
      /** Sends `signal` (SIGKILL: the process dies at once, as in a crash) and waits for the exit. */
      async kill(signal = 'SIGKILL') {
        await stopChild(instance.child, signal);
      },
    };
    return instance;
  });

  const configFile = path.join(workDir, 'haproxy.cfg');
  fs.writeFileSync(
    configFile,
    haproxyConfig({
      bind: `${bindHost}:${frontPort}`,
      servers: instances.map((i) => ({ name: i.name, host: '127.0.0.1', port: i.port })),
    }),
  );
  let haproxy = null;

  async function stop() {
    await Promise.all([stopChild(haproxy, 'SIGTERM'), ...instances.map((i) => stopChild(i.child, 'SIGTERM'))]);
    fs.rmSync(workDir, { recursive: true, force: true });
  }

  try {
    const [first, ...rest] = instances;
    await first.start();
    await Promise.all(rest.map((i) => i.start()));
    // -db: stay in the foreground, so stopping this script stops HAProxy too.
    haproxy = spawn(haproxyBin, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    eachLine(haproxy.stdout, (line) => onOutput('haproxy', line));
    eachLine(haproxy.stderr, (line) => onOutput('haproxy', line));
    const url = `http://${bindHost === '0.0.0.0' ? '127.0.0.1' : bindHost}:${frontPort}`;
    await untilHealthy(`${url}/healthz`, {
      timeoutMs: 20_000,
      gaveUp: () => (haproxy.exitCode !== null ? `haproxy exited (${haproxy.exitCode})` : null),
    });
    return { url, instances, haproxy, configFile, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function argument(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  if (index === -1) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a whole number`);
  return value;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl?.startsWith('postgres')) {
    process.stderr.write('Set DATABASE_URL to a PostgreSQL database: several instances share one PostgreSQL.\n');
    process.exit(1);
  }
  const instances = argument('instances', 3);
  const port = argument('port', Number(process.env.PORT ?? 8080));
  const cluster = await startCluster({ databaseUrl, instances, port, bindHost: process.env.HOST ?? '0.0.0.0' });
  process.stdout.write(
    `\nKarera cluster: ${instances} instances behind HAProxy on port ${port}\n` +
      cluster.instances.map((i) => `  ${i.name}: ${i.url} (pid ${i.pid})`).join('\n') +
      '\n\n',
  );
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  // An instance that dies is reported; HAProxy takes it out of the pool and the others carry on.
  for (const instance of cluster.instances) {
    instance.child?.on('exit', (code, signal) => {
      if (!stopping) process.stderr.write(`[${instance.name}] exited (${code ?? signal})\n`);
    });
  }
  cluster.haproxy.on('exit', (code) => {
    if (stopping) return;
    process.stderr.write(`[haproxy] exited (${code}); stopping the cluster\n`);
    void shutdown();
  });
}
