/*
 * The bet placement thread (bet-placement.ts): its own connection to the SQLite file, sharing the
 * server thread's write lock, and the same placeBet and group commit as on the server's thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openSqlite } from '../../db/connection.ts';
import { createWriteLock } from '../../db/write-lock.ts';
import { betBatcherFor } from './bet-batcher.ts';
import { keepCardsAcrossTransactions, placeBet } from './betting.service.ts';
import {
  toWireError,
  type FromPlacementThread,
  type PlacementThreadData,
  type ToPlacementThread,
} from './bet-placement.ts';

const port = parentPort;
if (!port) throw new Error('bet-placement.worker.ts runs as a worker thread only.');
const data = workerData as PlacementThreadData;
const handle = openSqlite(data.file, createWriteLock(data.writeLock));
const batcher = betBatcherFor(handle.db, { lanes: 1 });
// This connection never writes races, runners or events.
keepCardsAcrossTransactions(handle.db);
const send = (message: FromPlacementThread) => port.postMessage(message);

port.on('message', (message: ToPlacementThread) => {
  if (message.type === 'bet') {
    placeBet(handle.db, message.playerId, message.input, batcher).then(
      (receipt) => send({ type: 'placed', id: message.id, receipt }),
      (error: unknown) => send({ type: 'refused', id: message.id, error: toWireError(error) }),
    );
  } else if (message.type === 'stats') {
    send({ type: 'stats', id: message.id, stats: batcher.stats() });
  } else {
    void handle.close().finally(() => {
      send({ type: 'stopped' });
      port.close();
    });
  }
});
send({ type: 'ready' });
