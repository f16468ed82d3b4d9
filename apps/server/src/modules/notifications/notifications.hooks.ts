import type { Transaction } from 'kysely';
import { formatPeso } from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import type { HookSubscriptions } from '../../lib/tx-hooks.ts';
import type { KycHooks } from '../kyc/index.ts';
import type { PaymentHooks } from '../payments/index.ts';
import type { SettlementHooks } from '../tote/index.ts';
import { preferencesOf } from './preferences.ts';
import { raiseNotices, type NoticeRequest } from './raise.ts';

const IN_LIST = 900;

export const ticketLink = (ticketNo: string) => `/history?type=bet&ticket=${encodeURIComponent(ticketNo)}`;

/** Won and refunded tickets of a settled batch: a notice each, in the batch's transaction. */
async function paidTicketNotices(trx: Transaction<Database>, ticketIds: readonly number[]): Promise<NoticeRequest[]> {
  const requests: NoticeRequest[] = [];
  for (let i = 0; i < ticketIds.length; i += IN_LIST) {
    const rows = await trx
      .selectFrom('bet_tickets')
      .select(['id', 'ticket_no', 'player_id', 'status', 'won_amount', 'refund_amount'])
      .where('id', 'in', ticketIds.slice(i, i + IN_LIST))
      .where('status', 'in', ['won', 'refunded'])
      .execute();
    for (const row of rows) {
      const won = row.status === 'won';
      requests.push({
        playerId: row.player_id,
        kind: won ? 'ticket.won' : 'ticket.refunded',
        params: { ticketNo: row.ticket_no, amount: formatPeso(won ? row.won_amount : row.refund_amount) },
        linkPath: ticketLink(row.ticket_no),
        dedupeKey: `ticket:${row.id}`,
      });
    }
  }
  return requests;
}

/**
 * Lost tickets: off by default on every channel, so only the players who turned them on are looked for (a
 * pool may hold a million losing tickets: most settlements write nothing here).
 */
async function lostTicketNotices(
  trx: Transaction<Database>,
  tickets: Iterable<{ ticketId: number; playerId: number }>,
): Promise<NoticeRequest[]> {
  const wanting = await trx
    .selectFrom('notification_preferences')
    .select('player_id')
    .where('channels', 'like', '%"ticket.lost"%')
    .execute();
  if (wanting.length === 0) return [];
  const prefs = await preferencesOf(
    trx,
    wanting.map((row) => row.player_id),
  );
  const ids: number[] = [];
  for (const ticket of tickets) {
    const choice = prefs.get(ticket.playerId)?.choices['ticket.lost'];
    if (choice && Object.values(choice).some(Boolean)) ids.push(ticket.ticketId);
  }
  const requests: NoticeRequest[] = [];
  for (let i = 0; i < ids.length; i += IN_LIST) {
    const rows = await trx
      .selectFrom('bet_tickets')
      .select(['id', 'ticket_no', 'player_id'])
      .where('id', 'in', ids.slice(i, i + IN_LIST))
      .where('status', '=', 'lost')
      .execute();
    for (const row of rows) {
      requests.push({
        playerId: row.player_id,
        kind: 'ticket.lost',
        params: { ticketNo: row.ticket_no },
        linkPath: ticketLink(row.ticket_no),
        dedupeKey: `ticket:${row.id}`,
      });
    }
  }
  return requests;
}

/**
 * Notices raised with what causes them, in its transaction (decision 055): a settlement that rolls back raises
 * none, and one that commits cannot lose its notices.
 */
export function subscribeNotifications(hooks: HookSubscriptions<SettlementHooks & PaymentHooks & KycHooks>): void {
  hooks.on('tickets.settled', 'notifications.tickets', async (trx, { tickets }) => {
    if (tickets.length === 0) return;
    await raiseNotices(
      trx,
      await paidTicketNotices(
        trx,
        tickets.map((t) => t.ticketId),
      ),
    );
  });
  hooks.on('tickets.lost', 'notifications.tickets', async (trx, { tickets }) => {
    await raiseNotices(trx, await lostTicketNotices(trx, tickets));
  });
  hooks.on('payment.decided', 'notifications.payments', async (trx, { requestId, playerId, status }) => {
    const request = await trx
      .selectFrom('payment_requests')
      .select(['kind', 'amount'])
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    const deposit = request.kind === 'DEPOSIT';
    const approved = status === 'APPROVED';
    const kind = deposit
      ? approved
        ? ('deposit.approved' as const)
        : ('deposit.declined' as const)
      : approved
        ? ('withdrawal.approved' as const)
        : ('withdrawal.declined' as const);
    await raiseNotices(trx, [
      {
        playerId,
        kind,
        params: { amount: formatPeso(request.amount) },
        linkPath: '/history?type=wallet',
        dedupeKey: `payment:${requestId}`,
      },
    ]);
  });
  hooks.on('kyc.decided', 'notifications.kyc', async (trx, { submissionId, playerId, status, reason }) => {
    const request: NoticeRequest =
      status === 'verified'
        ? { playerId, kind: 'kyc.verified', params: {}, linkPath: '/verify', dedupeKey: `kyc:${submissionId}` }
        : {
            playerId,
            kind: status === 'rejected' ? 'kyc.rejected' : 'kyc.resubmit',
            params: { reason: reason ?? '' },
            linkPath: '/verify',
            dedupeKey: `kyc:${submissionId}`,
          };
    await raiseNotices(trx, [request]);
  });
}
