import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

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

/**
 * The syncs' own thread. Not libuv's thread pool: the server's password hashing (scrypt) and image work
 * queue there, four at a time, and a bet's answer must not wait behind a sign-up rush. A descriptor is
 * the process's, so the thread syncs the one opened here.
 */
const SYNC_THREAD = `
const { parentPort } = require('node:worker_threads');
const fs = require('node:fs');
parentPort.on('message', ({ id, fd }) => {
  try {
    fs.fdatasyncSync(fd);
    parentPort.postMessage({ id });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: String(error && error.message), code: error && error.code } });
  }
});`;

/** Starts the syncs' thread (its code given only by tests). */
export function syncThread(source = SYNC_THREAD): { fdatasync: Fdatasync; stop(): Promise<void> } {
  // Ends with the thread that made it (a worker's own workers stop with it), or at close().
  const thread = new Worker(source, { eval: true });
  const waiting = new Map<number, Deferred>();
  let nextId = 1;
  /** Why the thread is gone: every sync asked for from then on fails at once rather than wait forever. */
  let gone: Error | undefined;
  const failAll = (error: Error) => {
    gone ??= error;
    for (const sync of waiting.values()) sync.reject(error);
    waiting.clear();
  };
  thread.on('message', ({ id, error }: { id: number; error?: { message: string; code?: string } }) => {
    const sync = waiting.get(id);
    waiting.delete(id);
    if (error) sync?.reject(Object.assign(new Error(error.message), { code: error.code }));
    else sync?.resolve();
  });
  thread.on('error', (error) => failAll(error));
  thread.on('exit', () => failAll(new Error('The log sync thread stopped.')));
  return {
    fdatasync(fd) {
      if (gone) return Promise.reject(gone);
      const sync = deferred();
      const id = nextId++;
      waiting.set(id, sync);
      thread.postMessage({ id, fd });
      return sync.promise;
    },
    stop: async () => {
      await thread.terminate();
    },
  };
}

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
 * Syncs `<databaseFile>-wal`. It runs on a thread of its own (or `fdatasync`, for tests), so the thread
 * that asked goes on with its next transaction meanwhile; one sync covers every commit that finished
 * before it began, however many. `writes` counts the writer's writes (SQLite's `total_changes()`): a
 * request with no write since the last sync began needs no sync of its own (a refusal, a replay).
 * The log is opened at the first request (after a commit, so it exists), and opened again if it is ever
 * another file under the same name; its folder is synced at each opening, so the log's name survives a
 * power cut as well as its contents.
 */
export function walSyncFor(
  databaseFile: string,
  { writes, fdatasync: givenFdatasync }: { writes?: () => number; fdatasync?: Fdatasync } = {},
): LogSync {
  const logFile = `${databaseFile}-wal`;
  const { fdatasync, stop } = givenFdatasync ? { fdatasync: givenFdatasync, stop: async () => {} } : syncThread();
  let opened: { fd: number; ino: number } | undefined;
  let running: { done: Promise<void>; covers: Deferred; writesAtStart: number | undefined } | undefined;
  /** Those who asked after the running sync began: covered by the next one. */
  let next: Deferred | undefined;
  /** The writer's count of writes when the last good sync began: no need for another until it moves. */
  let writesSynced: number | undefined;
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
    const writesAtStart = writes?.();
    let sync: Promise<void>;
    try {
      const fd = currentLog();
      sync = fd === undefined ? Promise.resolve() : fdatasync(fd);
    } catch (error) {
      sync = Promise.reject(error);
    }
    const done = sync.then(
      () => {
        finished += 1;
        writesSynced = writesAtStart;
        waiting.resolve();
      },
      (error: unknown) => waiting.reject(error),
    );
    running = { done, covers: waiting, writesAtStart };
    void done.finally(() => {
      running = undefined;
      startNext();
    });
  }

  return {
    durable() {
      // Nothing written since a sync began: that sync covers the caller (a NaN count never matches).
      const now = writes?.();
      if (now !== undefined) {
        if (running && running.writesAtStart === now) return running.covers.promise;
        if (!running && writesSynced === now) return Promise.resolve();
      }
      next ??= deferred();
      const asked = next.promise;
      if (!running) startNext();
      return asked;
    },
    syncs: () => finished,
    async close() {
      while (running) await running.done;
      await stop();
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
