import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { HookPoint, HookRunner } from '../../lib/tx-hooks.ts';
import type { PoolKey } from './pools.ts';

/**
 * The hooks settlement runs (decision 050). Modules whose money moves with settled tickets (promos' rebates,
 * agents' commissions) subscribe to them; settlement knows none of them.
 */

/** A ticket settled (won, refunded or lost) in the transaction that runs the hook. */
export interface SettledTicket {
  ticketId: number;
  playerId: number;
  /** When it was placed. */
  placedAt: string;
  /** Its stake paid from credit that rode: not from bonus, not refunded to credit. 0 for a held ticket. */
  creditStake: number;
  /**
   * A group's ticket (decision 056): the holding account that paid for it and was paid its settlement. Its
   * `playerId` is the organiser, who did not bet it: subscribers that act on a player's own bets skip it.
   */
  holderAccountId: number | null;
}

/**
 * What the tote knows of a race's running beyond its finish, when it knows it: the demo's simulator knows
 * the going, the margins and the times of its drawn race; an operator's result entry knows none of them.
 */
export interface ResultDetails {
  trackCondition?: string | null;
  /** By runner number. */
  runners?: readonly { runnerNo: string; marginHundredths: number | null; timeMs: number | null }[];
}

export type SettlementHooks = {
  /**
   * A race's official result was recorded (the race moved to D with its finish, base runner numbers by
   * place, dead heats sharing a group), in the transaction that records it: what keeps a race's official
   * results (the form module's runner results) writes them with it.
   */
  'result.recorded': HookPoint<
    Transaction<Database>,
    { raceId: number; finish: readonly (readonly number[])[]; details?: ResultDetails }
  >;
  /**
   * Tickets of a pool were paid (won or refunded), a batch at a time: run in the batch's transaction, which
   * settles each ticket once (its status moves from open), so what a subscriber moves moves once.
   */
  'tickets.settled': HookPoint<Transaction<Database>, { pool: PoolKey; tickets: readonly SettledTicket[] }>;
  /**
   * Every ticket of the pool still open was marked lost by one statement, at `settledAt`, in the
   * transaction that runs the hook. `tickets` are the pool's tickets that were open and not paid when this
   * run began (a pool may hold a million: iterate, do not copy); another run may have settled some of them
   * meanwhile, so a subscriber checks a ticket's row before it moves money for it, and moves it once.
   * `balanceMoved`: a player whose balance a subscriber moved, told after the commit.
   */
  'tickets.lost': HookPoint<
    Transaction<Database>,
    {
      pool: PoolKey;
      settledAt: string;
      tickets: Iterable<SettledTicket>;
      balanceMoved: (playerId: number) => void;
    }
  >;
  /**
   * Every ticket of the pool is settled and the pool is not yet marked settled. Runs on the database, not
   * in a transaction: a subscriber may have a million tickets to go through and writes them in batches,
   * each its own transaction. A subscriber that throws leaves the pool paying: the next run (a resume)
   * runs the hook again, so a subscriber does again only what it has not done.
   */
  'pool.paid': HookPoint<Kysely<Database>, { pool: PoolKey }>;
};

export type SettlementHookRunner = HookRunner<SettlementHooks>;
