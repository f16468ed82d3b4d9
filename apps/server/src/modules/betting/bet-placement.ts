import { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { BetReceipt, PlaceBetInput } from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import { builtModule } from '../../lib/built-module.mjs';
import {
  fromWireError,
  type BatcherStats,
  type BetRequest,
  type FromPlacementThread,
  type PlacementThreadData,
  type ToPlacementThread,
} from './placement-wire.ts';
import type { DomainHookSettings } from '../../domain-hooks.ts';
import { betBatcherFor } from './bet-batcher.ts';
import type { BetHookRunner } from './bet-hooks.ts';
import { placeBet, placeBetAnswering } from './betting.service.ts';
import { postgresBetPlacement, type BatchPlayerLimits } from './pg-bet-placement.ts';
import { isPostgres } from '../../db/statement.ts';

/** Where bets are placed: on the server's own thread, or on a thread of their own (SQLite files). */
export interface BetPlacement {
  /** Gets ready for the first bet (the placement thread starts on first use otherwise). */
  warmUp(): Promise<void>;
  place(playerId: number, input: PlaceBetInput): Promise<BetReceipt>;
  /**
   * The receipt as the JSON text the player is sent: on the placement thread, the text stored under the
   * bet's key, which crosses between the threads and goes out as it is, never copied as an object, checked
   * and written out again on the server's thread (decision 010).
   */
  placeAnswer(playerId: number, input: PlaceBetInput): Promise<string>;
  /** The batcher's transactions and bets so far, for benchmarks and logs. */
  stats(): Promise<BatcherStats>;
  close(): Promise<void>;
}

/**
 * Bets placed on the server's own thread: on PostgreSQL one function call per batch
 * (pg-bet-placement.ts, decision 029); on an in-memory SQLite database through the bet batcher.
 */
export function inProcessBetPlacement(
  db: Kysely<Database>,
  lanes: number,
  hooks: BetHookRunner,
  limits: BatchPlayerLimits,
): BetPlacement {
  if (isPostgres(db)) {
    const placement = postgresBetPlacement(db, { lanes, limits, hooks });
    return { ...placement, placeAnswer: (playerId, input) => placement.place(playerId, input).then(JSON.stringify) };
  }
  const batcher = betBatcherFor(db, { lanes });
  return {
    warmUp: () => Promise.resolve(),
    place: (playerId, input) => placeBet(db, playerId, input, hooks, batcher),
    placeAnswer: (playerId, input) =>
      placeBetAnswering(db, playerId, input, hooks, batcher).then((answer) => answer.text),
    stats: () => Promise.resolve(batcher.stats()),
    close: () => Promise.resolve(),
  };
}

interface Waiting<T> {
  resolve(value: T): void;
  reject(error: Error): void;
}

/**
 * Bets placed on a thread of their own with its own connection to the SQLite file (docs/decisions/
 * 011-bet-placement-thread.md): the server's thread reads requests, checks sessions and bodies and
 * answers, while the placement thread runs the batches' SQL. Writers of both threads share the file's
 * write lock. If the thread stops unexpectedly, the bets waiting on it fail (their transactions either
 * committed or not; a retry with the same key is safe) and the next bet starts a new one.
 */
export interface PlacementThread extends BetPlacement {
  /** Ends the thread at once, as a crash would (operations and tests); the next bet starts a new one. */
  terminate(): Promise<void>;
  /** The running thread's id, if one is running. */
  threadId(): number | undefined;
}

export function isPlacementThread(placement: BetPlacement): placement is PlacementThread {
  return 'terminate' in placement;
}

export function placementThread(
  sqlite: NonNullable<DatabaseHandle['sqlite']>,
  log: FastifyBaseLogger,
  /** The thread wires the same transaction hooks as the server's (createDomainHooks), with these settings. */
  hookSettings: DomainHookSettings,
): PlacementThread {
  let worker: Worker | undefined;
  let ready: Promise<void> | undefined;
  let closing = false;
  let nextId = 1;
  const waitingBets = new Map<number, Waiting<string>>();
  const waitingStats = new Map<number, Waiting<BatcherStats>>();

  /** Bets waiting for the end of this turn of the event loop, to go to `thread` in one message. */
  let outbox: { thread: Worker; bets: BetRequest[] } | undefined;

  function settle(message: Exclude<FromPlacementThread, { type: 'ready' | 'stopped' }>): void {
    if (message.type === 'stats') {
      waitingStats.get(message.id)?.resolve(message.stats);
      waitingStats.delete(message.id);
      return;
    }
    for (const answer of message.answers) {
      const waiting = waitingBets.get(answer.id);
      waitingBets.delete(answer.id);
      if ('receipt' in answer) waiting?.resolve(answer.receipt);
      else waiting?.reject(fromWireError(answer.error));
    }
  }

  function sendOutbox(): void {
    const pending = outbox;
    outbox = undefined;
    // A thread that stopped meanwhile has already failed these bets (failAllWaiting): never resend them.
    if (pending && pending.thread === worker)
      pending.thread.postMessage({ type: 'bets', bets: pending.bets } satisfies ToPlacementThread);
  }

  function failAllWaiting(error: Error): void {
    const lost = [...waitingBets.values(), ...waitingStats.values()];
    waitingBets.clear();
    waitingStats.clear();
    for (const waiting of lost) waiting.reject(error);
  }

  function start(): Promise<void> {
    const data: PlacementThreadData = { file: sqlite.file, writeLock: sqlite.writeLock.buffer, hookSettings };
    const started = builtModule(new URL('./bet-placement.worker.ts', import.meta.url)).then(
      (module) =>
        new Promise<void>((resolve, reject) => {
          if (closing) throw new Error('Bet placement is closing.');
          const thread = new Worker(module, { workerData: data, execArgv: [] });
          worker = thread;
          thread.on('message', (message: FromPlacementThread) => {
            if (message.type === 'ready') resolve();
            else if (message.type !== 'stopped') settle(message);
          });
          thread.on('error', (error) => {
            log.error({ err: error }, 'bet placement thread failed');
            reject(error);
          });
          thread.on('exit', (code) => {
            if (worker === thread) {
              worker = undefined;
              ready = undefined;
            }
            if (!closing) log.error({ code }, 'bet placement thread stopped; the next bet starts a new one');
            failAllWaiting(new Error(`Bet placement thread stopped (exit code ${code}).`));
            reject(new Error(`Bet placement thread stopped before it was ready (exit code ${code}).`));
          });
        }),
      (error: unknown) => {
        // Not built: the next bet tries again.
        ready = undefined;
        throw error;
      },
    );
    // Nothing awaits the start until the first bet: a failure then is that bet's error, not an unhandled one.
    started.catch(() => undefined);
    return started;
  }

  /** Sends a request once the thread is ready; its answer will be looked for in `waiting`. */
  async function ask<T>(waiting: Map<number, Waiting<T>>, send: (thread: Worker, id: number) => void): Promise<T> {
    if (closing) throw new Error('Bet placement is closing.');
    ready ??= start();
    await ready;
    const thread = worker;
    if (!thread) throw new Error('Bet placement thread stopped; try again.');
    return new Promise<T>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      send(thread, id);
    });
  }

  function queueBet(thread: Worker, bet: BetRequest): void {
    if (outbox?.thread !== thread) {
      sendOutbox();
      outbox = { thread, bets: [] };
      setImmediate(sendOutbox);
    }
    outbox.bets.push(bet);
  }

  const placeAnswer = (playerId: number, input: PlaceBetInput) =>
    ask(waitingBets, (thread, id) => queueBet(thread, { id, playerId, input }));

  return {
    warmUp: () => {
      if (closing) return Promise.resolve();
      ready ??= start();
      return ready;
    },
    place: (playerId, input) => placeAnswer(playerId, input).then((text) => JSON.parse(text) as BetReceipt),
    placeAnswer,
    stats: () =>
      ask(waitingStats, (thread, id) => thread.postMessage({ type: 'stats', id } satisfies ToPlacementThread)),
    async terminate() {
      await worker?.terminate();
    },
    threadId: () => worker?.threadId,
    async close() {
      closing = true;
      const thread = worker;
      if (!thread) return;
      sendOutbox();
      const exited = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
      thread.postMessage({ type: 'stop' } satisfies ToPlacementThread);
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
      await thread.terminate();
    },
  };
}
