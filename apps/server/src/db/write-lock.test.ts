import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { createWriteLock, WriteLockTimeoutError } from './write-lock.ts';

/** Another thread that takes the lock (same protocol: 0 free, 1 held), says so, and frees it after `holdMs`. */
function holdInAnotherThread(buffer: SharedArrayBuffer, holdMs: number) {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const state = new Int32Array(workerData.buffer);
     while (Atomics.compareExchange(state, 0, 0, 1) !== 0) Atomics.wait(state, 0, 1);
     parentPort.postMessage('held');
     setTimeout(() => {
       const releasedAt = Date.now();
       Atomics.store(state, 0, 0);
       Atomics.notify(state, 0, 1);
       parentPort.postMessage(releasedAt);
     }, workerData.holdMs);`,
    { eval: true, workerData: { buffer, holdMs } },
  );
  const held = new Promise<void>((resolve, reject) => {
    worker.on('message', (message) => message === 'held' && resolve());
    worker.on('error', reject);
  });
  /** When the other thread let go of the lock (its clock, the same wall clock as ours). */
  const released = new Promise<number>((resolve) => {
    worker.on('message', (message) => typeof message === 'number' && resolve(message));
  }).finally(() => worker.terminate());
  return { held, released };
}

describe('write lock shared by threads', () => {
  it('is taken, given back and taken again', () => {
    const lock = createWriteLock();
    lock.acquire();
    lock.release();
    lock.acquire();
    lock.release();
  });

  it('makes a writer wait until the other thread releases it, and no longer', async () => {
    const lock = createWriteLock(undefined, 5_000);
    const other = holdInAnotherThread(lock.buffer, 150);
    await other.held;
    lock.acquire();
    const acquiredAt = Date.now();
    lock.release();
    expect(acquiredAt).toBeGreaterThanOrEqual(await other.released);
  });

  it('gives up with an error, instead of hanging, when the other thread never releases it', async () => {
    const lock = createWriteLock(undefined, 200);
    const other = holdInAnotherThread(lock.buffer, 1_000);
    await other.held;
    expect(() => lock.acquire()).toThrow(WriteLockTimeoutError);
    await other.released;
    lock.acquire();
    lock.release();
  });
});
