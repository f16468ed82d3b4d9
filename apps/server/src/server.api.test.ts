import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from '../test/test-app.ts';

const serverDir = path.resolve(import.meta.dirname, '..');

describe(`server process (${testDialect})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('starts on a fresh database, prints the accounts it created, and shuts down cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, ['start.mjs', 'src/server.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        ...database.env,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DEMO: '1',
        DEMO_PLAYER_MOBILE: '09171112222',
        DEMO_PLAYER_PASSWORD: 'demo-pw-1',
      },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', () => {
        if (output.includes('Demo player:')) resolve();
      });
      child.on('exit', (code) => reject(new Error(`server exited early (${code}):\n${output}`)));
    });
    expect(output).toMatch(/Back-office admin: admin \/ \S{20} \(generated/);
    expect(output).toMatch(/Default agent: default-agent \/ \S+ \(referral code KARERA\)/);
    expect(output).toContain('Demo player: 09171112222 / demo-pw-1');

    const exitCode = await new Promise<number | null>((resolve) => {
      child.removeAllListeners('exit');
      child.on('exit', (code) => resolve(code));
      child.kill('SIGTERM');
    });
    expect(exitCode).toBe(0);
    // A ceiling, not a wait: the test goes on as soon as the server prints its accounts. A fresh PostgreSQL
    // database migrated and seeded with a demo race day by a cold process took over 30 s on a busy machine.
  }, 180_000);
});
