import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { HookSubscriptions } from '../../lib/tx-hooks.ts';
import type { SettledTicket, SettlementHooks } from '../tote/index.ts';
import { payRebates, rebateWindows, ticketRebate, type RebateWindow, type TicketRebate } from './rebates.ts';

const IN_LIST = 900;

/** Whether any player ever claimed a rebate promo: most settlements (and every benchmark) stop here. */
async function anyRebateClaim(trx: Transaction<Database>): Promise<boolean> {
  const row = await trx
    .selectFrom('promo_claims as c')
    .innerJoin('promos as p', 'p.id', 'c.promo_id')
    .select('c.id')
    .where('p.kind', '=', 'rebate')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

function rebatesOf(
  tickets: Iterable<SettledTicket>,
  windows: ReadonlyMap<number, readonly RebateWindow[]>,
): TicketRebate[] {
  const rebates: TicketRebate[] = [];
  for (const ticket of tickets) {
    const rebate = ticketRebate(
      { id: ticket.ticketId, playerId: ticket.playerId, createdAt: ticket.placedAt, creditStake: ticket.creditStake },
      windows,
    );
    if (rebate) rebates.push(rebate);
  }
  return rebates;
}

/** Of these tickets, those lost whose rebate is not paid yet (another run may have settled some). */
async function lostWithoutRebate(trx: Transaction<Database>, ticketIds: readonly number[]): Promise<Set<number>> {
  const ids = new Set<number>();
  for (let i = 0; i < ticketIds.length; i += IN_LIST) {
    const rows = await trx
      .selectFrom('bet_tickets')
      .select('id')
      .where('id', 'in', ticketIds.slice(i, i + IN_LIST))
      .where('status', '=', 'lost')
      .where('rebate_amount', '=', 0)
      .execute();
    for (const row of rows) ids.add(row.id);
  }
  return ids;
}

/**
 * Rebates (docs/product/promos.md#rebates, decision 018): a ticket placed while a rebate promo was the player's active one earns
 * the promo's rate of its credit-funded stake that rode, paid in the transaction that settles the ticket,
 * won or lost.
 */
export function subscribeRebates(hooks: HookSubscriptions<SettlementHooks>): void {
  hooks.on('tickets.settled', 'promos.rebates', async (trx, { tickets }) => {
    if (tickets.length === 0 || !(await anyRebateClaim(trx))) return;
    const windows = await rebateWindows(
      trx,
      tickets.map((ticket) => ticket.playerId),
    );
    if (windows.size > 0) await payRebates(trx, rebatesOf(tickets, windows));
  });
  hooks.on('tickets.lost', 'promos.rebates', async (trx, { tickets, balanceMoved }) => {
    if (!(await anyRebateClaim(trx))) return;
    const players = new Set<number>();
    for (const ticket of tickets) players.add(ticket.playerId);
    const windows = await rebateWindows(trx, players);
    if (windows.size === 0) return;
    const earned = rebatesOf(tickets, windows);
    const due = await lostWithoutRebate(
      trx,
      earned.map((rebate) => rebate.ticketId),
    );
    const rebates = earned.filter((rebate) => due.has(rebate.ticketId));
    await payRebates(trx, rebates);
    for (const rebate of rebates) balanceMoved(rebate.playerId);
  });
}
