// Copies committed pages from the write-ahead log into the database file, on a thread and connection
// of its own (connection.ts), so neither the server's thread nor the bet placement thread stalls on it
// inside a commit. PASSIVE never waits for, or blocks, the writer or readers: it copies what it can and
// the next round does the rest.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const database = new SQLite(workerData.file);
database.pragma('busy_timeout = 0');
database.pragma('synchronous = NORMAL');
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

/**
 * Under a steady rush the log never starts over by itself (a commit always lands while a round
 * copies), so it grows until a writer's own fallback checkpoint runs inside a commit (connection.ts).
 * Near that size rounds run back to back while the log keeps growing: the commit that reaches it
 * then has only the last few milliseconds of pages to copy and sync, not a whole interval's.
 */
function run(previousLog) {
  const result = tryCheckpoint();
  if (!result || stopping || result.log < workerData.catchUpFromPages) return;
  // The rush is over (the log stopped growing): it starts over by itself at the next commit.
  if (previousLog !== undefined && result.log <= previousLog) return;
  setImmediate(() => run(result.log));
}

const timer = setInterval(() => run(), workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  stopping = true;
  clearInterval(timer);
  run();
  database.close();
  parentPort.postMessage('stopped');
});
