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

function run() {
  try {
    checkpoint.get();
  } catch {
    // Busy (another checkpoint is running) or the file is going away: the next round tries again.
  }
}

const timer = setInterval(run, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  run();
  database.close();
  parentPort.postMessage('stopped');
});
