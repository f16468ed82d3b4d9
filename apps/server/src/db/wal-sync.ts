import fs from 'node:fs';
import path from 'node:path';

/**
 * The write-ahead log of a SQLite file database, synced to the disk on request, for a connection whose
 * commits do not sync it themselves (`synchronous = NORMAL`, connection.ts): the bet placement thread,
 * which must not wait for the disk inside each commit (docs/decisions/028-durable-commits.md).
 */
export interface LogSync {
  /**
   * Settles once a sync of the log that began after this call has finished: everything committed
   * before the call is then on the disk. Everyone who asks while a sync runs shares the next one.
   * Rejects if the log could not be synced; nothing committed since the last good sync is known safe.
   */
  durable(): Promise<void>;
  /** Syncs finished so far (for benchmarks and logs). */
  syncs(): number;
  /** Waits for the syncs asked for, then lets the file go. */
  close(): Promise<void>;
}

type Fdatasync = (fd: number) => Promise<void>;

const fdatasyncOnThreadPool: Fdatasync = (fd) =>
  new Promise((resolve, reject) => fs.fdatasync(fd, (error) => (error ? reject(error) : resolve())));

interface Deferred {
  promise: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * Syncs `<databaseFile>-wal`. It runs on libuv's thread pool, so the thread that asked goes on with its
 * next transaction meanwhile; one sync covers every commit that finished before it began, however many.
 * The log is opened at the first request (after a commit, so it exists), and opened again if it is ever
 * another file under the same name; its folder is synced at each opening, so the log's name survives a
 * power cut as well as its contents.
 */
export function walSyncFor(databaseFile: string, fdatasync: Fdatasync = fdatasyncOnThreadPool): LogSync {
  const logFile = `${databaseFile}-wal`;
  let opened: { fd: number; ino: number } | undefined;
  let running: Promise<void> | undefined;
  /** Those who asked after the running sync began: covered by the next one. */
  let next: Deferred | undefined;
  let finished = 0;

  /** The open log, or undefined when there is no log file: then no commit waits in one. */
  function currentLog(): number | undefined {
    const ino = fs.statSync(logFile, { throwIfNoEntry: false })?.ino;
    if (ino === undefined) return undefined;
    if (opened?.ino === ino) return opened.fd;
    if (opened) fs.closeSync(opened.fd);
    opened = undefined;
    const fd = fs.openSync(logFile, 'r+');
    opened = { fd, ino: fs.fstatSync(fd).ino };
    syncFolderOf(logFile);
    return fd;
  }

  function startNext(): void {
    const waiting = next;
    if (!waiting) return;
    next = undefined;
    let sync: Promise<void>;
    try {
      const fd = currentLog();
      sync = fd === undefined ? Promise.resolve() : fdatasync(fd);
    } catch (error) {
      sync = Promise.reject(error);
    }
    running = sync.then(
      () => {
        finished += 1;
        waiting.resolve();
      },
      (error: unknown) => waiting.reject(error),
    );
    void running.finally(() => {
      running = undefined;
      startNext();
    });
  }

  return {
    durable() {
      next ??= deferred();
      const asked = next.promise;
      if (!running) startNext();
      return asked;
    },
    syncs: () => finished,
    async close() {
      while (running) await running;
      if (opened) fs.closeSync(opened.fd);
      opened = undefined;
    },
  };
}

function syncFolderOf(file: string): void {
  const fd = fs.openSync(path.dirname(file), 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
