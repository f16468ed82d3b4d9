import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import SQLite, { sqliteDriverPath } from './sqlite-driver.mjs';
import { useSqliteFile } from '../../test/sqlite-file.ts';
import { openSqlite, PAGE_SIZE_BYTES } from './connection.ts';

/**
 * Another connection to the file, outside the app's write lock, that holds SQLite's own write lock for
 * `holdMs`: what SQLite itself does for a moment when a reader rebuilds a torn WAL-index header.
 */
function holdSqliteWriteLock(file: string, holdMs: number) {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const SQLite = require(workerData.driver);
     const database = new SQLite(workerData.file);
     database.exec('begin immediate');
     parentPort.postMessage('held');
     setTimeout(() => {
       database.exec('rollback');
       database.close();
       parentPort.postMessage('released');
     }, workerData.holdMs);`,
    { eval: true, workerData: { file, holdMs, driver: sqliteDriverPath } },
  );
  const when = (message: string) =>
    new Promise<void>((resolve, reject) => {
      worker.on('message', (received) => received === message && resolve());
      worker.on('error', reject);
    });
  return { held: when('held'), released: when('released').finally(() => worker.terminate()) };
}

describe('SQLite file connection', () => {
  const sqliteFile = useSqliteFile('karera-connection-');

  it('waits for a write lock held elsewhere instead of failing a transaction that has already read', async () => {
    const { db, file } = sqliteFile.open();
    await sql`create table counters (id integer primary key, value integer not null)`.execute(db);
    await sql`insert into counters (id, value) values (1, 0)`.execute(db);

    const other = holdSqliteWriteLock(file, 150);
    await other.held;
    // A deferred `begin` would read first and only then ask for the write lock, which SQLite refuses
    // at once (SQLITE_BUSY, no busy timeout) to a connection already inside a read.
    await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ value: number }>`select value from counters where id = 1`.execute(trx);
      await sql`update counters set value = ${rows[0]!.value + 1} where id = 1`.execute(trx);
    });
    await other.released;

    const { rows } = await sql<{ value: number }>`select value from counters where id = 1`.execute(db);
    expect(rows[0]!.value).toBe(1);
  });

  it('makes a new database with the page size it is tuned for, in WAL mode', async () => {
    const { db } = sqliteFile.open();
    await sql`create table filler (id integer primary key)`.execute(db);
    const pageSize = await sql<{ page_size: number }>`pragma page_size`.execute(db);
    const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
    expect(pageSize.rows[0]?.page_size).toBe(PAGE_SIZE_BYTES);
    expect(journal.rows[0]?.journal_mode).toBe('wal');
  });

  it('syncs each commit on the server thread’s connection, and leaves it to the caller on the placement thread’s', async () => {
    const server = sqliteFile.open();
    const placement = openSqlite(server.file, server.sqlite?.writeLock, 'caller');
    try {
      // FULL (2): in WAL mode every commit syncs the log before it returns. NORMAL (1): the placement
      // thread syncs the log itself before it answers (wal-sync.ts).
      const setting = async (db: typeof server.db) =>
        (await sql<{ synchronous: number }>`pragma synchronous`.execute(db)).rows[0]?.synchronous;
      expect(await setting(server.db)).toBe(2);
      expect(await setting(placement.db)).toBe(1);
    } finally {
      await placement.close();
    }
  });

  it('opens a database made with another page size as it is, data and all', async () => {
    const older = new SQLite(sqliteFile.path());
    older.pragma('page_size = 4096');
    older.pragma('journal_mode = WAL');
    older.exec(
      "create table kept (id integer primary key, note text not null); insert into kept (note) values ('still here')",
    );
    older.close();

    const { db } = sqliteFile.open();
    const pageSize = await sql<{ page_size: number }>`pragma page_size`.execute(db);
    const kept = await sql<{ note: string }>`select note from kept`.execute(db);
    expect(pageSize.rows[0]?.page_size).toBe(4096);
    expect(kept.rows.map((row) => row.note)).toEqual(['still here']);
  });
});
