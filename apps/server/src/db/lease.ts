import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from './schema.ts';
import { isPostgres } from './statement.ts';

export interface Lease {
  /** This instance's name in the lease table. */
  readonly holder: string;
  /** Takes or renews the lease; true while this instance holds it. */
  hold(): Promise<boolean>;
  /**
   * Whether the last hold() that succeeded is still surely ours, by this process's own monotonic clock:
   * the time before that hold was sent, plus the lease's length, less a margin. Work that must not run
   * twice asks before each step, so a holder that froze past its lease (a long pause, a stopped
   * process) stops on waking rather than racing the instance that took over.
   */
  holds(): boolean;
  /** Gives it up at once (on shutdown), so another instance need not wait for it to lapse. */
  release(): Promise<void>;
}

/** ISO 8601 in UTC with milliseconds, as Date.toISOString() writes it: stored times compare as text. */
const ISO_UTC = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';

/**
 * A lease on work that must run on one server only, however many share the database: a row per job
 * naming its holder and when the hold lapses. Taking or renewing it is one statement (an insert that,
 * on the existing row, takes it over only when it is ours already or has lapsed), which both SQLite and
 * PostgreSQL serialise, so two instances never both hold it. On PostgreSQL the times are the database's
 * own clock, so instances on hosts whose clocks differ still agree on when a lease lapsed. The holder
 * renews well inside `ttlMs`; one that stops renewing (crashed, cut off) is replaced after `ttlMs`.
 */
export function createLease(
  db: Kysely<Database>,
  name: string,
  options: { ttlMs: number; holder?: string; now?: () => number },
): Lease {
  const holder = options.holder ?? randomUUID();
  const databaseClock = !options.now && isPostgres(db);
  const now = options.now ?? Date.now;
  // A lease is surely ours a little less long than it lasts: clocks run at slightly different rates.
  const safeMs = options.ttlMs - Math.max(50, Math.round(options.ttlMs / 10));
  let surelyUntil = Number.NEGATIVE_INFINITY;

  const timeIn = (ms: number): string | RawBuilder<string> =>
    databaseClock
      ? sql<string>`to_char((clock_timestamp() + ${ms} * interval '1 millisecond') at time zone 'UTC', ${ISO_UTC})`
      : new Date(now() + ms).toISOString();

  return {
    holder,
    async hold() {
      const sentAt = performance.now();
      const expiresAt = timeIn(options.ttlMs);
      const taken = await db
        .insertInto('leases')
        .values({ name, holder, expires_at: expiresAt })
        .onConflict((oc) =>
          oc
            .column('name')
            .doUpdateSet({ holder, expires_at: expiresAt })
            .where((eb) => eb.or([eb('leases.holder', '=', holder), eb('leases.expires_at', '<', timeIn(0))])),
        )
        .returning('holder')
        .executeTakeFirst();
      surelyUntil = taken ? sentAt + safeMs : Number.NEGATIVE_INFINITY;
      return taken !== undefined;
    },
    holds() {
      return performance.now() < surelyUntil;
    },
    async release() {
      surelyUntil = Number.NEGATIVE_INFINITY;
      await db
        .updateTable('leases')
        .set({ expires_at: new Date(0).toISOString() })
        .where('name', '=', name)
        .where('holder', '=', holder)
        .execute();
    },
  };
}
