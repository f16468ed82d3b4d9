import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../../db/schema.ts';
import { createLease, type Lease } from '../../db/lease.ts';

/** The lease every instance on one database competes for: its holder runs the run-once work. */
export const LEADER_LEASE = 'cluster-leader';
/**
 * A leader that stops renewing (killed, frozen, cut off) is replaced within LEADER_TTL_MS plus one
 * standby poll: under 4 seconds. It renews every second, so two renewals can fail before it steps down.
 */
export const LEADER_TTL_MS = 3_000;
export const LEADER_RENEW_MS = 1_000;
export const STANDBY_POLL_MS = 500;

/** Work started when this instance takes the lead; what it returns is stopped when the lead goes. */
export type LeaderJob = () => Promise<Stoppable | void> | Stoppable | void;
export interface Stoppable {
  stop(): Promise<void> | void;
}

interface Log {
  info(o: object, m: string): void;
  error(o: object, m: string): void;
}

export interface Leadership {
  /** This instance's name on the lease. */
  readonly holder: string;
  /** True while this instance leads and its lease is surely still its own (see Lease.holds). */
  isLeader(): boolean;
  /**
   * The lead as a Lease, for work that asks before every step (the simulator): it holds while this
   * instance leads; renewing and giving up stay with the leadership.
   */
  readonly lease: Lease;
  /** Registers run-once work (before start): started on taking the lead, in order; stopped on losing it. */
  whileLeading(name: string, job: LeaderJob): void;
  /** The first election, and the jobs' start when this instance wins it; then keeps electing. */
  start(): Promise<void>;
  /** Stops the jobs and gives up the lead at once, so another instance takes over without waiting. */
  close(): Promise<void>;
}

export interface LeadershipOptions {
  log: Log;
  /**
   * Lease on `db` (PostgreSQL, several instances) or always lead (SQLite: one process owns the file).
   * `db` should have a connection of its own, so a busy pool never delays a renewal.
   */
  db?: Kysely<Database>;
  holder?: string;
  ttlMs?: number;
  renewMs?: number;
  pollMs?: number;
}

/**
 * One leader per database (decision 030). With a `db`, instances compete for one lease: the holder
 * renews it every second and runs the registered jobs; the others poll for it twice a second and take
 * it once it lapsed or was released, then start the jobs themselves (each job picks up from the
 * database where the last leader stopped). A leader whose renewals fail steps down when its lease may
 * have lapsed, by its own clock, before any other instance can take it. Without a `db` this instance
 * always leads.
 */
export function createLeadership(options: LeadershipOptions): Leadership {
  const ttlMs = options.ttlMs ?? LEADER_TTL_MS;
  const renewMs = options.renewMs ?? LEADER_RENEW_MS;
  const pollMs = options.pollMs ?? STANDBY_POLL_MS;
  const holder = options.holder ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const lease: Lease = options.db
    ? createLease(options.db, LEADER_LEASE, { ttlMs, holder })
    : { holder, hold: async () => true, holds: () => true, release: async () => undefined };
  const jobs: { name: string; job: LeaderJob }[] = [];
  const running: { name: string; handle: Stoppable }[] = [];
  let leading = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let deadline: NodeJS.Timeout | undefined;
  /** Starts and stops run one after another, never interleaved. */
  let transitions: Promise<void> = Promise.resolve();
  let cycle: Promise<void> = Promise.resolve();

  const enqueue = (step: () => Promise<void>) => {
    transitions = transitions.then(step, step);
    return transitions;
  };

  const lead = () =>
    enqueue(async () => {
      if (leading || closed || !lease.holds()) return;
      leading = true;
      options.log.info({ holder }, 'this instance leads: run-once work starts here');
      for (const { name, job } of jobs) {
        if (!leading) return;
        try {
          const handle = await job();
          if (handle) running.push({ name, handle });
        } catch (error) {
          options.log.error({ err: error, job: name }, 'run-once work failed to start');
        }
      }
    });

  const stepDown = (reason: string) =>
    enqueue(async () => {
      if (!leading) return;
      leading = false;
      options.log.info({ holder, reason }, 'this instance no longer leads: run-once work stops here');
      for (const { name, handle } of running.splice(0).reverse()) {
        try {
          await handle.stop();
        } catch (error) {
          options.log.error({ err: error, job: name }, 'run-once work failed to stop');
        }
      }
    });

  /** When renewals keep failing, the lead ends where the lease may lapse: no later than another can take it. */
  function watchDeadline(): void {
    if (deadline) clearTimeout(deadline);
    deadline = setTimeout(() => {
      if (!lease.holds()) void stepDown('lease not renewed in time');
    }, ttlMs);
    deadline.unref();
  }

  async function elect(): Promise<void> {
    let held: boolean | undefined;
    try {
      held = await lease.hold();
    } catch (error) {
      if (!closed) options.log.error({ err: error }, 'leader election failed');
    }
    if (closed) return;
    // Starting and stopping jobs is queued, not awaited: a long start (a settlement to finish) must not
    // hold up the next renewal.
    if (held) {
      watchDeadline();
      if (!leading) void lead();
    } else if (leading && (held === false || !lease.holds())) {
      void stepDown(held === false ? 'another instance holds the lease' : 'lease not renewed in time');
    }
  }

  function schedule(): void {
    if (closed) return;
    timer = setTimeout(
      () => {
        cycle = elect().finally(schedule);
      },
      leading ? renewMs : pollMs,
    );
    timer.unref();
  }

  const isLeader = () => leading && lease.holds();
  return {
    holder,
    lease: { holder, hold: async () => isLeader(), holds: isLeader, release: async () => undefined },
    isLeader,
    whileLeading(name, job) {
      jobs.push({ name, job });
    },
    async start() {
      cycle = elect();
      await cycle;
      schedule();
      // The first leader's jobs have started (a settlement stopped by a crash is finished) before requests.
      await transitions;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      if (deadline) clearTimeout(deadline);
      await cycle.catch(() => undefined);
      const wasLeading = leading;
      await stepDown('shutting down');
      if (wasLeading) await lease.release().catch(() => undefined);
    },
  };
}

/**
 * A connection of the leadership's own on PostgreSQL: renewals never queue behind a busy pool, and a
 * renewal that hangs gives up in time for the leader to step down before its lease lapses.
 */
export function leaseDatabase(url: string): { db: Kysely<Database>; close: () => Promise<void> } {
  const pool = new pg.Pool({
    connectionString: url,
    max: 1,
    application_name: 'karera-leadership',
    // A renewal may be slow on a busy server and still be in time; one slower than this is given up (the
    // lead then ends by its deadline unless the next renewal gets through).
    connectionTimeoutMillis: LEADER_TTL_MS - LEADER_RENEW_MS,
    query_timeout: LEADER_TTL_MS - LEADER_RENEW_MS,
    keepAlive: true,
  });
  // A connection cut while idle is replaced on the next renewal; the error is not the process's end.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, close: () => db.destroy() };
}
