import { CompiledQuery, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { isPostgres } from '../../db/statement.ts';

/**
 * What two simulators must never do at once: a leader whose first tick outlasts its lease (making the
 * population, six months of history) hands the lead to another instance, which starts the same work.
 */
export const DemoWork = { population: 1, history: 2, crowdFunding: 3 } as const;

/** Class 58 of PostgreSQL's transaction-scoped advisory locks (class 34 is responsible gaming's, decision 034). */
const LOCK_DEMO_WORK = 'select pg_advisory_xact_lock(58, $1::int)';

/**
 * Holds `work` until the transaction ends, so a second simulator's transaction for it waits and then reads
 * what the first one wrote. SQLite needs nothing: a file database begins each transaction immediate, one
 * writer at a time (db/connection.ts), so the second begins only once the first committed.
 */
export async function lockDemoWork(trx: Transaction<Database>, work: (typeof DemoWork)[keyof typeof DemoWork]) {
  if (isPostgres(trx)) await trx.executeQuery(CompiledQuery.raw(LOCK_DEMO_WORK, [work]));
}
