import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig, type AppConfig } from '../src/config.ts';

export const TEST_ADMIN = { username: 'admin', password: 'admin-password-1' } as const;

/** Which database the API suite runs on: PostgreSQL when TEST_PG_ADMIN_URL is set, else SQLite. */
export const testDialect = process.env.TEST_PG_ADMIN_URL ? 'postgres' : 'sqlite';

export interface TestDatabase {
  env: Record<string, string>;
  drop(): Promise<void>;
}

/** A fresh, empty database of the suite's dialect: its own SQLite file or its own PostgreSQL database. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'karera-test-'));
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  if (!adminUrl) {
    return { env: { DATA_DIR: dataDir }, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `karera_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await dropWhenUnused(client, name);
      } finally {
        await client.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The app's pool has ended, but its server backends may take a moment to exit. Wait for them rather
 * than force them: a forced termination reaches client sockets that are still closing as an uncaught error.
 */
async function dropWhenUnused(client: pg.Client, name: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await client.query(`drop database if exists ${name}`);
      return;
    } catch (error) {
      const inUse = (error as { code?: string }).code === '55006';
      if (!inUse || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  databaseEnv: Record<string, string>;
  close(): Promise<void>;
}

/** The real app on a fresh database, API only, quiet, with a known admin password. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DEMO: '0',
    LOG_LEVEL: 'silent',
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    WEB_DIST_DIR: path.join(database.env.DATA_DIR ?? os.tmpdir(), 'no-web-build'),
    ...database.env,
    ...env,
  });
  const app = await buildApp(config);
  return {
    app,
    config,
    databaseEnv: database.env,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/** Logs a staff member in and returns the cookie header to send with later calls. */
export async function staffCookie(app: FastifyInstance, username: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/backoffice/auth/login',
    payload: { username, password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  const cookie = response.cookies[0];
  if (!cookie) throw new Error('no session cookie');
  return `${cookie.name}=${cookie.value}`;
}
