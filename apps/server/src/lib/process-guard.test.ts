import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const GUARD_URL = pathToFileURL(path.join(SERVER_DIR, 'src/lib/process-guard.ts')).href;

/*
 * A real process, as the server runs: tsx, pino, Fastify on a port. Its /boom handler leaves a rejected
 * promise nobody handles and a timer that throws, then answers; /healthz tells whether it still serves.
 * GUARD=0 runs the same app without the guard: the control that shows the test can fail.
 */
const CHILD = `
import Fastify from 'fastify';
import pino from 'pino';
import { installProcessGuard } from ${JSON.stringify(GUARD_URL)};

const log = pino({ level: 'error' });
if (process.env.GUARD !== '0') installProcessGuard(log);
const app = Fastify();
app.get('/healthz', async () => ({ status: 'ok' }));
app.get('/boom', async () => {
  void Promise.reject(new Error('rejected on a request path'));
  setTimeout(() => { throw new Error('thrown from a timer'); }, 5);
  return { status: 'answered' };
});
if (process.env.FAIL_STARTUP === '1') await Promise.reject(new Error('port in use'));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write('LISTENING ' + address + '\\n');
`;

interface Child {
  url: Promise<string>;
  exited: Promise<number | null>;
  output: () => string;
  kill: () => void;
}

function startChild(env: Record<string, string>): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /LISTENING (\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    void exited.then((code) => reject(new Error(`child exited (${code}) before listening: ${output}`)));
  });
  url.catch(() => undefined);
  return { url, exited, output: () => output, kill: () => child.kill('SIGKILL') };
}

/** Waits until the child has printed `text`: both errors are logged after /boom answers, later on a busy machine. */
async function printed(child: Child, text: string): Promise<void> {
  let exited = false;
  void child.exited.then(() => (exited = true));
  while (!child.output().includes(text)) {
    if (exited) throw new Error(`the child exited before printing "${text}":\n${child.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

// Each test's ceiling (120 s) is not a wait: it starts a process, which takes many times longer with both cores busy.
describe('process guard', () => {
  it('keeps serving after a request leaves a rejected promise and a thrown error behind', async () => {
    const child = startChild({});
    try {
      const url = await child.url;
      const boom = await fetch(`${url}/boom`);
      expect(boom.status).toBe(200);
      await printed(child, 'rejected on a request path');
      await printed(child, 'thrown from a timer');
      // Still serving after both.
      const health = await fetch(`${url}/healthz`);
      expect(health.status).toBe(200);
      // Both logged at error level (pino level 50) with their messages.
      const lines = child
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message: string } });
      expect(lines).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            level: 50,
            err: expect.objectContaining({ message: 'rejected on a request path' }),
          }),
          expect.objectContaining({ level: 50, err: expect.objectContaining({ message: 'thrown from a timer' }) }),
        ]),
      );
    } finally {
      child.kill();
    }
  }, 120_000);

  it('without the guard, the same request ends the process (the control)', async () => {
    const child = startChild({ GUARD: '0' });
    try {
      const url = await child.url;
      await fetch(`${url}/boom`).catch(() => undefined);
      expect(await child.exited).not.toBe(0);
    } finally {
      child.kill();
    }
  }, 120_000);

  it('still ends a process whose startup failed, with code 1', async () => {
    const child = startChild({ FAIL_STARTUP: '1' });
    try {
      expect(await child.exited).toBe(1);
      expect(child.output()).toContain('port in use');
    } finally {
      child.kill();
    }
  }, 120_000);
});
