import { sql, type Kysely, type Transaction } from 'kysely';
import { splitByShares, ticketCommissionShares, type ChainLink, type CommissionShare } from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';
import { assertBalanced, type Posting } from '../wallet/index.ts';
import { agentDb, CommissionAccount, type AgentDatabase } from './agents.tables.ts';

type Trx = Kysely<AgentDatabase>;

/**
 * Tickets per accrual transaction: short enough that bets never wait long behind SQLite's one writer
 * (about 46 µs a ticket with a share: 500 hold it about 23 ms, as a batch of settlement's payouts does;
 * 1,000 held it 50 ms, twice the bets' p99 target).
 */
export const ACCRUAL_BATCH = 500;
/** Rows per multi-row statement: well under SQLite's 32,766 parameters and PostgreSQL's 65,535. */
const ROWS_PER_INSERT = 400;
/** A chain longer than this is a data error (a cycle written by hand), not a network. */
const MAX_DEPTH = 64;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Opens the house and agents' commission accounts that do not exist yet; their ids by code. */
export async function commissionAccountIds(trx: Trx, codes: readonly string[]): Promise<Map<string, number>> {
  const createdAt = nowIso();
  const ids = new Map<string, number>();
  for (const part of chunks([...new Set(codes)], ROWS_PER_INSERT)) {
    await trx
      .insertInto('accounts')
      .values(
        part.map((code) => ({
          code,
          kind: 'house' as const,
          player_id: null,
          // An agent's accrued commission can go below zero: an NGR clawback carries to the next period.
          may_go_negative: 1,
          created_at: createdAt,
        })),
      )
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    for (const row of await trx.selectFrom('accounts').select(['id', 'code']).where('code', 'in', part).execute()) {
      ids.set(row.code, row.id);
    }
  }
  return ids;
}

/** Each agent's chain from itself up to the top of the network, with the rates in force now. */
async function chainsOf(trx: Trx): Promise<(agentId: number) => ChainLink[]> {
  const staff = await trx.selectFrom('staff_users').select(['id', 'parent_id']).execute();
  const rates = await trx.selectFrom('agent_commission_rates').select(['staff_id', 'basis', 'rate_bps']).execute();
  const parentOf = new Map(staff.map((s) => [s.id, s.parent_id]));
  const rateOf = new Map(rates.map((r) => [r.staff_id, { basis: r.basis, rateBps: r.rate_bps }]));
  const cache = new Map<number, ChainLink[]>();
  return (agentId) => {
    const known = cache.get(agentId);
    if (known) return known;
    const chain: ChainLink[] = [];
    for (let id: number | null | undefined = agentId; id != null && chain.length < MAX_DEPTH; id = parentOf.get(id)) {
      chain.push({ staffId: id, rate: rateOf.get(id) ?? null });
    }
    cache.set(agentId, chain);
    return chain;
  };
}

async function anyRate(trx: Trx): Promise<boolean> {
  const row = await trx
    .selectFrom('agent_commission_rates')
    .select('staff_id')
    .where('rate_bps', '>', 0)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Settled tickets of the pool whose player has an agent, or held by a group (whose members may have agents:
 * decision 056), and which no accrual has claimed yet.
 */
function unclaimedTickets(trx: Trx, pool: { firstRaceId: number; betType: string }) {
  return trx
    .selectFrom('bet_tickets as t')
    .innerJoin('players as p', 'p.id', 't.player_id')
    .select([
      't.id',
      't.total',
      't.refund_amount',
      't.won_amount',
      't.winnings_tax',
      'p.agent_id',
      't.holder_account_id',
    ])
    .where('t.first_race_id', '=', pool.firstRaceId)
    .where('t.bet_type', '=', pool.betType)
    .where('t.status', '!=', 'open')
    .where((eb) => eb.or([eb('p.agent_id', 'is not', null), eb('t.holder_account_id', 'is not', null)]))
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('commission_accruals as a').select('a.ticket_id').whereRef('a.ticket_id', '=', 't.id')),
      ),
    )
    .orderBy('t.id')
    .execute();
}

type TicketRow = Awaited<ReturnType<typeof unclaimedTickets>>[number];

/** The purchases of the groups holding these tickets, with each buyer's agent, in the order of their first share. */
async function groupMembersOf(trx: Trx, tickets: readonly TicketRow[]) {
  const held = tickets.filter((t) => t.holder_account_id !== null).map((t) => t.id);
  if (held.length === 0) return [];
  return trx
    .selectFrom('bakas_groups as g')
    .innerJoin('bakas_members as m', 'm.group_id', 'g.id')
    .innerJoin('players as p', 'p.id', 'm.player_id')
    .select(['g.ticket_id', 'm.id', 'm.shares', 'm.first_share_seq', 'm.paid', 'm.refunded', 'p.agent_id'])
    .where('g.ticket_id', 'in', held)
    .orderBy('m.first_share_seq')
    .execute();
}

/** A share of a ticket's commission, for a group's ticket also the purchase it was earned on. */
type TicketShare = CommissionShare & { memberId: number | null };

/**
 * A group's ticket is its members' bets (decision 056): each purchase is a ticket of its own for commission,
 * its stake what it paid less what came back before the race, its part of the refund and of the winnings (gross
 * of the tax) split by shares, its commission going up its buyer's chain with that chain's rates, exactly as a
 * bet of its own would. One row per agent and purchase: two members under one agent by different chains earn it
 * different rates.
 */
function groupTicketShares(
  ticket: TicketRow,
  members: readonly {
    id: number;
    shares: number;
    first_share_seq: number;
    paid: number;
    refunded: number;
    agent_id: number | null;
  }[],
  chainOf: (agentId: number) => ChainLink[],
): TicketShare[] {
  if (members.length === 0) return [];
  const holdings = members.map((m) => ({ shares: m.shares, firstShareSeq: m.first_share_seq }));
  const refunds = splitByShares(Number(ticket.refund_amount), holdings);
  const wins = splitByShares(Number(ticket.won_amount) + Number(ticket.winnings_tax), holdings);
  return members.flatMap((member, index) =>
    member.agent_id === null
      ? []
      : ticketCommissionShares(chainOf(member.agent_id), {
          total: Number(member.paid) - Number(member.refunded),
          refund: refunds[index] ?? 0,
          won: wins[index] ?? 0,
        }).map((share) => ({ ...share, memberId: member.id })),
  );
}

/**
 * Accrues the commissions of a batch of settled tickets inside the caller's transaction. Each ticket is
 * first claimed in commission_accruals (its idempotency key: `insert … on conflict do nothing`), and only a
 * claimed ticket posts, so no ticket ever accrues twice, whoever runs concurrently. Each ticket with a share
 * is its own balanced ledger transaction (each agent's commission account up by its share, the house's
 * commission expense down by their sum), written for the whole batch in a few multi-row statements as the
 * settlement's payouts are (payouts.ts). Returns how many tickets posted.
 */
async function accrueBatch(
  outer: Transaction<Database>,
  betType: string,
  tickets: readonly TicketRow[],
  chainOf: (agentId: number) => ChainLink[],
): Promise<number> {
  const trx = agentDb(outer);
  const now = nowIso();
  const claimed = new Set<number>();
  for (const part of chunks(tickets, ROWS_PER_INSERT)) {
    const rows = await trx
      .insertInto('commission_accruals')
      .values(part.map((t) => ({ ticket_id: t.id, transaction_id: null, created_at: now })))
      .onConflict((oc) => oc.column('ticket_id').doNothing())
      .returning('ticket_id')
      .execute();
    for (const row of rows) claimed.add(Number(row.ticket_id));
  }
  const work: { ticketId: number; shares: TicketShare[] }[] = [];
  const members = await groupMembersOf(trx, tickets);
  for (const t of tickets) {
    if (!claimed.has(t.id)) continue;
    if (t.holder_account_id !== null) {
      const shares = groupTicketShares(
        t,
        members.filter((m) => m.ticket_id === t.id),
        chainOf,
      );
      if (shares.length > 0) work.push({ ticketId: t.id, shares });
      continue;
    }
    if (t.agent_id === null) continue;
    const shares = ticketCommissionShares(chainOf(t.agent_id), {
      total: Number(t.total),
      refund: Number(t.refund_amount),
      // Winnings gross of the tax withheld for the BIR (decision 049): the tax is not the house's revenue.
      won: Number(t.won_amount) + Number(t.winnings_tax),
    }).map((share) => ({ ...share, memberId: null }));
    if (shares.length > 0) work.push({ ticketId: t.id, shares });
  }
  if (work.length === 0) return 0;

  const accounts = await commissionAccountIds(trx, [
    CommissionAccount.expense,
    ...work.flatMap((w) => w.shares.map((s) => CommissionAccount.ofAgent(s.staffId))),
  ]);
  const accountOf = (code: string) => {
    const id = accounts.get(code);
    if (id === undefined) throw new Error(`Ledger account missing: ${code}`);
    return id;
  };
  const postingsOf = new Map<number, Posting[]>();
  for (const { ticketId, shares } of work) {
    const total = shares.reduce((sum, s) => sum + s.amount, 0);
    const postings: Posting[] = shares.map((s) => ({
      accountId: accountOf(CommissionAccount.ofAgent(s.staffId)),
      amount: s.amount,
    }));
    if (total !== 0) postings.push({ accountId: accountOf(CommissionAccount.expense), amount: -total });
    assertBalanced(postings);
    postingsOf.set(ticketId, postings);
  }

  const transactionOf = new Map<number, number>();
  for (const part of chunks(work, ROWS_PER_INSERT)) {
    const inserted = await trx
      .insertInto('ledger_transactions')
      .values(
        part.map(({ ticketId, shares }) => ({
          kind: 'COMMISSION',
          description: `Agent commission ${betType}`,
          reverses_transaction_id: null,
          actor_type: 'system' as const,
          actor_id: null,
          metadata: JSON.stringify({
            ticketId,
            shares: shares.map((s) => ({
              staffId: s.staffId,
              amount: s.amount,
              ...(s.memberId === null ? {} : { bakasMemberId: s.memberId }),
            })),
          }),
          created_at: now,
        })),
      )
      .returning(['id', 'metadata'])
      .execute();
    for (const row of inserted) {
      transactionOf.set((JSON.parse(row.metadata) as { ticketId: number }).ticketId, Number(row.id));
    }
  }
  const transactionIdOf = (ticketId: number) => {
    const id = transactionOf.get(ticketId);
    if (id === undefined) throw new Error(`No commission transaction for ticket ${ticketId}`);
    return id;
  };

  const postings = work.flatMap(({ ticketId }) =>
    (postingsOf.get(ticketId) ?? []).map((p) => ({
      transaction_id: transactionIdOf(ticketId),
      account_id: p.accountId,
      amount: p.amount,
    })),
  );
  for (const part of chunks(postings, ROWS_PER_INSERT)) await trx.insertInto('ledger_postings').values(part).execute();

  // Balances move by each account's sum, one statement per few hundred accounts; every commission account
  // may go negative (an NGR clawback), so none of these can be refused.
  const deltas = new Map<number, number>();
  for (const p of postings) deltas.set(p.account_id, (deltas.get(p.account_id) ?? 0) + p.amount);
  for (const part of chunks(
    [...deltas.entries()].filter(([, delta]) => delta !== 0).sort(([a], [b]) => a - b),
    ROWS_PER_INSERT,
  )) {
    const delta = sql`case id ${sql.join(
      part.map(([id, amount]) => sql`when ${id} then cast(${amount} as bigint)`),
      sql` `,
    )} end`;
    await sql`update accounts set balance = balance + ${delta} where id in (${sql.join(part.map(([id]) => id))})`.execute(
      trx,
    );
  }

  for (const part of chunks(
    work.flatMap(({ ticketId, shares }) => shares.map((s) => ({ ticketId, share: s }))),
    ROWS_PER_INSERT,
  )) {
    await trx
      .insertInto('agent_commissions')
      .values(
        part.map(({ ticketId, share }) => ({
          ticket_id: ticketId,
          staff_id: share.staffId,
          basis: share.basis,
          base: share.base,
          rate_bps: share.rateBps,
          amount: share.amount,
          bakas_member_id: share.memberId,
          transaction_id: transactionIdOf(ticketId),
          created_at: now,
        })),
      )
      .execute();
  }
  for (const part of chunks(work, ROWS_PER_INSERT)) {
    const transactionId = sql`case ticket_id ${sql.join(
      part.map(({ ticketId }) => sql`when ${ticketId} then cast(${transactionIdOf(ticketId)} as integer)`),
      sql` `,
    )} end`;
    await sql`update commission_accruals set transaction_id = ${transactionId}
      where ticket_id in (${sql.join(part.map(({ ticketId }) => ticketId))})`.execute(trx);
  }
  return work.length;
}

/**
 * Accrues the commissions of a pool's settled tickets (decision 040). Settlement calls it once every ticket
 * of the pool is settled and before it marks the pool settled, on every run: the pool stays `paying` until
 * then, so a run interrupted here (a crash) runs again and accrues what is left, and a ticket already
 * claimed is never accrued again. The tickets are read once and accrued in batches of
 * {@link ACCRUAL_BATCH}, each batch its own transaction, so a pool of a million bets never holds the
 * database's writer for long. Rates are those in force when the pass starts. Returns how many tickets posted.
 */
export async function accrueCommissionsForPool(
  db: Kysely<Database>,
  pool: { firstRaceId: number; betType: string },
): Promise<number> {
  const adb = agentDb(db);
  // No rate anywhere (most installations, every benchmark): nothing to read.
  if (!(await anyRate(adb))) return 0;
  const tickets = await unclaimedTickets(adb, pool);
  if (tickets.length === 0) return 0;
  const chainOf = await chainsOf(adb);
  let posted = 0;
  for (const part of chunks(tickets, ACCRUAL_BATCH)) {
    posted += await db.transaction().execute((outer) => accrueBatch(outer, pool.betType, part, chainOf));
  }
  return posted;
}
