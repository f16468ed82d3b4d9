// Copies committed pages from the write-ahead log into the database file, on a thread and connection
// of its own (connection.ts), so neither the server's thread nor the bet placement thread stalls on it
// inside a commit. PASSIVE never waits for, or blocks, the writer or readers: it copies what it can and
// the next round does the rest.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from './sqlite-driver.mjs';
import { CATCH_UP_SPACING_MS, nextCatchUp } from './checkpoint-catch-up.mjs';

const database = new SQLite(workerData.file);
database.pragma('busy_timeout = 0');
// The same setting as the app's connections (connection.ts). A checkpoint syncs the log before it copies
// and the file after, under NORMAL and FULL alike: a page leaves the log only once it is safe in the file.
database.pragma(`synchronous = ${workerData.synchronous}`);
const checkpoint = database.prepare('pragma wal_checkpoint(PASSIVE)');

let stopping = false;

function tryCheckpoint() {
  try {
    return checkpoint.get();
  } catch {
    // Busy (another checkpoint is running) or the file is going away: the next round tries again.
    return undefined;
  }
}

let catchingUp = false;

/**
 * Under a steady rush the log rarely starts over by itself: SQLite starts it over only in a
 * transaction that begins with every page already copied, and a commit usually lands while a round
 * copies. Left alone it grows until a writer's own fallback checkpoint runs inside a commit
 * (connection.ts), a stall of 10-20 ms. Near that size rounds run about a millisecond apart, each
 * copying little: soon one ends between two commits with everything copied and the next transaction
 * starts the log over, and a commit that reaches the fallback first has only the last millisecond's
 * pages to copy (checkpoint-catch-up.mjs decides when to go on).
 */
function run(previous) {
  catchingUp = false;
  const result = tryCheckpoint();
  if (!result || stopping) return;
  const next = nextCatchUp(previous, result.log, performance.now(), workerData.catchUpFromPages);
  if (!next) return;
  catchingUp = true;
  setTimeout(() => run(next), CATCH_UP_SPACING_MS);
}

const timer = setInterval(() => {
  if (!catchingUp) run();
}, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  stopping = true;
  clearInterval(timer);
  run();
  database.close();
  parentPort.postMessage('stopped');
});
