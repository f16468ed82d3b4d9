import fs from 'node:fs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useSqliteFile } from '../../test/sqlite-file.ts';
import { syncThread, walSyncFor } from './wal-sync.ts';

/** A stand-in for fdatasync that finishes when the test says so, and remembers each call. */
function controlledSync() {
  const calls: { fd: number; finish(): void; fail(error: Error): void }[] = [];
  const fdatasync = (fd: number) =>
    new Promise<void>((resolve, reject) => calls.push({ fd, finish: resolve, fail: reject }));
  return { calls, fdatasync };
}

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('write-ahead log sync', () => {
  const sqliteFile = useSqliteFile('karera-wal-sync-');

  async function databaseWithLog(): Promise<string> {
    const { db, file } = sqliteFile.open();
    // A commit in WAL mode: the log exists from then on.
    await sql`create table counters (id integer primary key)`.execute(db);
    expect(fs.existsSync(`${file}-wal`)).toBe(true);
    return file;
  }

  it('answers a request only after a sync that began after it', async () => {
    const file = await databaseWithLog();
    const sync = controlledSync();
    const log = walSyncFor(file, { fdatasync: sync.fdatasync });

    let firstDurable = false;
    void log.durable().then(() => (firstDurable = true));
    expect(sync.calls).toHaveLength(1);

    // Asked while the first sync runs: a commit after that sync began, so it waits for the next one.
    let secondDurable = false;
    void log.durable().then(() => (secondDurable = true));
    let thirdDurable = false;
    void log.durable().then(() => (thirdDurable = true));
    expect(sync.calls).toHaveLength(1);

    sync.calls[0]?.finish();
    await settle();
    expect(firstDurable).toBe(true);
    expect(secondDurable).toBe(false);
    // Everyone who asked during the first sync shares the second.
    expect(sync.calls).toHaveLength(2);

    sync.calls[1]?.finish();
    await settle();
    expect([secondDurable, thirdDurable]).toEqual([true, true]);
    expect(sync.calls).toHaveLength(2);
    expect(log.syncs()).toBe(2);
    await log.close();
  });

  it('needs no sync of its own for a request with no write since a sync began', async () => {
    const file = await databaseWithLog();
    const sync = controlledSync();
    let writes = 1;
    const log = walSyncFor(file, { fdatasync: sync.fdatasync, writes: () => writes });

    const first = log.durable();
    await settle();
    // No write since the running sync began: it covers this request too.
    let sameDurable = false;
    void log.durable().then(() => (sameDurable = true));
    expect(sync.calls).toHaveLength(1);
    sync.calls[0]?.finish();
    await first;
    await settle();
    expect(sameDurable).toBe(true);

    // Still no write: nothing to wait for. Then a write: a sync of its own.
    await log.durable();
    expect(sync.calls).toHaveLength(1);
    writes += 1;
    const afterWrite = log.durable();
    await settle();
    expect(sync.calls).toHaveLength(2);
    sync.calls[1]?.finish();
    await afterWrite;

    // A write while a sync runs: the next sync.
    writes += 1;
    const during = log.durable();
    await settle();
    writes += 1;
    let laterDurable = false;
    void log.durable().then(() => (laterDurable = true));
    sync.calls[2]?.finish();
    await during;
    await settle();
    expect(laterDurable).toBe(false);
    expect(sync.calls).toHaveLength(4);
    sync.calls[3]?.finish();
    await settle();
    expect(laterDurable).toBe(true);
    await log.close();
  });

  it('syncs the log file of the database', async () => {
    const file = await databaseWithLog();
    const sync = controlledSync();
    const log = walSyncFor(file, { fdatasync: sync.fdatasync });
    const durable = log.durable();
    const fd = sync.calls[0]?.fd;
    expect(fd).toBeDefined();
    expect(fs.fstatSync(fd ?? -1).ino).toBe(fs.statSync(`${file}-wal`).ino);
    sync.calls[0]?.finish();
    await durable;
    await log.close();
  });

  it('rejects the requests a failed sync covered, and syncs again for the next', async () => {
    const file = await databaseWithLog();
    const sync = controlledSync();
    const log = walSyncFor(file, { fdatasync: sync.fdatasync });
    const failed = log.durable();
    const later = log.durable();
    sync.calls[0]?.fail(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
    await expect(failed).rejects.toThrow('EIO');
    sync.calls[1]?.finish();
    await expect(later).resolves.toBeUndefined();
    await log.close();
  });

  it('has nothing to sync while there is no log, and opens the log again when its name points at another file', async () => {
    const file = sqliteFile.path();
    const sync = controlledSync();
    const log = walSyncFor(file, { fdatasync: sync.fdatasync });
    await log.durable();
    expect(sync.calls).toHaveLength(0);

    fs.writeFileSync(`${file}-wal`, 'first');
    const first = log.durable();
    await settle();
    expect(fs.fstatSync(sync.calls[0]?.fd ?? -1).ino).toBe(fs.statSync(`${file}-wal`).ino);
    sync.calls[0]?.finish();
    await first;
    fs.rmSync(`${file}-wal`);
    fs.writeFileSync(`${file}-wal`, 'second');
    const second = log.durable();
    await settle();
    const secondFd = sync.calls[1]?.fd ?? -1;
    expect(fs.fstatSync(secondFd).ino).toBe(fs.statSync(`${file}-wal`).ino);
    sync.calls[1]?.finish();
    await second;
    await log.close();
  });

  it('fails the syncs asked of a sync thread that died, then and later, instead of leaving them waiting', async () => {
    const file = await databaseWithLog();
    const thread = syncThread('throw new Error("the sync thread failed to start")');
    const fd = fs.openSync(`${file}-wal`, 'r');
    try {
      await expect(thread.fdatasync(fd)).rejects.toThrow('the sync thread failed to start');
      await expect(thread.fdatasync(fd)).rejects.toThrow('the sync thread failed to start');
    } finally {
      fs.closeSync(fd);
      await thread.stop();
    }
  });

  it('really syncs with the system call by default', async () => {
    const file = await databaseWithLog();
    const log = walSyncFor(file);
    await Promise.all([log.durable(), log.durable(), log.durable()]);
    expect(log.syncs()).toBeGreaterThanOrEqual(1);
    expect(log.syncs()).toBeLessThanOrEqual(2);
    await log.close();
  });
});
