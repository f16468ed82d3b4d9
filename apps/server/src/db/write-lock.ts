/**
 * One writer at a time among the threads of this process that each hold a connection to the same
 * SQLite file (the server's thread and the bet placement thread,
 * docs/decisions/011-bet-placement-thread.md). SQLite would serialise them too, but a connection that
 * finds the file busy sleeps in steps of milliseconds and, better-sqlite3 being synchronous, holds its
 * thread's event loop while it does. With this lock a writer waits exactly until the other commits,
 * and a transaction that began with a read never finds the snapshot it read gone stale when it goes
 * on to write (SQLITE_BUSY_SNAPSHOT).
 */
export interface WriteLock {
  /** Shared memory the lock lives in: pass it to the other thread. */
  readonly buffer: SharedArrayBuffer;
  acquire(): void;
  release(): void;
}

const FREE = 0;
const HELD = 1;
/** As long as SQLite's own busy timeout (connection.ts): past it, the write fails rather than hangs. */
export const WRITE_LOCK_WAIT_MS = 5000;

export class WriteLockTimeoutError extends Error {
  override name = 'WriteLockTimeoutError';
  constructor(waitedMs: number) {
    super(`The database stayed busy: its write lock was held for more than ${waitedMs} ms.`);
  }
}

export function createWriteLock(
  buffer = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT),
  waitMs = WRITE_LOCK_WAIT_MS,
): WriteLock {
  const state = new Int32Array(buffer);
  return {
    buffer,
    acquire() {
      const deadline = Date.now() + waitMs;
      while (Atomics.compareExchange(state, 0, FREE, HELD) !== FREE) {
        const left = deadline - Date.now();
        if (left <= 0) throw new WriteLockTimeoutError(waitMs);
        Atomics.wait(state, 0, HELD, left);
      }
    },
    release() {
      Atomics.store(state, 0, FREE);
      Atomics.notify(state, 0, 1);
    },
  };
}
