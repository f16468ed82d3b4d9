import type { Transaction } from 'kysely';
import { settleShares } from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import type { HookSubscriptions } from '../../lib/tx-hooks.ts';
import { nowIso } from '../../lib/time.ts';
import { recordTransaction } from '../wallet/index.ts';
import type { SettlementHooks } from '../tote/index.ts';

/**
 * A group's ticket settled (decision 056): what the pool paid into the group's account (winnings after the tax
 * withheld, decision 049, or a refund) goes out to each member in the same transaction, by `settleShares` (the
 * organiser's fee on net winnings first, the rest by shares, to the centavo), leaving the account at zero. The
 * group is claimed from placed to settled by a conditional update, so a resumed settlement never pays twice.
 */
async function settleGroupOfTicket(trx: Transaction<Database>, ticketId: number): Promise<void> {
  const group = await trx
    .selectFrom('bakas_groups')
    .selectAll()
    .where('ticket_id', '=', ticketId)
    .where('status', '=', 'placed')
    .executeTakeFirst();
  if (!group) return;
  const ticket = await trx
    .selectFrom('bet_tickets')
    .select(['status', 'won_amount', 'refund_amount', 'total', 'holder_account_id'])
    .where('id', '=', ticketId)
    .executeTakeFirstOrThrow();
  if (ticket.status === 'open' || ticket.holder_account_id !== group.account_id) return;
  const received = Number(ticket.won_amount) + Number(ticket.refund_amount);
  const purchases = await trx
    .selectFrom('bakas_members as m')
    .innerJoin('accounts as a', (join) =>
      join.onRef('a.player_id', '=', 'm.player_id').on('a.kind', '=', 'player_credit'),
    )
    .select(['m.id', 'm.player_id', 'm.shares', 'm.first_share_seq', 'a.id as credit_id'])
    .where('m.group_id', '=', group.id)
    .orderBy('m.first_share_seq')
    .execute();
  const organiserIndex = purchases.findIndex((purchase) => purchase.player_id === group.organiser_id);
  const { fee, parts } = settleShares({
    payout: received,
    placedCost: Number(ticket.total),
    feePercent: group.fee_percent,
    refunded: ticket.status === 'refunded',
    holdings: purchases.map((purchase) => ({ shares: purchase.shares, firstShareSeq: purchase.first_share_seq })),
    organiserIndex,
  });
  const claimed = await trx
    .updateTable('bakas_groups')
    .set({ status: 'settled', received, fee, settled_at: nowIso() })
    .where('id', '=', group.id)
    .where('status', '=', 'placed')
    .returning('id')
    .executeTakeFirst();
  if (!claimed) return;
  let transactionId: number | null = null;
  if (received > 0) {
    const byAccount = new Map<number, number>();
    purchases.forEach((purchase, index) =>
      byAccount.set(purchase.credit_id, (byAccount.get(purchase.credit_id) ?? 0) + (parts[index] ?? 0)),
    );
    const posted = await recordTransaction(
      trx,
      {
        kind: 'BAKAS_PAYOUT',
        description: `${ticket.status === 'refunded' ? 'Refund' : 'Winnings'} of group ticket ${group.code}, split by shares`,
        actor: { type: 'system', id: null },
        metadata: {
          bakas: group.code,
          title: group.title,
          ticketId,
          received,
          fee,
          refunded: ticket.status === 'refunded',
        },
        postings: [
          { accountId: group.account_id, amount: -received },
          ...[...byAccount.entries()]
            .filter(([, amount]) => amount !== 0)
            .map(([accountId, amount]) => ({ accountId, amount })),
        ],
      },
      { tracked: new Set([group.account_id, ...byAccount.keys()]) },
    );
    transactionId = posted.transactionId;
  }
  for (const [index, purchase] of purchases.entries()) {
    await trx
      .updateTable('bakas_members')
      .set({
        payout: parts[index] ?? 0,
        fee: index === organiserIndex ? fee : 0,
        payout_transaction_id: transactionId,
      })
      .where('id', '=', purchase.id)
      .execute();
  }
}

/** Group tickets pass their settlement on to their members, in the settlement's own transactions. */
export function subscribeBakasSettlement(hooks: HookSubscriptions<SettlementHooks>): void {
  hooks.on('tickets.settled', 'bakas.split', async (trx, { tickets }) => {
    for (const ticket of tickets) if (ticket.holderAccountId !== null) await settleGroupOfTicket(trx, ticket.ticketId);
  });
  // A lost group ticket: nothing to pass on; its group is settled with every member's payout at zero.
  hooks.on('tickets.lost', 'bakas.split', async (trx, { pool }) => {
    const lost = await trx
      .selectFrom('bakas_groups as g')
      .innerJoin('bet_tickets as b', 'b.id', 'g.ticket_id')
      .select('b.id')
      .where('g.status', '=', 'placed')
      .where('b.first_race_id', '=', pool.firstRaceId)
      .where('b.bet_type', '=', pool.betType)
      .where('b.status', '=', 'lost')
      .execute();
    for (const row of lost) await settleGroupOfTicket(trx, row.id);
  });
}
