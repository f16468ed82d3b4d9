import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import pg from 'pg';
import type { AppConfig } from '../config.ts';
import type { Database } from './schema.ts';
import { createWriteLock, type WriteLock } from './write-lock.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** A SQLite file database: where it is and the lock its writers share across threads. */
  sqlite?: { file: string; writeLock: WriteLock };
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

  return openSqlite(database.file);
}

/**
 * A SQLite connection with the production settings. A file database gets a write lock other threads
 * of this process can share (`handle.sqlite.writeLock.buffer`, passed to {@link openSqlite} there).
 */
export function openSqlite(file: string, writeLock?: WriteLock): DatabaseHandle {
  const inMemory = file === ':memory:';
  if (!inMemory) fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const lock = writeLock ?? (inMemory ? undefined : createWriteLock());
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite, lock) }) });
  return {
    db,
    dialect: 'sqlite',
    ...(lock ? { sqlite: { file: path.resolve(file), writeLock: lock } } : {}),
    close: () => db.destroy(),
  };
}

const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely prepares every query anew, and preparing costs about as much as running a short query. The
 * app's queries are a few hundred distinct texts, so keep their prepared statements (all of them are
 * let go if some dynamic text ever fills the cache). Safe with Kysely's single SQLite connection: one
 * statement runs at a time, so a kept statement is never in use twice.
 */
function withStatementCache(sqlite: SQLite.Database, writeLock?: WriteLock): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  const guard = writeLock ? writeGuard(sqlite, writeLock) : undefined;
  return {
    close: () => sqlite.close(),
    prepare: (text: string) => {
      const kept = statements.get(text);
      if (kept) return kept;
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
      const prepared = sqlite.prepare(text);
      const statement = guard ? guard(text, prepared) : prepared;
      statements.set(text, statement);
      return statement;
    },
  };
}

/**
 * Takes the write lock before a statement that writes, or a `begin` (a transaction holds it from its
 * start, so nothing commits between its reads and its writes), and gives it back as soon as the
 * connection is out of any transaction again. Reads outside a transaction need no lock (WAL).
 */
function writeGuard(sqlite: SQLite.Database, writeLock: WriteLock) {
  let held = false;
  function guarded<T>(needsLock: boolean, execute: () => T): T {
    if (needsLock && !held) {
      writeLock.acquire();
      held = true;
    }
    try {
      return execute();
    } finally {
      if (held && !sqlite.inTransaction) {
        held = false;
        writeLock.release();
      }
    }
  }
  return (text: string, statement: SQLite.Statement): SqliteStatement => {
    const needsLock = !statement.readonly || /^\s*begin\b/i.test(text);
    return {
      reader: statement.reader,
      all: (parameters) => guarded(needsLock, () => statement.all(parameters)),
      run: (parameters) => guarded(needsLock, () => statement.run(parameters)),
      iterate: (parameters) => guarded(needsLock, () => statement.iterate(parameters)),
    };
  };
}

/** Turns a count or sum from either dialect (number, bigint text, numeric text) into a safe integer. */
export function toSafeInteger(value: unknown): number {
  if (value === null || value === undefined) return 0;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`Not a safe integer: ${String(value)}`);
  return n;
}
