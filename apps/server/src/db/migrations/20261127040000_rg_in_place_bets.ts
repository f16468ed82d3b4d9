import type { Dialect } from '../connection.ts';
import type { MigrationDb as AnyDb } from '../migration-helpers.ts';
import { placeBetsFunction } from '../sql/place-bets.ts';

/**
 * place_bets (migration 20261126100000) as before, with responsible gaming decided in the bet's own
 * transaction (decision 034, review of issue 22): once the batch's wallets are locked it reads which of
 * its players have a limit or a break not yet over, and answers 'rg_changed' for a bet of such a player
 * that the server did not check under that player's lock (a limit or break committed after the bet's
 * check); the server then checks the bet again. A break started while bets are in flight therefore
 * stops every bet checked after it, and no bet passes a limit set meanwhile. The server sends the
 * instant its checks were made ('rg_now' on the first bet) so that both sides judge a break's end alike.
 * SQLite needs none: its bets are checked in their own transaction and it has one writer.
 * It runs today's function, whose source is db/sql/place-bets.ts.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await placeBetsFunction.execute(db);
}
