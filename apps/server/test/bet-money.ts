import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.ts';
import { toSafeInteger } from '../src/db/connection.ts';
import { checkLedger } from '../src/modules/wallet/ledger-check.ts';

/**
 * What is wrong with the money of a database that took bets, as readable lines (none when all holds):
 * every ledger invariant (`npm run ledger:check`), every ticket debited by exactly one BET transaction of
 * its own and no BET transaction without a ticket, and each player's credit + bonus = what they were
 * funded with - the totals of their tickets.
 */
export async function betMoneyProblems(db: Kysely<Database>, fundedByPlayer: ReadonlyMap<number, number>) {
  const problems = (await checkLedger(db)).map((breach) => `ledger ${breach.rule}: ${breach.detail}`);
  const tickets = await db
    .selectFrom('bet_tickets as b')
    .leftJoin('ledger_transactions as t', 't.id', 'b.debit_transaction_id')
    .select(['b.id', 'b.player_id', 'b.total', 'b.debit_transaction_id', 't.kind'])
    .execute();
  const betTransactions = toSafeInteger(
    (
      await db
        .selectFrom('ledger_transactions')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('kind', '=', 'BET')
        .executeTakeFirstOrThrow()
    ).count,
  );
  const notDebited = tickets.filter((ticket) => ticket.kind !== 'BET').map((ticket) => ticket.id);
  if (notDebited.length > 0) problems.push(`tickets without their BET transaction: ${notDebited.join(', ')}`);
  if (new Set(tickets.map((ticket) => ticket.debit_transaction_id)).size !== tickets.length)
    problems.push('two tickets share a BET transaction');
  if (betTransactions !== tickets.length)
    problems.push(`${betTransactions} BET transactions for ${tickets.length} tickets`);

  const spent = new Map<number, number>();
  for (const ticket of tickets) spent.set(ticket.player_id, (spent.get(ticket.player_id) ?? 0) + ticket.total);
  const balances = await db
    .selectFrom('accounts')
    .select(['player_id', (eb) => eb.fn.sum('balance').as('total')])
    .where('kind', 'in', ['player_credit', 'player_bonus'])
    .groupBy('player_id')
    .execute();
  const balanceOf = new Map(balances.map((row) => [row.player_id, toSafeInteger(row.total)]));
  for (const [playerId, funded] of fundedByPlayer) {
    const expected = funded - (spent.get(playerId) ?? 0);
    const balance = balanceOf.get(playerId);
    if (balance !== expected) problems.push(`player ${playerId}: balance ${balance}, funds - tickets ${expected}`);
  }
  return problems;
}
