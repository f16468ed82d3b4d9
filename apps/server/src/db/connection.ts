import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { AppConfig } from '../config.ts';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

const PG_INT8_OID = 20;

/**
 * PostgreSQL sends bigint as text. Money columns are bigint, so parse them here on purpose and refuse
 * anything JavaScript cannot hold exactly rather than round it.
 */
function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`bigint out of safe range: ${text}`);
  return value;
}

export function createDatabase(database: AppConfig['database']): DatabaseHandle {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: database.url,
      max: 10,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === PG_INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }

  if (database.file !== ':memory:') fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely prepares every query anew, and preparing costs about as much as running a short query. The
 * app's queries are a few hundred distinct texts, so keep their prepared statements (all of them are
 * let go if some dynamic text ever fills the cache). Safe with Kysely's single SQLite connection: one
 * statement runs at a time, so a kept statement is never in use twice.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (text: string) => {
      const kept = statements.get(text);
      if (kept) return kept;
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
      const statement = sqlite.prepare(text);
      statements.set(text, statement);
      return statement;
    },
  };
}

/** Turns a count or sum from either dialect (number, bigint text, numeric text) into a safe integer. */
export function toSafeInteger(value: unknown): number {
  if (value === null || value === undefined) return 0;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`Not a safe integer: ${String(value)}`);
  return n;
}
