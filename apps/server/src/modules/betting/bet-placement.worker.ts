/*
 * The bet placement thread (bet-placement.ts): its own connection to the SQLite file, sharing the
 * server thread's write lock, and the same placeBet and group commit as on the server's thread. Its
 * commits do not wait for the disk; an answer leaves only after a sync of the log that began after its
 * commit (wal-sync.ts), and the next batch runs while the disk syncs (docs/decisions/028-durable-commits.md).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openSqlite, sqliteConnectionOf } from '../../db/connection.ts';
import { walSyncFor } from '../../db/wal-sync.ts';
import { createWriteLock } from '../../db/write-lock.ts';
import { createDomainHooks } from '../../domain-hooks.ts';
import { betBatcherFor } from './bet-batcher.ts';
import { placeBetAnswering } from './betting.service.ts';
import { keepCardsAcrossTransactions } from './event-card.ts';
import {
  toWireError,
  type BetAnswer,
  type FromPlacementThread,
  type PlacementThreadData,
  type ToPlacementThread,
} from './placement-wire.ts';

const port = parentPort;
if (!port) throw new Error('bet-placement.worker.ts runs as a worker thread only.');
const data = workerData as PlacementThreadData;
const handle = openSqlite(data.file, createWriteLock(data.writeLock), 'caller');
const hooks = createDomainHooks(data.hookSettings);
const totalChanges = sqliteConnectionOf(handle.db)?.prepare('select total_changes() as n');
const log = walSyncFor(data.file, {
  // Rows this connection has written, rolled back or not: unchanged, no commit awaits a sync.
  writes: () => {
    const row = totalChanges?.all([])[0];
    return typeof row === 'object' && row !== null && 'n' in row ? Number(row.n) : Number.NaN;
  },
});
// Under a rush (bets less than a millisecond apart), a small batch waits up to a millisecond for more:
// batches of about seven bets instead of two at 3,000 a second, a fifth less CPU per bet (decision 007).
const batcher = betBatcherFor(handle.db, { lanes: 1, gather: { upTo: 8, waitMs: 1, rushGapMs: 1 } });
// This connection never writes races, runners or events.
keepCardsAcrossTransactions(handle.db);
const send = (message: FromPlacementThread) => port.postMessage(message);

/**
 * Answers settled in this turn of the event loop (a commit's bets settle together), sent as one message
 * once the log is synced past their commit. A refusal waits too: it may rest on a commit not yet synced.
 */
let answers: BetAnswer[] = [];
function answer(settled: BetAnswer): void {
  answers.push(settled);
  if (answers.length > 1) return;
  setImmediate(() => {
    const bundle = answers;
    answers = [];
    log.durable().then(
      () => send({ type: 'answers', answers: bundle }),
      (error: unknown) =>
        // The disk refused the sync: nothing committed since the last good one is known to be safe, so
        // no answer may claim it. The thread stops; its bets fail and a retry with the same key is safe.
        setImmediate(() => {
          throw new Error('Bet placement thread: the write-ahead log could not be synced.', { cause: error });
        }),
    );
  });
}

port.on('message', (message: ToPlacementThread) => {
  if (message.type === 'bets') {
    for (const { id, playerId, input } of message.bets) {
      placeBetAnswering(handle.db, playerId, input, hooks, batcher).then(
        ({ text }) => answer({ id, receipt: text }),
        (error: unknown) => answer({ id, error: toWireError(error) }),
      );
    }
  } else if (message.type === 'stats') {
    send({ type: 'stats', id: message.id, stats: batcher.stats() });
  } else {
    // The answers waiting for a sync go out first.
    void log
      .close()
      .catch(() => undefined)
      .then(() => handle.close())
      .finally(() => {
        send({ type: 'stopped' });
        port.close();
      });
  }
});
send({ type: 'ready' });
