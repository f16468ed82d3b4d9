import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import { createDatabase } from '../src/db/connection.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

/**
 * A database migrated once per test run, which each test app's database starts as a copy of: a SQLite file
 * copied, or a PostgreSQL database created from it as its template. Running the 45 migrations for each of the
 * suite's hundred-odd apps cost about 0.19 s of CPU each on SQLite and 0.95 s on PostgreSQL (the server's
 * catalog work), most of what building an app costs.
 */
export interface DatabaseTemplate {
  /** The SQLite file to copy, or the PostgreSQL database to create from. */
  reference: string;
  drop(): Promise<void>;
}

/** SQLite's database file in a data folder (config.ts). */
const SQLITE_FILE = 'karera.db';

export async function createDatabaseTemplate(adminUrl: string | undefined): Promise<DatabaseTemplate> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'karera-template-'));
  let pgName: string | undefined;
  const env: Record<string, string> = { DATA_DIR: dataDir };
  if (adminUrl) {
    pgName = `karera_template_${randomBytes(6).toString('hex')}`;
    await onAdmin(adminUrl, (client) => client.query(`create database ${pgName}`));
    env.DATABASE_URL = databaseUrl(adminUrl, pgName);
  }
  const handle = createDatabase(loadConfig({ NODE_ENV: 'test', DEMO: '0', LOG_LEVEL: 'silent', ...env }).database);
  try {
    await migrateToLatest(handle.db, handle.dialect);
  } finally {
    // Closing SQLite checkpoints its log into the file, which is then whole on its own.
    await handle.close();
  }
  return {
    reference: pgName ?? path.join(dataDir, SQLITE_FILE),
    drop: async () => {
      if (adminUrl && pgName) await onAdmin(adminUrl, (client) => client.query(`drop database if exists ${pgName}`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new, empty database in `dataDir` (and on the server at `adminUrl`): not even migrated. */
export async function createEmptyDatabase(
  dataDir: string,
  adminUrl: string | undefined,
): Promise<Record<string, string>> {
  if (!adminUrl) return { DATA_DIR: dataDir };
  const name = `karera_t_${randomBytes(6).toString('hex')}`;
  await onAdmin(adminUrl, (client) => client.query(`create database ${name}`));
  return { DATA_DIR: dataDir, DATABASE_URL: databaseUrl(adminUrl, name) };
}

/** A new database in `dataDir` (and on the server at `adminUrl`) as the template is: migrated, empty. */
export async function copyDatabaseTemplate(
  reference: string,
  dataDir: string,
  adminUrl: string | undefined,
): Promise<Record<string, string>> {
  if (!adminUrl) {
    fs.copyFileSync(reference, path.join(dataDir, SQLITE_FILE));
    return { DATA_DIR: dataDir };
  }
  const name = `karera_t_${randomBytes(6).toString('hex')}`;
  await onAdmin(adminUrl, async (client) => {
    // The template's last connection may still be closing on the server: a copy waits for it.
    const deadline = Date.now() + 10_000;
    for (;;) {
      try {
        await client.query(`create database ${name} template ${reference}`);
        return;
      } catch (error) {
        const inUse = (error as { code?: string }).code === '55006';
        if (!inUse || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  });
  return { DATA_DIR: dataDir, DATABASE_URL: databaseUrl(adminUrl, name) };
}

/** The address of database `name` on the server at `adminUrl`. */
function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** `work` on a connection of its own to the server's admin database, closed after. */
export async function onAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
