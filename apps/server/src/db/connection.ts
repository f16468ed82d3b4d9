import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import SQLite from './sqlite-driver.mjs';
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
    // An idle connection the server cut (a restart, pg_terminate_backend) is an 'error' on the pool: the
    // pool drops it and opens another on the next query. Unheard, that event would end the process.
    pool.on('error', () => undefined);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }

  return openSqlite(database.file);
}

/**
 * Who makes a connection's commits durable. `commit`: SQLite, inside each commit (`synchronous = FULL`:
 * in WAL mode the log is synced before the commit returns). `caller`: the caller, who syncs the log
 * (wal-sync.ts) before it reports anything committed (`synchronous = NORMAL`, which SQLite keeps safe
 * from corruption but not from losing the last commits): the bet placement thread, so that the disk's
 * wait overlaps its next batch (docs/decisions/028-durable-commits.md).
 */
export type CommitSync = 'commit' | 'caller';

/**
 * A SQLite connection with the production settings. A file database gets a write lock other threads
 * of this process can share (`handle.sqlite.writeLock.buffer`, passed to {@link openSqlite} there).
 */
export function openSqlite(file: string, writeLock?: WriteLock, commitSync: CommitSync = 'commit'): DatabaseHandle {
  const inMemory = file === ':memory:';
  if (!inMemory) fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // Only a new, empty database takes it (before WAL mode); an existing file keeps the size it has.
  sqlite.pragma(`page_size = ${PAGE_SIZE_BYTES}`);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // No answer may report a bet or a payment that a power cut could take back: a commit returns once its
  // log frames are on the disk, or the caller syncs the log before it answers (CommitSync).
  sqlite.pragma(`synchronous = ${commitSync === 'commit' ? DURABLE_SYNCHRONOUS : 'NORMAL'}`);
  // The log is copied into the file by a thread of its own; a connection checkpoints itself only if
  // the log ever grows far past what that thread keeps up with.
  if (!inMemory) sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  // The connection that made the lock owns the file in this process: it starts the checkpointer.
  const checkpointer = inMemory || writeLock ? undefined : startCheckpointer(path.resolve(file));
  const lock = writeLock ?? (inMemory ? undefined : createWriteLock());
  const connection = withStatementCache(sqlite, lock);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: connection }) });
  sqliteConnections.set(db, connection);
  return {
    db,
    dialect: 'sqlite',
    ...(lock ? { sqlite: { file: path.resolve(file), writeLock: lock } } : {}),
    close: async () => {
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}

/**
 * A bet changes a few rows in each of several tables and indexes, a few dozen bytes in each page it
 * dirties, and every dirty page is written whole to the log and again to the file at the checkpoint:
 * half the page size halves those writes (docs/decisions/012-sqlite-page-size.md).
 */
export const PAGE_SIZE_BYTES = 2048;

/** SQLite's `synchronous` setting on the app's connections that sync their own commits (decision 028). */
export const DURABLE_SYNCHRONOUS = 'FULL';

const CHECKPOINT_INTERVAL_MS = 200;
/**
 * 100 MB of log (2 KB pages). A rush of 3,000 bets a second writes up to 10,000 pages between two
 * rounds of the checkpointer; at a lower fallback the bet placement thread ran the checkpoint itself,
 * inside a commit, waiting on the disk for its syncs.
 */
const FALLBACK_AUTOCHECKPOINT_PAGES = 50_000;
/** About a third of a second of a rush of 3,000 bets a second (checkpoint-worker.mjs). */
const CATCH_UP_BEFORE_FALLBACK_PAGES = 10_000;

/**
 * Checkpoints the write-ahead log from a worker thread. Left to the connections, a checkpoint runs
 * inside every commit that takes the log past 1,000 pages: several times a second under a rush of
 * bets, each a stall of milliseconds for the bets of that batch.
 */
function startCheckpointer(file: string): { stop(): Promise<void> } {
  const worker = new Worker(new URL('./checkpoint-worker.mjs', import.meta.url), {
    workerData: {
      file,
      synchronous: DURABLE_SYNCHRONOUS,
      intervalMs: CHECKPOINT_INTERVAL_MS,
      catchUpFromPages: FALLBACK_AUTOCHECKPOINT_PAGES - CATCH_UP_BEFORE_FALLBACK_PAGES,
    },
  });
  let exited = false;
  // A checkpointer that fails leaves the connections' own fallback checkpoints in charge.
  worker.on('error', () => undefined);
  worker.on('exit', () => (exited = true));
  worker.unref();
  return {
    stop: async () => {
      if (exited) return;
      const stopped = once(worker, 'message').then(() => undefined);
      worker.postMessage('stop');
      await Promise.race([stopped, once(worker, 'exit')]).catch(() => undefined);
      await worker.terminate();
    },
  };
}

const sqliteConnections = new WeakMap<Kysely<Database>, SqliteDatabase>();

/** The one connection under a SQLite database's Kysely, statements cached and writes guarded as Kysely runs them. */
export function sqliteConnectionOf(db: Kysely<Database>): SqliteDatabase | undefined {
  return sqliteConnections.get(db);
}

const STATEMENT_CACHE_SIZE = 1000;

/**
 * A deferred `begin` asks for SQLite's own write lock only at the transaction's first write, and a
 * connection that has already read in the transaction is then refused at once (SQLITE_BUSY, without
 * the busy timeout) if that lock is held even for a moment, as SQLite does when a reader rebuilds a
 * torn WAL-index header. File databases begin immediate instead: the lock is taken at the start, where
 * the busy timeout applies. Writers already take turns on the app's write lock, so nothing waits longer.
 */
const DEFERRED_BEGIN = /^\s*begin\s*;?\s*$/i;

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
      const prepared = sqlite.prepare(writeLock && DEFERRED_BEGIN.test(text) ? 'begin immediate' : text);
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
