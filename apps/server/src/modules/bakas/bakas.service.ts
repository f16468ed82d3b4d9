import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import {
  betTypeByCode,
  BakasMessages,
  BetMessages,
  sharePrice,
  StatusCode,
  type BakasCancelInput,
  type BakasCreateInput,
  type BakasGroup,
  type BakasGroupResponse,
  type BakasJoinInput,
} from '@karera/shared';
import type { BakasGroupsTable, Database } from '../../db/schema.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { runIdempotent } from '../../lib/idempotency.ts';
import { nowIso } from '../../lib/time.ts';
import { checkBetOnCard, eventCard, type BetHooks } from '../betting/index.ts';
import { InsufficientFundsError, recordTransaction } from '../wallet/index.ts';
import type { HookRunner } from '../../lib/tx-hooks.ts';

/** What the module needs from the app: the bet hook its members' purchases run (responsible gaming). */
export type BakasHookRunner = HookRunner<BetHooks>;

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

/**
 * Buys `shares` of an open group for a player, in the caller's transaction: the player's limits and breaks
 * first, as for a bet of their own (the `bet.placing` hook); then the shares, claimed by one conditional update
 * that can never take the group past its shares (concurrent buyers queue on the group's row, and a late one
 * finds nothing left); then the price, from credit only, into the group's holding account.
 */
async function buyShares(
  trx: Transaction<Database>,
  hooks: BakasHookRunner,
  group: Group,
  playerId: number,
  shares: number,
): Promise<{ creditBalance: number }> {
  const paid = shares * Number(group.share_price);
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
    if (now.status !== 'open') throw badRequest(BakasMessages.notOpen);
    const left = now.shares - now.shares_sold;
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
        metadata: { bakas: group.code, shares, firstShareSeq },
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
  return { creditBalance: posted.balances.get(credit.id) ?? 0 };
}

/** The group as its link shows it to `viewerId`: members by first name, in the order they bought. */
async function viewOf(
  db: Kysely<Database> | Transaction<Database>,
  group: Group,
  viewerId: number,
): Promise<BakasGroup> {
  const [organiser, members] = await Promise.all([
    db.selectFrom('players').select('first_name').where('id', '=', group.organiser_id).executeTakeFirstOrThrow(),
    db
      .selectFrom('bakas_members as m')
      .innerJoin('players as p', 'p.id', 'm.player_id')
      .select(['m.player_id', 'p.first_name', 'm.shares', 'm.first_share_seq'])
      .where('m.group_id', '=', group.id)
      .orderBy('m.first_share_seq')
      .execute(),
  ]);
  const byPlayer = new Map<number, { firstName: string; shares: number }>();
  for (const member of members) {
    const held = byPlayer.get(member.player_id) ?? { firstName: member.first_name, shares: 0 };
    held.shares += member.shares;
    byPlayer.set(member.player_id, held);
  }
  return {
    code: group.code,
    title: group.title,
    organiser: organiser.first_name,
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
    members: [...byPlayer.values()],
    yourShares: byPlayer.get(viewerId)?.shares ?? 0,
  };
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
): Promise<BakasGroupResponse> {
  const { idempotencyKey, sessionId: _s, playerId: _p, ...request } = input;
  const type = betTypeByCode(input.betType);
  if (!type) throw badRequest(BetMessages.pickEveryPosition);
  const { body } = await runIdempotent(
    db,
    { scope: `player:${playerId}:bakas-create`, key: idempotencyKey, request },
    async (trx) => {
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
      const group = await trx
        .selectFrom('bakas_groups')
        .selectAll()
        .where('id', '=', inserted.id)
        .executeTakeFirstOrThrow();
      const { creditBalance } = await buyShares(trx, hooks, group, playerId, input.organiserShares);
      const now = await groupByCode(trx, code);
      return { statusCode: 200 as const, group: await viewOf(trx, now, playerId), creditBalance };
    },
  );
  return body;
}

/**
 * Buys shares of a group ticket from its link, under the buyer's idempotency key: refused once its race's
 * betting has closed, when the group is no longer open, or when fewer shares are left than asked
 * ('All shares are sold.' when none); nothing is debited then.
 */
export async function joinBakas(
  db: Kysely<Database>,
  hooks: BakasHookRunner,
  playerId: number,
  input: BakasJoinInput,
): Promise<BakasGroupResponse> {
  const { idempotencyKey, sessionId: _s, playerId: _p, ...request } = input;
  const { body } = await runIdempotent(
    db,
    { scope: `player:${playerId}:bakas-join`, key: idempotencyKey, request },
    async (trx) => {
      const group = await groupByCode(trx, input.code);
      if (group.status !== 'open') throw badRequest(BakasMessages.notOpen);
      if (group.shares_sold >= group.shares) throw badRequest(BakasMessages.allSharesSold);
      const type = betTypeByCode(group.bet_type);
      if (!type) throw badRequest(BakasMessages.notOpen);
      // Its race (every leg) must still be on sale, its runners running, as for a bet placed now.
      checkBetOnCard(await eventCard(db, trx, group.event_id), type, {
        raceId: group.first_race_id,
        eventId: group.event_id,
        betType: group.bet_type,
        selections: JSON.parse(group.selections) as number[][],
        amount: Number(group.amount),
        useBonus: false,
        idempotencyKey,
      });
      const { creditBalance } = await buyShares(trx, hooks, group, playerId, input.shares);
      return {
        statusCode: 200 as const,
        group: await viewOf(trx, await groupByCode(trx, input.code), playerId),
        creditBalance,
      };
    },
  );
  return body;
}

/**
 * Cancels an open group ticket (its organiser, or the last call of a group set to cancel): the group is
 * closed by a conditional update, then each purchase is refunded what it paid from the holding account, one
 * balanced transaction each, so the account ends at zero.
 */
export async function cancelGroup(trx: Transaction<Database>, group: Group): Promise<void> {
  const closed = await trx
    .updateTable('bakas_groups')
    .set({ status: 'cancelled', closed_at: nowIso() })
    .where('id', '=', group.id)
    .where('status', '=', 'open')
    .returning('id')
    .executeTakeFirst();
  if (!closed) throw badRequest(BakasMessages.notOpen);
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
        metadata: { bakas: group.code, purchase: purchase.id },
        postings: [
          { accountId: group.account_id, amount: -paid },
          { accountId: purchase.credit_id, amount: paid },
        ],
      },
      { tracked: new Set([purchase.credit_id, group.account_id]) },
    );
    await trx
      .updateTable('bakas_members')
      .set({ refund_transaction_id: refund.transactionId })
      .where('id', '=', purchase.id)
      .execute();
  }
}

/** The organiser cancels their open group ticket, under their idempotency key; every member is refunded. */
export async function cancelBakas(
  db: Kysely<Database>,
  playerId: number,
  input: BakasCancelInput,
): Promise<BakasGroupResponse> {
  const { idempotencyKey, sessionId: _s, playerId: _p, ...request } = input;
  const { body } = await runIdempotent(
    db,
    { scope: `player:${playerId}:bakas-cancel`, key: idempotencyKey, request },
    async (trx) => {
      const group = await groupByCode(trx, input.code);
      if (group.organiser_id !== playerId) throw forbidden(BakasMessages.onlyOrganiser);
      await cancelGroup(trx, group);
      const credit = await trx
        .selectFrom('accounts')
        .select('balance')
        .where('player_id', '=', playerId)
        .where('kind', '=', 'player_credit')
        .executeTakeFirstOrThrow();
      return {
        statusCode: 200 as const,
        group: await viewOf(trx, await groupByCode(trx, input.code), playerId),
        creditBalance: Number(credit.balance),
      };
    },
  );
  return body;
}

/** A group ticket from its link, for any signed-in player. */
export async function getBakas(db: Kysely<Database>, playerId: number, code: string): Promise<BakasGroupResponse> {
  return { statusCode: 200, group: await viewOf(db, await groupByCode(db, code), playerId) };
}
