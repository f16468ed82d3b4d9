import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { runStatementsDirectly, statement } from '../../db/statement.ts';
import { noArrivals, noteArrival, shouldGather, type Arrivals, type GatherPolicy } from './batch-gathering.ts';

/** Work that needs a database transaction of its own: a bet's checks, debit, ticket and stored receipt. */
export type TransactionWork<T> = (trx: Transaction<Database>) => Promise<T>;

export interface BetBatcherOptions {
  /**
   * Batches that may be open at once. A lane key (the player) always maps to the same lane, so one
   * player's bets never wait on each other's row locks from two open transactions. SQLite has a single
   * connection, so 1; PostgreSQL can use a few of its pool's connections.
   */
  lanes?: number;
  /** Most bets in one transaction: bounds how long the first of them waits for the commit. */
  maxBatch?: number;
  /** Under a rush, let a small batch wait a moment for more bets (batch-gathering.ts). Off by default. */
  gather?: GatherPolicy;
}

export interface BetBatcher {
  /**
   * Runs the work in the next batch of its lane and settles after that batch commits: with the
   * work's result once it is durable, or with its error (nothing of it was kept).
   */
  run<T>(laneKey: number, work: TransactionWork<T>): Promise<T>;
  /** Transactions and jobs so far, for benchmarks and logs. */
  stats(): { batches: number; jobs: number; retries: number };
}

interface Job {
  /** The work, returning how to hand its result to the caller once the batch has committed. */
  attempt: TransactionWork<() => void>;
  reject(error: unknown): void;
  attempts: number;
}

type Outcome = { ok: true; deliver: () => void } | { ok: false; error: unknown };

interface Lane {
  queue: Job[];
  running: boolean;
  scheduled: boolean;
  arrivals: Arrivals;
  /** Set while a small batch waits for more bets. */
  gathering: ReturnType<typeof setTimeout> | undefined;
}

const savepoint = statement<never>('savepoint bet_job');
const releaseSavepoint = statement<never>('release savepoint bet_job');
const rollbackToSavepoint = statement<never>('rollback to savepoint bet_job');

/** PostgreSQL deadlock and serialisation failures: the work did nothing and may simply run again. */
const RETRYABLE_CODES = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 3;

function isRetryable(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && RETRYABLE_CODES.has(code);
}

/**
 * Group commit for bets (docs/decisions/007-group-commit.md). Bets that arrive while a lane's previous
 * transaction is running, or within the same turn of the event loop, share one database transaction:
 * each runs inside its own savepoint, so a refused bet rolls back only itself, and all of them settle
 * after the one commit. A bet's answer therefore never reports money that a later rollback could take
 * back. The commit (and on PostgreSQL the round trips of BEGIN and COMMIT) is paid once per batch.
 */
export function createBetBatcher(db: Kysely<Database>, options: BetBatcherOptions = {}): BetBatcher {
  const laneCount = Math.max(1, options.lanes ?? 1);
  const maxBatch = Math.max(1, options.maxBatch ?? 50);
  const gather = options.gather;
  const lanes: Lane[] = Array.from({ length: laneCount }, () => ({
    queue: [],
    running: false,
    scheduled: false,
    arrivals: noArrivals(),
    gathering: undefined,
  }));
  const counters = { batches: 0, jobs: 0, retries: 0 };

  function schedule(lane: Lane): void {
    if (lane.running) return;
    if (lane.gathering && gather && lane.queue.length >= gather.upTo) {
      // Enough bets came while the batch waited: it starts now.
      clearTimeout(lane.gathering);
      lane.gathering = undefined;
      lane.scheduled = false;
    }
    if (lane.scheduled) return;
    lane.scheduled = true;
    const start = () => {
      lane.scheduled = false;
      lane.gathering = undefined;
      void flush(lane);
    };
    if (gather && shouldGather(gather, lane.arrivals, lane.queue.length)) {
      lane.gathering = setTimeout(start, gather.waitMs);
    } else {
      // After the current turn: bets whose requests were read in this turn join the same batch.
      setImmediate(start);
    }
  }

  async function flush(lane: Lane): Promise<void> {
    if (lane.running || lane.queue.length === 0) return;
    lane.running = true;
    const jobs = lane.queue.splice(0, maxBatch);
    try {
      const outcomes = await runBatch(jobs);
      for (const [index, job] of jobs.entries()) {
        const outcome = outcomes[index];
        if (!outcome) job.reject(new Error('The batch ended without an outcome for this bet.'));
        else if (outcome.ok) outcome.deliver();
        else if (isRetryable(outcome.error) && job.attempts < MAX_ATTEMPTS) {
          job.attempts += 1;
          counters.retries += 1;
          lane.queue.push(job);
        } else job.reject(outcome.error);
      }
    } finally {
      lane.running = false;
      if (lane.queue.length > 0) schedule(lane);
    }
  }

  async function runAlone(job: Job): Promise<Outcome> {
    try {
      const deliver = await db.transaction().execute((trx) => {
        runStatementsDirectly(trx, db);
        return job.attempt(trx);
      });
      return { ok: true, deliver };
    } catch (error) {
      return { ok: false, error };
    }
  }

  async function runBatch(jobs: Job[]): Promise<Outcome[]> {
    counters.batches += 1;
    counters.jobs += jobs.length;
    // A lone bet needs no savepoint: its own transaction is the same thing, cheaper.
    if (jobs.length === 1 && jobs[0]) return [await runAlone(jobs[0])];
    try {
      return await db.transaction().execute(async (trx) => {
        runStatementsDirectly(trx, db);
        const outcomes: Outcome[] = [];
        for (const job of jobs) {
          await savepoint(trx, []);
          try {
            const deliver = await job.attempt(trx);
            await releaseSavepoint(trx, []);
            outcomes.push({ ok: true, deliver });
          } catch (error) {
            await rollbackToSavepoint(trx, []);
            await releaseSavepoint(trx, []);
            outcomes.push({ ok: false, error });
          }
        }
        return outcomes;
      });
    } catch {
      // The shared transaction itself failed (its commit, or a savepoint the database could not keep),
      // so nothing of it was stored. Each bet runs again alone: one cause then fails one bet at most.
      const outcomes: Outcome[] = [];
      for (const job of jobs) outcomes.push(await runAlone(job));
      return outcomes;
    }
  }

  return {
    run<T>(laneKey: number, work: TransactionWork<T>): Promise<T> {
      const lane = lanes[Math.abs(Math.trunc(laneKey)) % laneCount] ?? lanes[0];
      if (!lane) throw new Error('The bet batcher has no lane.');
      return new Promise<T>((resolve, reject) => {
        const attempt = async (trx: Transaction<Database>) => {
          const value = await work(trx);
          return () => resolve(value);
        };
        noteArrival(lane.arrivals, performance.now());
        lane.queue.push({ attempt, reject, attempts: 1 });
        schedule(lane);
      });
    },
    stats: () => ({ ...counters }),
  };
}

const batcherOfDatabase = new WeakMap<Kysely<Database>, BetBatcher>();

/**
 * The one batcher of a database, made on first use. One per database keeps the lane promise (a
 * player's bets never sit in two open transactions at once) even if more than one caller asks.
 */
export function betBatcherFor(db: Kysely<Database>, options: BetBatcherOptions = {}): BetBatcher {
  let batcher = batcherOfDatabase.get(db);
  if (!batcher) {
    batcher = createBetBatcher(db, options);
    batcherOfDatabase.set(db, batcher);
  }
  return batcher;
}
