import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { HookPoint, HookRunner } from '../../lib/tx-hooks.ts';

/**
 * The hook bet placement runs (decision 050) on its Kysely path (SQLite; PostgreSQL places bets by its own
 * function, decision 029, and checks the same rules there).
 */
export type BetHooks = {
  /** A bet checked against the card, before any money moves: a subscriber refuses it by throwing. */
  'bet.placing': HookPoint<Transaction<Database>, { playerId: number; total: number }>;
  /**
   * Bets of these players were placed, in the transaction that places them: what they used up (a net-loss
   * limit) is told with them. On PostgreSQL only players with a limit or a break are named (the others' bets
   * go to place_bets with no transaction of their own); on the Kysely path every bet's player.
   */
  'bets.placed': HookPoint<Transaction<Database>, { playerIds: readonly number[] }>;
};

export type BetHookRunner = HookRunner<BetHooks>;
