import { sql, type Transaction } from 'kysely';
import type { TicketSettlement } from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';
import { HouseAccount, playerAccountCode, assertBalanced, type Posting } from '../wallet/index.ts';

/**
 * Pays a batch of a pool's tickets inside one database transaction, with a handful of statements for
 * the whole batch rather than several per ticket: a race can have a million bet lines.
 *
 * Each ticket is claimed by a conditional update (open -> its outcome); only claimed tickets are paid,
 * so two settlements of one pool (a resumed one and a retried one) never pay a ticket twice. Each paid
 * ticket gets its own balanced ledger transaction whose id is written on the ticket, and balances move in
 * the same transaction: pool -> credit (winnings after the tax and the credit-funded part of a refund),
 * -> bonus (the bonus-funded part of a refund), -> house:winnings-tax-payable (the tax withheld, decision
 * 049) and -> house:bonus-stake-retained (the bonus stake inside a winning payout, which is not returned:
 * decision 016). The ticket's won amount is what reached the credit; its winnings tax is kept beside it.
 */

export interface TicketToPay {
  ticketId: number;
  playerId: number;
  settlement: TicketSettlement;
  /** A ticket held by an account (a group's, decision 056): its winnings and refund go there, not to the player. */
  holderAccountId?: number | null;
}

const VALUES_PER_STATEMENT = 900;
/** Rows per CASE update: each row costs two parameters per column. */
const ROWS_PER_CASE = 400;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Tickets of the batch still open: the others were paid by an earlier (interrupted) settlement. */
async function stillOpen(trx: Transaction<Database>, tickets: readonly TicketToPay[]): Promise<Set<number>> {
  const open = new Set<number>();
  for (const part of chunks(tickets, VALUES_PER_STATEMENT)) {
    const rows = await trx
      .selectFrom('bet_tickets')
      .select('id')
      .where(
        'id',
        'in',
        part.map((t) => t.ticketId),
      )
      .where('status', '=', 'open')
      .execute();
    for (const row of rows) open.add(row.id);
  }
  return open;
}

/**
 * Marks each ticket settled with its outcome and ledger transaction, on condition that it is still
 * open. Returns how many it marked: fewer than asked means another settlement got there first.
 */
async function markSettled(
  trx: Transaction<Database>,
  tickets: readonly TicketToPay[],
  transactionOf: ReadonlyMap<number, number>,
  settledAt: string,
): Promise<number> {
  let marked = 0;
  for (const part of chunks(tickets, ROWS_PER_CASE)) {
    // One statement per part: rows found by primary key (an IN list), each row's values picked by a
    // CASE on its id. Both databases plan this as key lookups, unlike UPDATE ... FROM (VALUES ...),
    // which SQLite runs as a scan of the whole tickets table.
    const pick = (value: (ticket: TicketToPay) => string | number | null, type: 'text' | 'bigint' | 'integer') =>
      sql`case bet_tickets.id ${sql.join(
        part.map((t) => sql`when ${t.ticketId} then cast(${value(t)} as ${sql.raw(type)})`),
        sql` `,
      )} end`;
    const result = await sql`
      update bet_tickets
      set status = ${pick((t) => t.settlement.outcome, 'text')},
          won_amount = ${pick((t) => t.settlement.winningsToCredit, 'bigint')},
          winnings_tax = ${pick((t) => t.settlement.winningsTax, 'bigint')},
          refund_amount = ${pick((t) => t.settlement.refund, 'bigint')},
          settlement_details = ${pick((t) => detailsOf(t.settlement), 'text')},
          settlement_transaction_id = ${pick((t) => transactionOf.get(t.ticketId) ?? null, 'integer')},
          settled_at = ${settledAt}
      where bet_tickets.id in (${sql.join(part.map((t) => t.ticketId))}) and bet_tickets.status = 'open'`.execute(trx);
    marked += Number(result.numAffectedRows ?? 0);
  }
  return marked;
}

/** What the history tells about a ticket beyond its amounts: substitutions, a bonus stake not returned. */
function detailsOf(s: TicketSettlement): string | null {
  const details: { substitutions?: TicketSettlement['substitutions']; bonusStakeRetained?: number } = {};
  if (s.substitutions.length > 0) details.substitutions = s.substitutions;
  if (s.bonusStakeRetained > 0) details.bonusStakeRetained = s.bonusStakeRetained;
  return Object.keys(details).length > 0 ? JSON.stringify(details) : null;
}

export class ConcurrentSettlementError extends Error {
  override name = 'ConcurrentSettlementError';
}

/** The ids of the players' credit and bonus accounts and of the house accounts a settlement posts to. */
async function accountIds(trx: Transaction<Database>, playerIds: Iterable<number>): Promise<Map<string, number>> {
  const codes = [
    HouseAccount.bonusStakeRetained,
    HouseAccount.winningsTaxPayable,
    ...[...new Set(playerIds)].flatMap((id) => [playerAccountCode(id, 'credit'), playerAccountCode(id, 'bonus')]),
  ];
  const ids = new Map<string, number>();
  for (const part of chunks(codes, VALUES_PER_STATEMENT)) {
    const rows = await trx.selectFrom('accounts').select(['id', 'code']).where('code', 'in', part).execute();
    for (const row of rows) ids.set(row.code, row.id);
  }
  return ids;
}

/**
 * `afterSettled`: called in the same transaction with the tickets this call settled (not those an
 * earlier settlement paid), for what must move with them, such as a rebate.
 */
export async function payTickets(
  trx: Transaction<Database>,
  poolAccountId: number,
  betType: string,
  tickets: readonly TicketToPay[],
  afterSettled?: (trx: Transaction<Database>, ticketIds: readonly number[]) => Promise<void>,
): Promise<Set<number>> {
  const settledAt = nowIso();
  const open = await stillOpen(trx, tickets);
  const toPay = tickets.filter((t) => open.has(t.ticketId) && t.settlement.payout + t.settlement.refund > 0);
  const changedPlayers = new Set<number>();
  if (toPay.length === 0) return changedPlayers;

  const ids = await accountIds(
    trx,
    toPay.map((t) => t.playerId),
  );
  const accountOf = (code: string) => {
    const id = ids.get(code);
    if (id === undefined) throw new Error(`Ledger account missing: ${code}`);
    return id;
  };
  const postingsByTicket = new Map<number, Posting[]>();
  for (const { ticketId, playerId, settlement, holderAccountId } of toPay) {
    const { payout, refund, refundToBonus, winningsToCredit, bonusStakeRetained, winningsTax } = settlement;
    if (winningsToCredit + bonusStakeRetained + winningsTax !== payout) {
      throw new Error(`Ticket ${ticketId}: payout split wrong`);
    }
    // Postings of this ticket's own transaction; a later per-ticket posting (a rebate) is one more line.
    const lines: [code: string, amount: number][] = [
      [playerAccountCode(playerId, 'credit'), winningsToCredit + refund - refundToBonus],
      [playerAccountCode(playerId, 'bonus'), refundToBonus],
      [HouseAccount.bonusStakeRetained, bonusStakeRetained],
      [HouseAccount.winningsTaxPayable, winningsTax],
    ];
    const held = holderAccountId ?? null;
    // A held ticket is funded from its holder only (never bonus): what its player's credit would get goes to the holder.
    if (held !== null && (refundToBonus !== 0 || bonusStakeRetained !== 0)) {
      throw new Error(`Ticket ${ticketId}: a held ticket has no bonus stake`);
    }
    const postings: Posting[] = [
      { accountId: poolAccountId, amount: -(payout + refund) },
      ...lines
        .filter(([, amount]) => amount !== 0)
        .map(([code, amount]) => ({
          accountId: held !== null && code === playerAccountCode(playerId, 'credit') ? held : accountOf(code),
          amount,
        })),
    ];
    assertBalanced(postings);
    postingsByTicket.set(ticketId, postings);
    if (held === null) changedPlayers.add(playerId);
  }

  const transactionOf = new Map<number, number>();
  for (const part of chunks(toPay, VALUES_PER_STATEMENT / 2)) {
    const inserted = await trx
      .insertInto('ledger_transactions')
      .values(
        part.map(({ ticketId, settlement }) => ({
          kind: 'SETTLEMENT',
          description: settlement.payout > 0 ? `Winnings ${betType}` : `Refund ${betType}`,
          reverses_transaction_id: null,
          actor_type: 'system' as const,
          actor_id: null,
          metadata: JSON.stringify({
            ticketId,
            payout: settlement.payout,
            refund: settlement.refund,
            ...(settlement.bonusStakeRetained > 0 ? { bonusStakeRetained: settlement.bonusStakeRetained } : {}),
            ...(settlement.winningsTax > 0 ? { winningsTax: settlement.winningsTax } : {}),
          }),
          created_at: settledAt,
        })),
      )
      .returning(['id', 'metadata'])
      .execute();
    for (const row of inserted) {
      transactionOf.set((JSON.parse(row.metadata) as { ticketId: number }).ticketId, row.id);
    }
  }

  const postings = toPay.flatMap(({ ticketId }) =>
    (postingsByTicket.get(ticketId) ?? []).map((p) => ({
      transaction_id: transactionOf.get(ticketId) ?? 0,
      account_id: p.accountId,
      amount: p.amount,
    })),
  );
  for (const part of chunks(postings, VALUES_PER_STATEMENT)) {
    await trx.insertInto('ledger_postings').values(part).execute();
  }

  // Players' (and the house's) balances only rise here; the pool keeps no balance on its row (decision 006).
  const deltas = new Map<number, number>();
  for (const posting of postings) {
    if (posting.account_id === poolAccountId) continue;
    deltas.set(posting.account_id, (deltas.get(posting.account_id) ?? 0) + posting.amount);
  }
  for (const part of chunks([...deltas.entries()], ROWS_PER_CASE)) {
    const credit = sql`case id ${sql.join(
      part.map(([id, delta]) => sql`when ${id} then cast(${delta} as bigint)`),
      sql` `,
    )} end`;
    await sql`
      update accounts set balance = balance + ${credit}
      where id in (${sql.join(part.map(([id]) => id))})`.execute(trx);
  }

  if ((await markSettled(trx, toPay, transactionOf, settledAt)) !== toPay.length) {
    throw new ConcurrentSettlementError('A ticket of this batch was settled meanwhile; the batch rolls back.');
  }
  await afterSettled?.(
    trx,
    toPay.map((t) => t.ticketId),
  );
  return changedPlayers;
}
