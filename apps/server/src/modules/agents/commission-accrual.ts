import type { Kysely, Transaction } from 'kysely';
import { ticketCommissionShares, type ChainLink, type CommissionBasis } from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';
import { recordTransaction, type Posting } from '../wallet/ledger.ts';
import { agentDb, CommissionAccount, type AgentDatabase } from './agents.tables.ts';

type Trx = Kysely<AgentDatabase>;

/** Ids per statement: well under SQLite's 32,766 parameters and PostgreSQL's 65,535. */
const CHUNK = 500;
/** A chain longer than this is a data error (a cycle written by hand), not a network. */
const MAX_DEPTH = 64;

/** Opens the house and agents' commission accounts that do not exist yet; their ids by code. */
export async function commissionAccountIds(trx: Trx, codes: readonly string[]): Promise<Map<string, number>> {
  const createdAt = nowIso();
  const unique = [...new Set(codes)];
  const ids = new Map<string, number>();
  for (let i = 0; i < unique.length; i += CHUNK) {
    const part = unique.slice(i, i + CHUNK);
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

/**
 * Accrues the commissions of a pool's settled tickets (decision 040), inside the transaction that marks
 * the pool settled: the pool stays `paying` until this commits, so a settlement interrupted before it runs
 * again and accrues then, and one that ran never accrues twice (each ticket is claimed once, in
 * commission_accruals, and only a claimed ticket posts). Each ticket with a share is one balanced ledger
 * transaction: each agent's commission account up by its share, the house's commission expense down by
 * their sum. A ticket without an agent, or with no turnover (refunded), earns nothing. Returns how many
 * tickets posted.
 */
export async function accrueCommissionsForPool(
  outer: Transaction<Database>,
  pool: { firstRaceId: number; betType: string },
): Promise<number> {
  const trx = agentDb(outer);
  // No rate anywhere (most installations, every benchmark): nothing to read.
  const anyRate = await trx
    .selectFrom('agent_commission_rates')
    .select('staff_id')
    .where('rate_bps', '>', 0)
    .limit(1)
    .executeTakeFirst();
  if (!anyRate) return 0;

  const tickets = await trx
    .selectFrom('bet_tickets as t')
    .innerJoin('players as p', 'p.id', 't.player_id')
    .select(['t.id', 't.total', 't.refund_amount', 't.won_amount', 'p.agent_id'])
    .where('t.first_race_id', '=', pool.firstRaceId)
    .where('t.bet_type', '=', pool.betType)
    .where('t.status', '!=', 'open')
    .where('p.agent_id', 'is not', null)
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('commission_accruals as a').select('a.ticket_id').whereRef('a.ticket_id', '=', 't.id')),
      ),
    )
    .orderBy('t.id')
    .execute();
  if (tickets.length === 0) return 0;

  const chainOf = await chainsOf(trx);
  const now = nowIso();
  const claimed = new Set<number>();
  for (let i = 0; i < tickets.length; i += CHUNK) {
    const part = tickets.slice(i, i + CHUNK);
    const rows = await trx
      .insertInto('commission_accruals')
      .values(part.map((t) => ({ ticket_id: t.id, transaction_id: null, created_at: now })))
      .onConflict((oc) => oc.column('ticket_id').doNothing())
      .returning('ticket_id')
      .execute();
    for (const row of rows) claimed.add(Number(row.ticket_id));
  }

  const work = tickets.flatMap((t) => {
    if (!claimed.has(t.id) || t.agent_id === null) return [];
    const shares = ticketCommissionShares(chainOf(t.agent_id), {
      total: Number(t.total),
      refund: Number(t.refund_amount),
      won: Number(t.won_amount),
    });
    return shares.length > 0 ? [{ ticketId: t.id, shares }] : [];
  });
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
  const tracked = new Set(accounts.values());
  for (const { ticketId, shares } of work) {
    const total = shares.reduce((sum, s) => sum + s.amount, 0);
    const postings: Posting[] = shares.map((s) => ({
      accountId: accountOf(CommissionAccount.ofAgent(s.staffId)),
      amount: s.amount,
    }));
    if (total !== 0) postings.push({ accountId: accountOf(CommissionAccount.expense), amount: -total });
    const { transactionId } = await recordTransaction(
      outer,
      {
        kind: 'COMMISSION',
        description: `Agent commission ${pool.betType}`,
        postings,
        actor: { type: 'system', id: null },
        metadata: { ticketId, shares: shares.map((s) => ({ staffId: s.staffId, amount: s.amount })) },
      },
      { tracked },
    );
    await trx
      .updateTable('commission_accruals')
      .set({ transaction_id: transactionId })
      .where('ticket_id', '=', ticketId)
      .execute();
    await trx
      .insertInto('agent_commissions')
      .values(
        shares.map((s) => ({
          ticket_id: ticketId,
          staff_id: s.staffId,
          basis: s.basis satisfies CommissionBasis,
          base: s.base,
          rate_bps: s.rateBps,
          amount: s.amount,
          transaction_id: transactionId,
          created_at: now,
        })),
      )
      .execute();
  }
  return work.length;
}
