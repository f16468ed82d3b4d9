import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from '../test/test-app.ts';

const serverDir = path.resolve(import.meta.dirname, '..');

/** A development server on a free port: its output so far, its address once it prints it, and a stop. */
async function startServer(env: Record<string, string>, database: TestDatabase) {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ['start.mjs', 'src/server.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...database.env, NODE_ENV: 'development', PORT: '0', HOST: '127.0.0.1', ...env },
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const origin = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = /Karera is running on (http:\/\/\S+)/.exec(output);
      if (match?.[1] && output.includes('Back office:')) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`server exited early (${code}):\n${output}`)));
  });
  return {
    origin,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

describe(`development request logs (${testDialect})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('writes one short debug line per request, and none at the default level', async () => {
    const server = await startServer({ LOG_LEVEL: 'debug' }, database);
    try {
      for (let i = 0; i < 3; i += 1) expect((await fetch(`${server.origin}/healthz?probe=${i}`)).status).toBe(200);
      await expect.poll(() => server.output().match(/GET \/healthz 200 \d+ms/g)?.length ?? 0).toBe(3);
      const records = server
        .output()
        .split('\n')
        .filter((line) => line.includes('/healthz'));
      // One record a request, at debug level (20): the default level (info) shows none of them.
      expect(records).toHaveLength(3);
      for (const record of records) expect(record).toMatch(/"level":20\b/);
      // Fastify's own two info records a request (which buried the start-up notes) are gone, queries too.
      expect(server.output()).not.toMatch(/incoming request|request completed|probe=/);
      // The start-up block, with the first-start accounts, is printed at the end of start-up.
      expect(server.output()).toMatch(
        /Karera is running on http:\/\/127\.0\.0\.1:\d+\n[\s\S]*Back-office admin: admin \/ \S+/,
      );
    } finally {
      await server.stop();
    }
    // A ceiling, not a wait: a cold server process took over 60 s to start with both cores busy.
  }, 180_000);
});
