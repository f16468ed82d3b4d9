import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import {
  betTypeByCode,
  BakasMessages,
  BetMessages,
  cutToMoney,
  isBettingOpen,
  sharePrice,
  splitByShares,
  StatusCode,
  type BakasCancelInput,
  type BakasCreateInput,
  type BakasGroup,
  type BakasGroupResponse,
  type BakasJoinInput,
  type BakasMember,
  type BakasPlaceInput,
  type BakasStatus,
} from '@karera/shared';
import type { BakasGroupsTable, Database } from '../../db/schema.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { runIdempotent } from '../../lib/idempotency.ts';
import { nowIso } from '../../lib/time.ts';
import { checkBetOnCard, eventCard, placeHeldTicket, type BetHooks } from '../betting/index.ts';
import { batchPlayerLimits } from '../rglimits/index.ts';
import { InsufficientFundsError, recordTransaction } from '../wallet/index.ts';
import type { HookRunner } from '../../lib/tx-hooks.ts';

/** What the module needs from the app: the bet hook its members' purchases run (responsible gaming). */
export type BakasHookRunner = HookRunner<BetHooks>;

/** A group's share count as the live socket tells its watchers, after the commit that changed it. */
export interface BakasSharesChange {
  code: string;
  sharesSold: number;
  shares: number;
  status: BakasStatus;
}
/** Told after each commit that changed a group (a purchase, placing, cancelling): the socket push. */
export type BakasNotify = (change: BakasSharesChange) => void;
const silent: BakasNotify = () => undefined;
const changeOf = (group: Group): BakasSharesChange => ({
  code: group.code,
  sharesSold: group.shares_sold,
  shares: group.shares,
  status: group.status,
});

type Group = Selectable<BakasGroupsTable>;

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A link code: 16 characters of 57, about 93 bits: unguessable. */
function newCode(): string {
  let code = '';
  for (const byte of randomBytes(16)) code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
  return code;
}

const insufficient = () => new AppError(409, StatusCode.INSUFFICIENT_BALANCE, BetMessages.insufficientBalance);

/** The ledger account that holds a group's money until its ticket is placed, and passes its payout on. */
export const bakasAccountCode = (code: string) => `bakas:${code}`;

async function groupByCode(db: Kysely<Database> | Transaction<Database>, code: string): Promise<Group> {
  const group = await db.selectFrom('bakas_groups').selectAll().where('code', '=', code).executeTakeFirst();
  if (!group) throw notFound(BakasMessages.notFound);
  return group;
}

/** Each player's credit account id. */
async function creditAccounts(trx: Transaction<Database>, playerIds: readonly number[]): Promise<Map<number, number>> {
  const ids = [...new Set(playerIds)];
  if (ids.length === 0) return new Map();
  const rows = await trx
    .selectFrom('accounts')
    .select(['id', 'player_id'])
    .where('player_id', 'in', ids)
    .where('kind', '=', 'player_credit')
    .execute();
  return new Map(rows.map((row) => [Number(row.player_id), row.id]));
}

/**
 * Buys `shares` of an open group for a player, in the caller's transaction: the player's limits and breaks
 * first, as for a bet of their own (the `bet.placing` hook); then the shares, claimed by one conditional update
 * that can never take the group past its shares (concurrent buyers queue on the group's row, and a late one
 * finds nothing left); then the price, from credit only, into the group's holding account. The purchase that
 * sells the last share places the ticket in the same transaction (only one purchase can be that one).
 */
async function buyShares(
  trx: Transaction<Database>,
  hooks: BakasHookRunner,
  group: Group,
  playerId: number,
  shares: number,
): Promise<{ creditBalance: number }> {
  const paid = shares * Number(group.share_price);
  // PostgreSQL: the buyer's responsible-gaming lock, as place_bets takes it for a player's bets, so a limit or a
  // break set at the same moment is judged before or after this purchase, never beside it.
  await batchPlayerLimits.lock(trx, [playerId]);
  await hooks.run('bet.placing', trx, { playerId, total: paid });

  const claimed = await trx
    .updateTable('bakas_groups')
    .set((eb) => ({ shares_sold: eb('shares_sold', '+', shares) }))
    .where('id', '=', group.id)
    .where('status', '=', 'open')
    .where((eb) => eb(eb('shares_sold', '+', shares), '<=', eb.ref('shares')))
    .returning('shares_sold')
    .executeTakeFirst();
  if (!claimed) {
    const now = await trx
      .selectFrom('bakas_groups')
      .select(['status', 'shares', 'shares_sold'])
      .where('id', '=', group.id)
      .executeTakeFirstOrThrow();
    const left = now.shares - now.shares_sold;
    if (left <= 0) throw badRequest(BakasMessages.allSharesSold);
    if (now.status !== 'open') throw badRequest(BakasMessages.notOpen);
    throw badRequest(left <= 0 ? BakasMessages.allSharesSold : BakasMessages.notEnoughShares(left));
  }
  const firstShareSeq = Number(claimed.shares_sold) - shares + 1;

  const credit = await trx
    .selectFrom('accounts')
    .select('id')
    .where('player_id', '=', playerId)
    .where('kind', '=', 'player_credit')
    .executeTakeFirstOrThrow();
  let posted;
  try {
    posted = await recordTransaction(
      trx,
      {
        kind: 'BAKAS_SHARE',
        description: `${shares} share${shares === 1 ? '' : 's'} of group ticket ${group.code}`,
        actor: { type: 'player', id: playerId },
        metadata: { bakas: group.code, title: group.title, shares, firstShareSeq },
        postings: [
          { accountId: credit.id, amount: -paid },
          { accountId: group.account_id, amount: paid },
        ],
      },
      { tracked: new Set([credit.id, group.account_id]) },
    );
  } catch (error) {
    if (error instanceof InsufficientFundsError) throw insufficient();
    throw error;
  }
  await trx
    .insertInto('bakas_members')
    .values({
      group_id: group.id,
      player_id: playerId,
      shares,
      first_share_seq: firstShareSeq,
      paid,
      debit_transaction_id: posted.transactionId,
      refund_transaction_id: null,
      created_at: nowIso(),
    })
    .execute();
  // A purchase is its buyer's bet: what it used up (a net-loss limit) is told with it, as with a bet.
  await hooks.run('bets.placed', trx, { playerIds: [playerId] });
  let creditBalance = posted.balances.get(credit.id) ?? 0;
  if (Number(claimed.shares_sold) === group.shares) {
    // The last share: the ticket enters the pool now, in this transaction, as one ticket held by the group.
    await placeOrCancel(trx, await groupById(trx, group.id), 'filled');
    creditBalance = await creditOf(trx, playerId);
  }
  return { creditBalance };
}

async function groupById(db: Kysely<Database> | Transaction<Database>, id: number): Promise<Group> {
  return db.selectFrom('bakas_groups').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function creditOf(db: Kysely<Database> | Transaction<Database>, playerId: number): Promise<number> {
  const credit = await db
    .selectFrom('accounts')
    .select('balance')
    .where('player_id', '=', playerId)
    .where('kind', '=', 'player_credit')
    .executeTakeFirstOrThrow();
  return Number(credit.balance);
}

/** A group's purchases not refunded, in the order their first shares were bought. */
async function livePurchases(trx: Transaction<Database>, groupId: number) {
  return trx
    .selectFrom('bakas_members')
    .select(['id', 'player_id', 'shares', 'first_share_seq', 'paid', 'refunded'])
    .where('group_id', '=', groupId)
    .where('refund_transaction_id', 'is', null)
    .orderBy('first_share_seq')
    .execute();
}

/**
 * Pays `amount` out of the group's account to its members, split by shares (`splitByShares`, or the parts
 * given), as one balanced transaction; answers each purchase's part (by purchase id) and the transaction.
 */
async function payMembers(
  trx: Transaction<Database>,
  group: Group,
  purchases: readonly { id: number; player_id: number }[],
  parts: readonly number[],
  entry: { kind: string; description: string; metadata: Record<string, unknown> },
): Promise<number | null> {
  const total = parts.reduce((sum, part) => sum + part, 0);
  if (total === 0) return null;
  const credits = await creditAccounts(
    trx,
    purchases.map((purchase) => purchase.player_id),
  );
  const byAccount = new Map<number, number>();
  purchases.forEach((purchase, index) => {
    const account = credits.get(purchase.player_id);
    if (account === undefined) throw new Error(`Credit account missing for player ${purchase.player_id}`);
    byAccount.set(account, (byAccount.get(account) ?? 0) + (parts[index] ?? 0));
  });
  const posted = await recordTransaction(
    trx,
    {
      ...entry,
      actor: { type: 'system', id: null },
      postings: [
        { accountId: group.account_id, amount: -total },
        ...[...byAccount.entries()]
          .filter(([, amount]) => amount !== 0)
          .map(([accountId, amount]) => ({ accountId, amount })),
      ],
    },
    { tracked: new Set([group.account_id, ...byAccount.keys()]) },
  );
  return posted.transactionId;
}

/** Why a group is being closed: its last share sold, its organiser, or betting closing on its first race. */
export type CloseReason = 'filled' | 'organiser' | 'lastCall';

/**
 * Places an open group's ticket with the shares sold, or cancels the group (decision 056), in the caller's
 * transaction:
 * - every share sold: the ticket as created;
 * - fewer, set to `smaller`: cut by `cutToMoney` to what the money sold buys (cancelled when no cut fits);
 * - fewer, set to `cancel`: cancelled, every purchase refunded.
 * The group is claimed by a conditional update from open, so two closers (a filling purchase and last call, two
 * instances at last call) place it once; a closer that finds it no longer open does nothing ('organiser': refused).
 * The ticket's own BET posting moves its cost from the group's account into the pool; money sold that it does not
 * use is refunded at once, split by shares, so the account holds nothing once the ticket is placed.
 */
export async function placeOrCancel(
  trx: Transaction<Database>,
  group: Group,
  reason: CloseReason,
): Promise<BakasStatus> {
  if (group.status !== 'open') {
    if (reason === 'organiser') throw badRequest(BakasMessages.notOpen);
    return group.status;
  }
  const type = betTypeByCode(group.bet_type);
  if (!type) throw new Error(`Unknown bet type ${group.bet_type}`);
  const money = group.shares_sold * Number(group.share_price);
  const created = JSON.parse(group.selections) as number[][];
  let plan: { selections: number[][]; combinations: number; cost: number } | null =
    group.shares_sold === group.shares
      ? { selections: created, combinations: group.combinations, cost: Number(group.cost) }
      : group.shortfall === 'smaller'
        ? cutToMoney(type, created, Number(group.amount), money)
        : null;
  const race = await trx
    .selectFrom('races')
    .select(['race_no', 'status'])
    .where('id', '=', group.first_race_id)
    .executeTakeFirstOrThrow();
  if (reason === 'lastCall') {
    // Too late for its pool: the race was cancelled, or (a closer that ran late) the pool began settling.
    const settling = await trx
      .selectFrom('pool_settlements')
      .select('id')
      .where('first_race_id', '=', group.first_race_id)
      .where('bet_type', '=', group.bet_type)
      .executeTakeFirst();
    if (race.status === 'X' || race.status === 'D' || settling) plan = null;
  }
  if (!plan) {
    if (await cancelGroup(trx, group)) return 'cancelled';
    if (reason === 'organiser') throw badRequest(BakasMessages.notOpen);
    return (await groupById(trx, group.id)).status;
  }
  const placedAt = nowIso();
  const claimed = await trx
    .updateTable('bakas_groups')
    .set({ status: 'placed', placed_at: placedAt, closed_at: placedAt })
    .where('id', '=', group.id)
    .where('status', '=', 'open')
    .returning('id')
    .executeTakeFirst();
  if (!claimed) {
    if (reason === 'organiser') throw badRequest(BakasMessages.notOpen);
    return (await groupById(trx, group.id)).status;
  }
  const ticket = await placeHeldTicket(trx, {
    playerId: group.organiser_id,
    holderAccountId: group.account_id,
    eventId: group.event_id,
    firstRaceId: group.first_race_id,
    firstRaceNo: race.race_no,
    betType: group.bet_type,
    selections: plan.selections,
    amount: Number(group.amount),
    combinations: plan.combinations,
    total: plan.cost,
  });
  const unused = money - plan.cost;
  if (unused > 0) {
    const purchases = await livePurchases(trx, group.id);
    const parts = splitByShares(
      unused,
      purchases.map((purchase) => ({ shares: purchase.shares, firstShareSeq: purchase.first_share_seq })),
    );
    await payMembers(trx, group, purchases, parts, {
      kind: 'BAKAS_REFUND',
      description: `Refund of money unused by the smaller group ticket ${group.code}`,
      metadata: { bakas: group.code, title: group.title, unused },
    });
    for (const [index, purchase] of purchases.entries()) {
      await trx
        .updateTable('bakas_members')
        .set({ refunded: parts[index] ?? 0 })
        .where('id', '=', purchase.id)
        .execute();
    }
  }
  await trx
    .updateTable('bakas_groups')
    .set({
      ticket_id: ticket.ticketId,
      cut: plan.cost < Number(group.cost) ? 1 : 0,
      unused_refunded: unused,
    })
    .where('id', '=', group.id)
    .execute();
  return 'placed';
}

/** Members by player, in the order of their first share, with their money in the group. */
function membersOf(
  rows: readonly {
    player_id: number;
    first_name: string;
    shares: number;
    paid: number;
    refunded: number;
    payout: number | null;
  }[],
): Map<number, BakasMember> {
  const byPlayer = new Map<number, BakasMember>();
  for (const row of rows) {
    const held = byPlayer.get(row.player_id) ?? {
      firstName: row.first_name,
      shares: 0,
      paid: 0,
      refunded: 0,
      stake: 0,
      payout: null,
    };
    held.shares += row.shares;
    held.paid += Number(row.paid);
    held.refunded += Number(row.refunded);
    held.stake = held.paid - held.refunded;
    if (row.payout !== null) held.payout = (held.payout ?? 0) + Number(row.payout);
    byPlayer.set(row.player_id, held);
  }
  return byPlayer;
}

/** The group as its link shows it to `viewerId`: members by first name, in the order they bought. */
async function viewOf(
  db: Kysely<Database> | Transaction<Database>,
  group: Group,
  viewerId: number,
): Promise<BakasGroup> {
  const [view] = await viewsOf(db, [group], viewerId);
  if (!view) throw notFound(BakasMessages.notFound);
  return publicView(view);
}

/** Several groups as `viewerId` sees them (null: staff, who see everyone's money alike). */
export async function viewsOf(
  db: Kysely<Database> | Transaction<Database>,
  groups: readonly Group[],
  viewerId: number | null,
): Promise<(BakasGroup & { memberRows: Map<number, BakasMember> })[]> {
  if (groups.length === 0) return [];
  const ids = groups.map((group) => group.id);
  const [organisers, members, races, tickets] = await Promise.all([
    db
      .selectFrom('players')
      .select(['id', 'first_name'])
      .where(
        'id',
        'in',
        groups.map((group) => group.organiser_id),
      )
      .execute(),
    db
      .selectFrom('bakas_members as m')
      .innerJoin('players as p', 'p.id', 'm.player_id')
      .select(['m.group_id', 'm.player_id', 'p.first_name', 'm.shares', 'm.paid', 'm.refunded', 'm.payout'])
      .where('m.group_id', 'in', ids)
      .orderBy('m.first_share_seq')
      .execute(),
    db
      .selectFrom('races as r')
      .innerJoin('game_events as e', 'e.id', 'r.event_id')
      .select(['r.id', 'r.race_no', 'r.start_time', 'e.name'])
      .where(
        'r.id',
        'in',
        groups.map((group) => group.first_race_id),
      )
      .execute(),
    db
      .selectFrom('bet_tickets')
      .select(['id', 'ticket_no', 'selections', 'combinations', 'total', 'status', 'created_at', 'winnings_tax'])
      .where('id', 'in', groups.flatMap((group) => (group.ticket_id === null ? [] : [group.ticket_id])).concat([0]))
      .execute(),
  ]);
  const organiserName = new Map(organisers.map((row) => [row.id, row.first_name]));
  const raceOf = new Map(races.map((row) => [row.id, row]));
  const ticketOf = new Map(tickets.map((row) => [row.id, row]));
  return groups.map((group) => {
    const memberRows = membersOf(members.filter((row) => row.group_id === group.id));
    const race = raceOf.get(group.first_race_id);
    const ticket = group.ticket_id === null ? undefined : ticketOf.get(group.ticket_id);
    const yours = viewerId === null ? undefined : memberRows.get(viewerId);
    return {
      code: group.code,
      title: group.title,
      organiser: organiserName.get(group.organiser_id) ?? '',
      eventId: group.event_id,
      raceId: group.first_race_id,
      betType: group.bet_type,
      selections: JSON.parse(group.selections) as number[][],
      amount: Number(group.amount),
      combinations: group.combinations,
      cost: Number(group.cost),
      shares: group.shares,
      sharePrice: Number(group.share_price),
      sharesSold: group.shares_sold,
      sharesLeft: group.shares - group.shares_sold,
      feePercent: group.fee_percent,
      shortfall: group.shortfall,
      status: group.status,
      members: [...memberRows.values()],
      yourShares: yours?.shares ?? 0,
      yourStake: yours?.stake ?? 0,
      yourPayout: yours?.payout ?? null,
      isOrganiser: viewerId === group.organiser_id,
      closesAt: race?.start_time ?? null,
      raceNo: race?.race_no ?? 0,
      eventName: race?.name ?? '',
      createdAt: group.created_at,
      ticket: ticket
        ? {
            ticketNo: ticket.ticket_no,
            selections: JSON.parse(ticket.selections) as number[][],
            combinations: ticket.combinations,
            cost: Number(ticket.total),
            cut: group.cut === 1,
            unusedRefunded: Number(group.unused_refunded ?? 0),
            placedAt: group.placed_at ?? ticket.created_at,
            status: ticket.status,
          }
        : null,
      settlement:
        group.status === 'settled' && ticket
          ? {
              received: Number(group.received ?? 0),
              winningsTax: Number(ticket.winnings_tax),
              fee: Number(group.fee ?? 0),
              refunded: ticket.status === 'refunded',
              settledAt: group.settled_at ?? '',
            }
          : null,
      memberRows,
    };
  });
}

/** Strips the view's internals for an answer. */
function publicView(view: BakasGroup & { memberRows?: unknown }): BakasGroup {
  const { memberRows: _m, ...group } = view;
  return group;
}

/**
 * One player operation on a group ticket under their idempotency key (scope `player:<id>:bakas-<op>`): its work
 * in one transaction, then the live share count told, unless this was a replay of a call already made.
 */
async function groupOperation(
  db: Kysely<Database>,
  playerId: number,
  operation: 'create' | 'join' | 'cancel' | 'place',
  input: { idempotencyKey: string; sessionId?: string | undefined; playerId?: number | string | undefined },
  notify: BakasNotify,
  work: (trx: Transaction<Database>) => Promise<BakasGroupResponse>,
): Promise<BakasGroupResponse> {
  const { idempotencyKey, sessionId: _s, playerId: _p, ...request } = input;
  const { body, replayed } = await runIdempotent(
    db,
    { scope: `player:${playerId}:bakas-${operation}`, key: idempotencyKey, request },
    work,
  );
  if (!replayed) notify(body.group);
  return body;
}

/** An existing group's bet checked as a bet placed now: its race (every leg) on sale, its runners running. */
async function checkStillOnSale(
  db: Kysely<Database>,
  trx: Transaction<Database>,
  group: Group,
  idempotencyKey: string,
): Promise<void> {
  const type = betTypeByCode(group.bet_type);
  if (!type) throw badRequest(BakasMessages.notOpen);
  checkBetOnCard(await eventCard(db, trx, group.event_id), type, {
    raceId: group.first_race_id,
    eventId: group.event_id,
    betType: group.bet_type,
    selections: JSON.parse(group.selections) as number[][],
    amount: Number(group.amount),
    useBonus: false,
    idempotencyKey,
  });
}

/**
 * Creates a group ticket (decision 056): the bet checked as a bet is, against the card as it is now (the race
 * or every leg open, the type offered, runners known and running, the slip's rules), its cost divided exactly
 * into the shares, then the organiser's own shares bought, all in one transaction under the organiser's
 * idempotency key.
 */
export async function createBakas(
  db: Kysely<Database>,
  hooks: BakasHookRunner,
  playerId: number,
  input: BakasCreateInput,
  notify: BakasNotify = silent,
): Promise<BakasGroupResponse> {
  const { idempotencyKey } = input;
  const type = betTypeByCode(input.betType);
  if (!type) throw badRequest(BetMessages.pickEveryPosition);
  return groupOperation(db, playerId, 'create', input, notify, async (trx) => {
    const card = await eventCard(db, trx, input.eventId);
    const { first, checked } = checkBetOnCard(card, type, {
      raceId: input.raceId,
      eventId: input.eventId,
      betType: input.betType,
      selections: input.selections,
      amount: input.amount,
      useBonus: false,
      idempotencyKey,
    });
    const price = sharePrice(checked.total, input.shares);
    if (price === null) throw badRequest(BakasMessages.sharesDoNotDivide);
    if (input.organiserShares > input.shares) throw badRequest(BakasMessages.notEnoughShares(input.shares));

    const code = newCode();
    const createdAt = nowIso();
    const account = await trx
      .insertInto('accounts')
      .values({
        code: bakasAccountCode(code),
        kind: 'house',
        player_id: null,
        may_go_negative: 0,
        tracks_balance: 1,
        created_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const inserted = await trx
      .insertInto('bakas_groups')
      .values({
        code,
        organiser_id: playerId,
        event_id: input.eventId,
        first_race_id: first.id,
        bet_type: type.code,
        selections: JSON.stringify(input.selections),
        amount: input.amount,
        combinations: checked.combinations,
        cost: checked.total,
        shares: input.shares,
        share_price: price,
        title: input.title,
        fee_percent: input.feePercent,
        shortfall: input.shortfall,
        status: 'open',
        account_id: account.id,
        ticket_id: null,
        created_at: createdAt,
        closed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const group = await groupById(trx, inserted.id);
    const { creditBalance } = await buyShares(trx, hooks, group, playerId, input.organiserShares);
    const now = await groupByCode(trx, code);
    return { statusCode: 200 as const, group: await viewOf(trx, now, playerId), creditBalance };
  });
}

/**
 * Buys shares of a group ticket from its link, under the buyer's idempotency key: refused once its race's
 * betting has closed, when the group is no longer open, or when fewer shares are left than asked
 * ('All shares are sold.' when none); nothing is debited then. The purchase of the last share places the ticket.
 */
export async function joinBakas(
  db: Kysely<Database>,
  hooks: BakasHookRunner,
  playerId: number,
  input: BakasJoinInput,
  notify: BakasNotify = silent,
): Promise<BakasGroupResponse> {
  return groupOperation(db, playerId, 'join', input, notify, async (trx) => {
    const group = await groupByCode(trx, input.code);
    if (group.shares_sold >= group.shares) throw badRequest(BakasMessages.allSharesSold);
    if (group.status !== 'open') throw badRequest(BakasMessages.notOpen);
    await checkStillOnSale(db, trx, group, input.idempotencyKey);
    const { creditBalance } = await buyShares(trx, hooks, group, playerId, input.shares);
    return {
      statusCode: 200 as const,
      group: await viewOf(trx, await groupByCode(trx, input.code), playerId),
      creditBalance,
    };
  });
}

/**
 * Cancels an open group ticket (its organiser, or the last call of a group set to cancel): the group is
 * closed by a conditional update, then each purchase is refunded what it paid from the holding account, one
 * balanced transaction each, so the account ends at zero.
 */
export async function cancelGroup(trx: Transaction<Database>, group: Group): Promise<boolean> {
  const closed = await trx
    .updateTable('bakas_groups')
    .set({ status: 'cancelled', closed_at: nowIso() })
    .where('id', '=', group.id)
    .where('status', '=', 'open')
    .returning('id')
    .executeTakeFirst();
  // Another closer (a filling purchase, last call on another instance) got there first.
  if (!closed) return false;
  const purchases = await trx
    .selectFrom('bakas_members as m')
    .innerJoin('accounts as a', (join) =>
      join.onRef('a.player_id', '=', 'm.player_id').on('a.kind', '=', 'player_credit'),
    )
    .select(['m.id', 'm.player_id', 'm.paid', 'm.shares', 'a.id as credit_id'])
    .where('m.group_id', '=', group.id)
    .where('m.refund_transaction_id', 'is', null)
    .orderBy('m.id')
    .execute();
  for (const purchase of purchases) {
    const paid = Number(purchase.paid);
    const refund = await recordTransaction(
      trx,
      {
        kind: 'BAKAS_REFUND',
        description: `Refund of ${purchase.shares} share${purchase.shares === 1 ? '' : 's'} of cancelled group ticket ${group.code}`,
        actor: { type: 'system', id: null },
        metadata: { bakas: group.code, title: group.title, purchase: purchase.id },
        postings: [
          { accountId: group.account_id, amount: -paid },
          { accountId: purchase.credit_id, amount: paid },
        ],
      },
      { tracked: new Set([purchase.credit_id, group.account_id]) },
    );
    await trx
      .updateTable('bakas_members')
      .set({ refund_transaction_id: refund.transactionId, refunded: paid })
      .where('id', '=', purchase.id)
      .execute();
  }
  return true;
}

/** The organiser cancels their open group ticket, under their idempotency key; every member is refunded. */
export async function cancelBakas(
  db: Kysely<Database>,
  playerId: number,
  input: BakasCancelInput,
  notify: BakasNotify = silent,
): Promise<BakasGroupResponse> {
  return groupOperation(db, playerId, 'cancel', input, notify, async (trx) => {
    const group = await groupByCode(trx, input.code);
    if (group.organiser_id !== playerId) throw forbidden(BakasMessages.onlyOrganiser);
    if (!(await cancelGroup(trx, group))) throw badRequest(BakasMessages.notOpen);
    return {
      statusCode: 200 as const,
      group: await viewOf(trx, await groupByCode(trx, input.code), playerId),
      creditBalance: await creditOf(trx, playerId),
    };
  });
}

/**
 * The organiser places their open group ticket now, under their idempotency key, with the shares sold: the
 * ticket as created when every share sold, else smaller or cancelled as they chose. Betting must still be open
 * on it, as for a bet placed now.
 */
export async function placeBakas(
  db: Kysely<Database>,
  playerId: number,
  input: BakasPlaceInput,
  notify: BakasNotify = silent,
): Promise<BakasGroupResponse> {
  return groupOperation(db, playerId, 'place', input, notify, async (trx) => {
    const group = await groupByCode(trx, input.code);
    if (group.organiser_id !== playerId) throw forbidden(BakasMessages.onlyOrganiser);
    if (group.status !== 'open') throw badRequest(BakasMessages.notOpen);
    await checkStillOnSale(db, trx, group, input.idempotencyKey);
    await placeOrCancel(trx, group, 'organiser');
    return {
      statusCode: 200 as const,
      group: await viewOf(trx, await groupByCode(trx, input.code), playerId),
      creditBalance: await creditOf(trx, playerId),
    };
  });
}

/**
 * Last call (decision 056): every group still open whose first race (first leg) no longer takes bets is placed
 * with the shares sold, or cancelled, each in its own transaction. Safe to run on any instance, any number of
 * times: each group is claimed once by its conditional update. `raceId`: only that race's groups.
 */
export async function closeGroupsAtLastCall(
  db: Kysely<Database>,
  notify: BakasNotify = silent,
  raceId?: number,
): Promise<number> {
  const due = await db
    .selectFrom('bakas_groups as g')
    .innerJoin('races as r', 'r.id', 'g.first_race_id')
    .select(['g.id', 'r.status'])
    .where('g.status', '=', 'open')
    .$if(raceId !== undefined, (query) => query.where('g.first_race_id', '=', raceId ?? 0))
    .orderBy('g.id')
    .execute();
  let closed = 0;
  let failure: unknown = null;
  for (const row of due) {
    if (isBettingOpen(row.status)) continue;
    // One group's failure (a database hiccup) never keeps the others open; the first is thrown at the end, and the
    // next run (the leader's at start, a viewer's `get`) closes what is left.
    try {
      const group = await db.transaction().execute(async (trx) => {
        const now = await groupById(trx, row.id);
        await placeOrCancel(trx, now, 'lastCall');
        return groupById(trx, row.id);
      });
      if (group.status !== 'open') {
        closed += 1;
        notify(changeOf(group));
      }
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure !== null) throw failure;
  return closed;
}

/** A group ticket from its link, for any signed-in player (a group its last call missed is closed first). */
export async function getBakas(db: Kysely<Database>, playerId: number, code: string): Promise<BakasGroupResponse> {
  let group = await groupByCode(db, code);
  if (group.status === 'open') {
    const race = await db.selectFrom('races').select('status').where('id', '=', group.first_race_id).executeTakeFirst();
    if (race && !isBettingOpen(race.status)) {
      // Shown as it is if closing fails now: the leader's next run closes it.
      await closeGroupsAtLastCall(db, silent, group.first_race_id).catch(() => 0);
      group = await groupByCode(db, code);
    }
  }
  return { statusCode: 200, group: await viewOf(db, group, playerId) };
}

/** The player's group tickets (any share bought), newest first. */
export async function myGroups(db: Kysely<Database>, playerId: number, limit = 50) {
  const groups = await db
    .selectFrom('bakas_groups')
    .selectAll()
    .where((eb) => eb('id', 'in', eb.selectFrom('bakas_members').select('group_id').where('player_id', '=', playerId)))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return {
    statusCode: 200 as const,
    groups: (await viewsOf(db, groups, playerId)).map(publicView),
  };
}
