import type { Transaction } from 'kysely';
import {
  BET_TYPES,
  formatManilaDateTime,
  formatPeso,
  legRaceNumbers,
  RG_DEPOSIT_LIMIT_KINDS,
  RG_LOSS_LIMIT_KINDS,
} from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { statement } from '../../db/statement.ts';
import type { HookSubscriptions } from '../../lib/tx-hooks.ts';
import { legsOfTickets, type BetHooks } from '../betting/index.ts';
import type { KycHooks } from '../kyc/index.ts';
import { paymentLimits, type PaymentHooks } from '../payments/index.ts';
import { limitsReached } from '../rglimits/index.ts';
import type { SettlementHooks } from '../tote/index.ts';
import { preferencesOf } from './preferences.ts';
import { raiseNotices, type NoticeRequest } from './raise.ts';

const IN_LIST = 900;

export const ticketLink = (ticketNo: string) => `/history?type=bet&ticket=${encodeURIComponent(ticketNo)}`;

/** A member of a group holding a ticket: what their purchases put in the placed ticket and received of it. */
interface HeldTicketMember {
  playerId: number;
  title: string;
  /** Centavos in the placed ticket: paid for shares less any refund before it ran. */
  stake: number;
  /** Their part of the ticket's settlement; 0 until the group is settled. */
  payout: number;
}

/**
 * The members of the groups holding these tickets (decision 056), each member once per ticket with their stake
 * and what their purchases received of its settlement, by ticket id.
 */
async function membersOfHeldTickets(
  trx: Transaction<Database>,
  ticketIds: readonly number[],
): Promise<Map<number, HeldTicketMember[]>> {
  const membersOf = new Map<number, HeldTicketMember[]>();
  for (let i = 0; i < ticketIds.length; i += IN_LIST) {
    const rows = await trx
      .selectFrom('bakas_groups as g')
      .innerJoin('bakas_members as m', 'm.group_id', 'g.id')
      .select((eb) => [
        'g.ticket_id',
        'g.title',
        'm.player_id',
        eb.fn.sum<number | string | null>('m.payout').as('payout'),
        eb.fn.sum<number | string>('m.paid').as('paid'),
        eb.fn.sum<number | string>('m.refunded').as('refunded'),
      ])
      .where('g.ticket_id', 'in', ticketIds.slice(i, i + IN_LIST))
      .groupBy(['g.ticket_id', 'g.title', 'm.player_id'])
      .orderBy('m.player_id')
      .execute();
    for (const row of rows) {
      if (row.ticket_id === null) continue;
      const members = membersOf.get(row.ticket_id) ?? [];
      members.push({
        playerId: row.player_id,
        title: row.title,
        stake: Number(row.paid) - Number(row.refunded),
        payout: Number(row.payout ?? 0),
      });
      membersOf.set(row.ticket_id, members);
    }
  }
  return membersOf;
}

/**
 * Won and refunded tickets of a settled batch: a notice each, in the batch's transaction. A group's ticket is
 * its members' (decision 056): each member hears of their own part of it (the group's split runs first in the
 * same transaction), never the organiser of the whole.
 */
async function paidTicketNotices(trx: Transaction<Database>, ticketIds: readonly number[]): Promise<NoticeRequest[]> {
  const requests: NoticeRequest[] = [];
  for (let i = 0; i < ticketIds.length; i += IN_LIST) {
    const rows = await trx
      .selectFrom('bet_tickets')
      .select(['id', 'ticket_no', 'player_id', 'status', 'won_amount', 'refund_amount', 'holder_account_id'])
      .where('id', 'in', ticketIds.slice(i, i + IN_LIST))
      .where('status', 'in', ['won', 'refunded'])
      .execute();
    const membersOf = await membersOfHeldTickets(
      trx,
      rows.filter((row) => row.holder_account_id !== null).map((row) => row.id),
    );
    for (const row of rows) {
      const won = row.status === 'won';
      const notice = {
        kind: won ? ('ticket.won' as const) : ('ticket.refunded' as const),
        linkPath: ticketLink(row.ticket_no),
      };
      if (row.holder_account_id === null) {
        requests.push({
          ...notice,
          playerId: row.player_id,
          params: { ticketNo: row.ticket_no, amount: formatPeso(won ? row.won_amount : row.refund_amount) },
          dedupeKey: `ticket:${row.id}`,
        });
        continue;
      }
      for (const member of membersOf.get(row.id) ?? []) {
        if (member.payout <= 0) continue;
        requests.push({
          kind: won ? 'bakas.won' : 'bakas.refunded',
          linkPath: notice.linkPath,
          playerId: member.playerId,
          params: {
            title: member.title,
            ticketNo: row.ticket_no,
            stake: formatPeso(member.stake),
            amount: formatPeso(member.payout),
          },
          dedupeKey: `ticket:${row.id}:${member.playerId}`,
        });
      }
    }
  }
  return requests;
}

/**
 * Lost tickets: off by default on every channel, so only the players who turned them on are looked for (a
 * pool may hold a million losing tickets: most settlements write nothing here). A group's lost ticket is told
 * to those of its members who turned them on, never to its organiser as theirs.
 */
async function lostTicketNotices(
  trx: Transaction<Database>,
  tickets: Iterable<{ ticketId: number; playerId: number; holderAccountId: number | null }>,
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
  const wants = (playerId: number) => {
    const choice = prefs.get(playerId)?.choices['ticket.lost'];
    return choice !== undefined && Object.values(choice).some(Boolean);
  };
  const ids: number[] = [];
  const held: number[] = [];
  for (const ticket of tickets) {
    if (ticket.holderAccountId !== null) held.push(ticket.ticketId);
    else if (wants(ticket.playerId)) ids.push(ticket.ticketId);
  }
  const membersOf = await membersOfHeldTickets(trx, held);
  const heldWanted = held.filter((id) => (membersOf.get(id) ?? []).some((member) => wants(member.playerId)));
  const requests: NoticeRequest[] = [];
  const all = [...ids, ...heldWanted];
  for (let i = 0; i < all.length; i += IN_LIST) {
    const rows = await trx
      .selectFrom('bet_tickets')
      .select(['id', 'ticket_no', 'player_id', 'holder_account_id'])
      .where('id', 'in', all.slice(i, i + IN_LIST))
      .where('status', '=', 'lost')
      .execute();
    for (const row of rows) {
      const notice = {
        kind: 'ticket.lost' as const,
        params: { ticketNo: row.ticket_no },
        linkPath: ticketLink(row.ticket_no),
      };
      if (row.holder_account_id === null) {
        requests.push({ ...notice, playerId: row.player_id, dedupeKey: `ticket:${row.id}` });
        continue;
      }
      for (const member of membersOf.get(row.id) ?? []) {
        if (wants(member.playerId))
          requests.push({ ...notice, playerId: member.playerId, dedupeKey: `ticket:${row.id}:${member.playerId}` });
      }
    }
  }
  return requests;
}

const MULTI_RACE_TYPES = BET_TYPES.filter((type) => type.raceType !== 'single');
/** How many races a multi-race ticket spans at most, from its first leg to its last (XD: n and n+2). */
const LONGEST_SPAN = Math.max(
  ...MULTI_RACE_TYPES.map((type) => {
    const races = legRaceNumbers(type, 0);
    return (races[races.length - 1] ?? 0) + 1;
  }),
);

/**
 * A race's official result, for the open multi-race tickets it is a leg of (not their last leg: that one's
 * result is the ticket's settlement, with its own notice): "still alive" when the leg is won and no leg is
 * lost, "out" when this leg is the first one lost. A ticket already out in an earlier leg, or refunded by a
 * leg, hears nothing. A group's ticket tells each of its members. Where each leg stands is read as the still-alive view reads it (betting's
 * legsOfTickets, the shared ticketLegs), in the result's transaction, so the result recorded is the one read.
 */
export async function legResultNotices(trx: Transaction<Database>, raceId: number): Promise<NoticeRequest[]> {
  const race = await trx
    .selectFrom('races')
    .select(['event_id', 'race_no'])
    .where('id', '=', raceId)
    .executeTakeFirst();
  if (!race) return [];
  const tickets = await trx
    .selectFrom('bet_tickets as t')
    .innerJoin('races as r', 'r.id', 't.first_race_id')
    .select(['t.id', 't.ticket_no', 't.player_id', 't.bet_type', 't.selections', 't.holder_account_id', 'r.race_no'])
    .where('t.event_id', '=', race.event_id)
    .where('t.status', '=', 'open')
    .where(
      't.bet_type',
      'in',
      MULTI_RACE_TYPES.map((type) => type.code),
    )
    .where('r.race_no', '<=', race.race_no)
    .where('r.race_no', '>', race.race_no - LONGEST_SPAN)
    .execute();
  const legged = tickets.flatMap((ticket) => {
    const type = MULTI_RACE_TYPES.find((t) => t.code === ticket.bet_type);
    if (!type) return [];
    const raceNumbers = legRaceNumbers(type, ticket.race_no);
    const leg = raceNumbers.indexOf(race.race_no);
    // Not a leg of this ticket (XD skips a race), or its last: the settlement tells that one.
    if (leg < 0 || leg === raceNumbers.length - 1) return [];
    return [{ ticket, leg, legs: raceNumbers.length }];
  });
  // A group's ticket (decision 056) is held by its members, not its organiser: each member hears of its legs.
  const groupTickets = legged.filter(({ ticket }) => ticket.holder_account_id !== null).map(({ ticket }) => ticket.id);
  const membersOf = new Map<number, number[]>();
  for (let i = 0; i < groupTickets.length; i += IN_LIST) {
    const rows = await trx
      .selectFrom('bakas_groups as g')
      .innerJoin('bakas_members as m', 'm.group_id', 'g.id')
      .select(['g.ticket_id', 'm.player_id'])
      .distinct()
      .where('g.ticket_id', 'in', groupTickets.slice(i, i + IN_LIST))
      .execute();
    for (const row of rows) {
      if (row.ticket_id === null) continue;
      membersOf.set(row.ticket_id, [...(membersOf.get(row.ticket_id) ?? []), row.player_id]);
    }
  }
  const requests: NoticeRequest[] = [];
  for (let i = 0; i < legged.length; i += IN_LIST) {
    const chunk = legged.slice(i, i + IN_LIST);
    const views = await legsOfTickets(
      trx,
      chunk.map(({ ticket }) => ({
        eventId: race.event_id,
        raceDate: '',
        firstRaceNo: ticket.race_no,
        betType: ticket.bet_type,
        selections: JSON.parse(ticket.selections) as number[][],
      })),
    );
    for (const [index, { ticket, leg, legs }] of chunk.entries()) {
      const view = views[index];
      const status = view?.legs[leg]?.status;
      const othersLost = view?.legs.some((other, at) => at !== leg && other.status === 'lost') ?? true;
      let outcome: 'alive' | 'out';
      if (status === 'won' && view?.legsSummary === 'alive') outcome = 'alive';
      else if (status === 'lost' && !othersLost && view?.legsSummary === 'lost') outcome = 'out';
      else continue;
      const notice = {
        kind: 'leg.result' as const,
        params: { ticketNo: ticket.ticket_no, leg: leg + 1, legs, outcome },
        linkPath: ticketLink(ticket.ticket_no),
      };
      if (ticket.holder_account_id === null) {
        requests.push({ ...notice, playerId: ticket.player_id, dedupeKey: `leg:${ticket.id}:${leg + 1}` });
        continue;
      }
      for (const member of membersOf.get(ticket.id) ?? []) {
        requests.push({ ...notice, playerId: member, dedupeKey: `leg:${ticket.id}:${leg + 1}:${member}` });
      }
    }
  }
  return requests;
}

// Read after every bet: a prepared statement, and kinds listed rather than matched with LIKE, whose bound
// pattern made SQLite plan the statement again on every run (half of a bet's time in hooks).
const limitOfKinds = (kinds: readonly string[]) =>
  statement<{ kind: string }>(
    `select kind from rg_limits where player_id = ? and kind in (${kinds.map((kind) => `'${kind}'`).join(', ')}) limit 1`,
  );
const selectDepositLimit = limitOfKinds(RG_DEPOSIT_LIMIT_KINDS);
const selectLossLimit = limitOfKinds(RG_LOSS_LIMIT_KINDS);

/** The smallest bet the product takes: a net-loss limit with less room than this takes no further bet. */
const SMALLEST_BET = Math.min(...BET_TYPES.map((type) => type.minBet));

/**
 * A deposit asked for, or a bet placed, that used up one of the player's deposit or net-loss limits (no further
 * deposit or bet fits in its period): a notice per limit and period, raised with the request or the bet. A
 * limit's refusal rolls its own transaction back and the player reads it on the screen at once, so it raises
 * nothing; nor does the stake per bet, a cap on one bet rather than an amount used up.
 */
export async function limitNotices(
  trx: Transaction<Database>,
  playerId: number,
  family: 'deposit' | 'loss',
): Promise<NoticeRequest[]> {
  const [hasLimit] = await (family === 'deposit' ? selectDepositLimit : selectLossLimit)(trx, [playerId]);
  if (!hasLimit) return [];
  const smallest = family === 'deposit' ? (await paymentLimits(trx)).deposit.min : SMALLEST_BET;
  const reached = await limitsReached(trx, playerId, family, smallest);
  return reached.map((limit) => ({
    playerId,
    kind: 'limit.reached' as const,
    params: { limit: limit.kind, amount: formatPeso(limit.limit), resetsAt: formatManilaDateTime(limit.resetsAt) },
    linkPath: '/responsiblegaming',
    dedupeKey: `limit.reached:${playerId}:${limit.kind}:${limit.periodStart}`,
  }));
}

/**
 * Notices raised with what causes them, in its transaction (decision 055): a settlement that rolls back raises
 * none, and one that commits cannot lose its notices.
 */
export function subscribeNotifications(
  hooks: HookSubscriptions<SettlementHooks & PaymentHooks & KycHooks & BetHooks>,
): void {
  hooks.on('result.recorded', 'notifications.legs', async (trx, { raceId }) => {
    await raiseNotices(trx, await legResultNotices(trx, raceId));
  });
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
  hooks.on('payment.requested', 'notifications.limits', async (trx, { requestId, playerId }) => {
    const request = await trx
      .selectFrom('payment_requests')
      .select('kind')
      .where('id', '=', requestId)
      .executeTakeFirst();
    if (request?.kind === 'DEPOSIT') await raiseNotices(trx, await limitNotices(trx, playerId, 'deposit'));
  });
  hooks.on('bets.placed', 'notifications.limits', async (trx, { playerIds }) => {
    for (const playerId of playerIds) await raiseNotices(trx, await limitNotices(trx, playerId, 'loss'));
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
