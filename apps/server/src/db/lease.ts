import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

export interface Lease {
  /** This instance's name in the lease table. */
  readonly holder: string;
  /** Takes or renews the lease; true while this instance holds it. */
  hold(): Promise<boolean>;
  /** Gives it up at once (on shutdown), so another instance need not wait for it to lapse. */
  release(): Promise<void>;
}

/**
 * A lease on work that must run on one server only, however many share the database: a row per job
 * naming its holder and when the hold lapses. Taking it is one conditional update (ours already, or
 * lapsed), which both SQLite and PostgreSQL serialise, so two instances never both hold it. The holder
 * renews well inside `ttlMs`; one that stops renewing (crashed, cut off) is replaced after `ttlMs`.
 */
export function createLease(
  db: Kysely<Database>,
  name: string,
  options: { ttlMs: number; holder?: string; now?: () => number },
): Lease {
  const holder = options.holder ?? randomUUID();
  const now = options.now ?? Date.now;
  return {
    holder,
    async hold() {
      const at = now();
      const expiresAt = new Date(at + options.ttlMs).toISOString();
      await db
        .insertInto('leases')
        .values({ name, holder, expires_at: expiresAt })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const taken = await db
        .updateTable('leases')
        .set({ holder, expires_at: expiresAt })
        .where('name', '=', name)
        .where((eb) => eb.or([eb('holder', '=', holder), eb('expires_at', '<', new Date(at).toISOString())]))
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) === 1;
    },
    async release() {
      await db
        .updateTable('leases')
        .set({ expires_at: new Date(0).toISOString() })
        .where('name', '=', name)
        .where('holder', '=', holder)
        .execute();
    },
  };
}
