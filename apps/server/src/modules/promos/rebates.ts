import { sql, type Kysely, type Transaction } from 'kysely';
import { rebateOf } from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';
import { HouseAccount, playerAccountCode } from '../wallet/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A rebate promo claim's time window: tickets placed inside it earn its rate. */
export interface RebateWindow {
  claimId: number;
  rateBasisPoints: number;
  from: string;
  /** Null: no end. */
  to: string | null;
}

/** A settled ticket's rebate, paid in the transaction that settles the ticket. */
export interface TicketRebate {
  ticketId: number;
  playerId: number;
  claimId: number;
  amount: number;
}

const IN_LIST = 900;

/** Rebate claims of the given players (the players of a pool being settled), by player. */
export async function rebateWindows(db: Db, playerIds: Iterable<number>): Promise<Map<number, RebateWindow[]>> {
  const ids = [...new Set(playerIds)];
  const windows = new Map<number, RebateWindow[]>();
  for (let i = 0; i < ids.length; i += IN_LIST) {
    const rows = await db
      .selectFrom('promo_claims as c')
      .innerJoin('promos as p', 'p.id', 'c.promo_id')
      .select(['c.id', 'c.player_id', 'c.claimed_at', 'c.expires_at', 'p.rate_bp'])
      .where('p.kind', '=', 'rebate')
      .where('c.player_id', 'in', ids.slice(i, i + IN_LIST))
      .execute();
    for (const row of rows) {
      const list = windows.get(row.player_id) ?? [];
      list.push({ claimId: row.id, rateBasisPoints: row.rate_bp, from: row.claimed_at, to: row.expires_at });
      windows.set(row.player_id, list);
    }
  }
  return windows;
}

/**
 * What a settled ticket earns (docs/product/promos.md#rebates): placed while a rebate promo was the player's active
 * promo, the promo's rate of its credit-funded stake that was not refunded, rounded down to the centavo. Bonus-funded
 * stake earns nothing; nor does a refunded stake.
 */
export function ticketRebate(
  ticket: { id: number; playerId: number; createdAt: string; creditStake: number },
  windows: ReadonlyMap<number, readonly RebateWindow[]>,
): TicketRebate | null {
  const window = windows
    .get(ticket.playerId)
    ?.find((w) => w.from <= ticket.createdAt && (w.to === null || ticket.createdAt < w.to));
  if (!window) return null;
  const amount = rebateOf(ticket.creditStake, window.rateBasisPoints);
  return amount > 0 ? { ticketId: ticket.id, playerId: ticket.playerId, claimId: window.claimId, amount } : null;
}

/**
 * Pays rebates inside the caller's transaction, the one that settles their tickets: one balanced PROMO_REBATE
 * transaction per ticket (promo expense to the player's bonus), the ticket's rebate amount, the claim's
 * running total. Settling a ticket is conditional on it being open, so a ticket's rebate is paid with its
 * settlement, once, whatever crashes or retries.
 */
export async function payRebates(trx: Transaction<Database>, rebates: readonly TicketRebate[]): Promise<void> {
  if (rebates.length === 0) return;
  const createdAt = nowIso();
  const codes = [HouseAccount.promoExpense, ...new Set(rebates.map((r) => playerAccountCode(r.playerId, 'bonus')))];
  const accountIds = new Map<string, number>();
  for (let i = 0; i < codes.length; i += IN_LIST) {
    const rows = await trx
      .selectFrom('accounts')
      .select(['id', 'code'])
      .where('code', 'in', codes.slice(i, i + IN_LIST))
      .execute();
    for (const row of rows) accountIds.set(row.code, row.id);
  }
  const accountOf = (code: string) => {
    const id = accountIds.get(code);
    if (id === undefined) throw new Error(`Ledger account missing: ${code}`);
    return id;
  };
  const expense = accountOf(HouseAccount.promoExpense);

  for (let i = 0; i < rebates.length; i += IN_LIST / 2) {
    const part = rebates.slice(i, i + IN_LIST / 2);
    const inserted = await trx
      .insertInto('ledger_transactions')
      .values(
        part.map((r) => ({
          kind: 'PROMO_REBATE',
          description: 'Rebate on a settled bet',
          reverses_transaction_id: null,
          actor_type: 'system' as const,
          actor_id: null,
          metadata: JSON.stringify({ ticketId: r.ticketId, claimId: r.claimId }),
          created_at: createdAt,
        })),
      )
      .returning(['id', 'metadata'])
      .execute();
    const transactionOf = new Map(
      inserted.map((row) => [(JSON.parse(row.metadata) as { ticketId: number }).ticketId, row.id]),
    );
    await trx
      .insertInto('ledger_postings')
      .values(
        part.flatMap((r) => {
          const transactionId = transactionOf.get(r.ticketId) ?? 0;
          return [
            { transaction_id: transactionId, account_id: expense, amount: -r.amount },
            {
              transaction_id: transactionId,
              account_id: accountOf(playerAccountCode(r.playerId, 'bonus')),
              amount: r.amount,
            },
          ];
        }),
      )
      .execute();
    const caseOf = (values: readonly [number, number][], column: string) =>
      sql`case ${sql.ref(column)} ${sql.join(
        values.map(([id, amount]) => sql`when ${id} then cast(${amount} as bigint)`),
        sql` `,
      )} end`;
    await sql`update bet_tickets set rebate_amount = ${caseOf(
      part.map((r) => [r.ticketId, r.amount]),
      'id',
    )} where id in (${sql.join(part.map((r) => r.ticketId))})`.execute(trx);
  }

  const byAccount = new Map<number, number>([[expense, 0]]);
  const byClaim = new Map<number, number>();
  for (const r of rebates) {
    const bonus = accountOf(playerAccountCode(r.playerId, 'bonus'));
    byAccount.set(bonus, (byAccount.get(bonus) ?? 0) + r.amount);
    byAccount.set(expense, (byAccount.get(expense) ?? 0) - r.amount);
    byClaim.set(r.claimId, (byClaim.get(r.claimId) ?? 0) + r.amount);
  }
  // One statement per group of rows, in id order (the order the ledger takes row locks in).
  const accountDeltas = [...byAccount.entries()].sort(([a], [b]) => a - b);
  for (let i = 0; i < accountDeltas.length; i += IN_LIST / 2) {
    const part = accountDeltas.slice(i, i + IN_LIST / 2);
    await sql`update accounts set balance = balance + case id ${sql.join(
      part.map(([id, delta]) => sql`when ${id} then cast(${delta} as bigint)`),
      sql` `,
    )} end where id in (${sql.join(part.map(([id]) => id))})`.execute(trx);
  }
  const claimDeltas = [...byClaim.entries()];
  for (let i = 0; i < claimDeltas.length; i += IN_LIST / 2) {
    const part = claimDeltas.slice(i, i + IN_LIST / 2);
    await sql`update promo_claims set rebates = rebates + case id ${sql.join(
      part.map(([id, delta]) => sql`when ${id} then cast(${delta} as bigint)`),
      sql` `,
    )} end where id in (${sql.join(part.map(([id]) => id))})`.execute(trx);
  }
}
