import { randomFillSync } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  betTypeByCode,
  type BetTypeDefinition,
  BetMessages,
  checkBet,
  countCombinations,
  formatPicks,
  fundBet,
  legRaceNumbers,
  poolAccountCode,
  poolSale,
  StatusCode,
  type BakasShareOfTicket,
  type BetHistoryResponse,
  type BetHistoryTicket,
  type BetOfLine,
  type BetReceipt,
  type PlaceBetInput,
  type RefundReason,
  type TicketLeg,
  type WinningsTaxRule,
} from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { runIdempotent } from '../../lib/idempotency.ts';
import { nowIso } from '../../lib/time.ts';
import { InsufficientFundsError, recordTransaction, type PostedTransaction } from '../wallet/index.ts';
import { statement } from '../../db/statement.ts';
import { eventCard, type EventCard } from './event-card.ts';
import { legsOfTickets } from './ticket-legs.ts';
import { poolWinningsTaxOf } from './pool-winnings-tax.ts';
import { runnersOfRows } from '../tote/index.ts';
import type { BetBatcher } from './bet-batcher.ts';
import type { BetHookRunner } from './bet-hooks.ts';

export const BetRefusals = {
  raceNotFound: 'This race is not on the card.',
  typeNotOffered: 'This bet type is not offered for this race.',
  closed: (raceNo: number) => `Betting is closed for race ${raceNo}.`,
  missingLeg: 'This bet needs more races than the card has left.',
  unknownRunner: (runnerNo: number, raceNo: number) => `Runner ${runnerNo} is not in race ${raceNo}.`,
  scratched: (runnerNo: number) => `Runner ${runnerNo} is scratched.`,
} as const;

const insufficient = () => new AppError(409, StatusCode.INSUFFICIENT_BALANCE, BetMessages.insufficientBalance);

const TICKET_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const TICKET_NO_LENGTH = 12;
/**
 * Random bytes for ticket numbers, fetched from the system's generator for 128 tickets at a time: one
 * call for each ticket cost about 10 µs, a few percent of a bet, under a rush.
 */
const ticketRandomness = Buffer.alloc(TICKET_NO_LENGTH * 128);
let ticketRandomnessUsed = ticketRandomness.length;

/** 12 characters, no look-alikes (0/O, 1/I): easy to read out to an agent. */
export function newTicketNo(): string {
  if (ticketRandomnessUsed + TICKET_NO_LENGTH > ticketRandomness.length) {
    randomFillSync(ticketRandomness);
    ticketRandomnessUsed = 0;
  }
  const bytes = ticketRandomness.subarray(ticketRandomnessUsed, ticketRandomnessUsed + TICKET_NO_LENGTH);
  ticketRandomnessUsed += TICKET_NO_LENGTH;
  let ticketNo = '';
  // 32 letters: the low five bits of a random byte pick one without bias.
  for (const byte of bytes) ticketNo += TICKET_ALPHABET[byte & 31];
  return ticketNo;
}

/**
 * Pool account ids by code, per database. Accounts are never deleted and their ids never change, so
 * once a pool account is committed its id can be remembered; only committed ones are put here.
 */
const committedPoolAccounts = new WeakMap<Kysely<Database>, Map<string, number>>();

function poolAccountsOf(db: Kysely<Database>): Map<string, number> {
  let known = committedPoolAccounts.get(db);
  if (!known) {
    known = new Map();
    committedPoolAccounts.set(db, known);
  }
  return known;
}

const insertPoolAccount = statement<never>(
  "insert into accounts (code, kind, player_id, may_go_negative, tracks_balance, created_at) values (?, 'house', null, 1, 0, ?)" +
    ' on conflict (code) do nothing',
);
const selectPoolAccount = statement<{ id: number; tracks_balance: number }>(
  'select id, tracks_balance from accounts where code = ?',
);

/** The pool of a race and bet type: a ledger account whose balance is its postings (no hot row). */
export async function poolAccountId(trx: Transaction<Database>, code: string): Promise<number> {
  await insertPoolAccount(trx, [code, nowIso()]);
  const [pool] = await selectPoolAccount(trx, [code]);
  if (!pool) throw new Error(`Ledger account missing: ${code}`);
  // The pool is debited without a look at its row (recordTransaction's `untracked`): it must be one that keeps no balance.
  if (Number(pool.tracks_balance) !== 0) throw new Error(`Pool account ${code} keeps a balance on its row.`);
  return Number(pool.id);
}

const selectWallet = statement<{ id: number; kind: string; balance: number; tracks_balance: number }>(
  'select id, kind, balance, tracks_balance from accounts' +
    " where player_id = ? and kind in ('player_credit', 'player_bonus')",
);

/** The player's credit and bonus accounts with their balances, in one read. */
async function playerWallet(trx: Transaction<Database>, playerId: number) {
  const rows = await selectWallet(trx, [playerId]);
  const credit = rows.find((row) => row.kind === 'player_credit');
  const bonus = rows.find((row) => row.kind === 'player_bonus');
  if (!credit || !bonus) throw new Error(`Ledger accounts missing for player ${playerId}`);
  // Debited by a conditional update of the balance on their rows (recordTransaction's `tracked`).
  if (Number(credit.tracks_balance) !== 1 || Number(bonus.tracks_balance) !== 1) {
    throw new Error(`Wallet accounts of player ${playerId} keep no balance on their rows.`);
  }
  return {
    credit: { id: Number(credit.id), balance: Number(credit.balance) },
    bonus: { id: Number(bonus.id), balance: Number(bonus.balance) },
  };
}

const insertTicket = statement<never>(
  'insert into bet_tickets (ticket_no, player_id, event_id, first_race_id, bet_type, amount, combinations, total,' +
    ' from_credit, from_bonus, selections, debit_transaction_id, settlement_transaction_id, status, created_at)' +
    " values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, null, 'open', ?)",
);

/** What a bet checked against the card and the slip rules is placed as. */
export interface CheckedBet {
  /** The pool's first (or only) race, with its post time and race day where the card has them. */
  first: { id: number; race_no: number; start_time?: string; event_name?: string; race_date?: string };
  raceNumbers: number[];
  checked: { combinations: number; total: number };
}

/**
 * Every rule of a bet that depends on the card (docs/product/betting.md#slip-rules-and-refusals: the race is on it,
 * offers the type, every leg is on sale, every runner is known and running) and the slip's own rules (`checkBet`), in
 * the order they are answered. Throws the refusal. Shared by SQLite's placement and PostgreSQL's
 * (pg-bet-placement.ts), which checks against a card it keeps while its version stays current.
 */
export function checkBetOnCard(card: EventCard, type: BetTypeDefinition, input: PlaceBetInput): CheckedBet {
  const first = card.raceById.get(input.raceId);
  if (!first) throw badRequest(BetRefusals.raceNotFound);
  if (!card.offeredTypes.get(first.id)?.has(type.code)) throw badRequest(BetRefusals.typeNotOffered);

  const raceNumbers = legRaceNumbers(type, first.race_no);
  const legs = raceNumbers.map((no) => card.raceByNo.get(no));
  const sale = poolSale(legs.map((leg) => leg?.status));
  if (!sale.open) {
    throw badRequest(
      sale.reason === 'missingLeg' ? BetRefusals.missingLeg : BetRefusals.closed(raceNumbers[sale.leg] ?? 0),
    );
  }
  const legRaces = legs.filter((leg): leg is NonNullable<typeof leg> => leg !== undefined);

  const checked = checkBet(type, input.selections, input.amount);
  if (!checked.ok) throw badRequest(checked.message);

  for (const [index, picks] of input.selections.entries()) {
    const race = type.raceType === 'single' ? legRaces[0] : legRaces[index];
    if (!race) throw badRequest(BetRefusals.missingLeg);
    const numbers = card.runnerNumbers.get(race.id);
    for (const runnerNo of picks) {
      const allScratched = numbers?.get(runnerNo);
      if (allScratched === undefined) throw badRequest(BetRefusals.unknownRunner(runnerNo, race.race_no));
      if (allScratched) throw badRequest(BetRefusals.scratched(runnerNo));
    }
  }
  return { first, raceNumbers, checked: checked.value };
}

/**
 * The receipt of a placed bet up to its balances, which the debit decides; with the tax its pool will
 * withhold from a win (pool-winnings-tax.ts), which the receipt states.
 */
export function receiptBeforeBalances(
  type: BetTypeDefinition,
  input: PlaceBetInput,
  bet: CheckedBet,
  ticketNo: string,
  winningsTax: WinningsTaxRule,
): Omit<BetReceipt, 'creditBalance' | 'bonusBalance'> {
  return {
    statusCode: 200 as const,
    ticket_no: ticketNo,
    total_amount: bet.checked.total,
    raceId: bet.first.id,
    betDetails: {
      type: type.code,
      picks: formatPicks(type.raceType, input.selections),
      amount: input.amount,
      combinations: bet.checked.combinations,
      raceNumbers: bet.raceNumbers,
    },
    ...raceOfReceipt(bet.first),
    winningsTax,
  };
}

/** The race the receipt names (number, race day, post time), from the card the bet was checked against. */
function raceOfReceipt(first: CheckedBet['first']): Pick<BetReceipt, 'race'> {
  const { start_time: postTime, event_name: eventName, race_date: raceDate } = first;
  if (postTime === undefined || eventName === undefined || raceDate === undefined) return {};
  return { race: { raceNo: first.race_no, eventName, raceDate, postTime } };
}

/** The BET ledger transaction's description and metadata. */
export function betLedgerText(type: BetTypeDefinition, bet: CheckedBet, ticketNo: string) {
  return {
    description: `${type.name} race ${bet.raceNumbers.join('/')} ticket ${ticketNo}`,
    metadata: { ticketNo, raceId: bet.first.id, betType: type.code },
  };
}

/**
 * Places a bet: every rule of docs/product/betting.md#slip-rules-and-refusals checked against the card as it is now,
 * then one database transaction that debits credit and/or bonus into the race's pool, writes the ticket, and stores the
 * receipt under the player's idempotency key (a retry returns the same receipt and never debits twice).
 * With a batcher, that transaction is shared with the bets placed at the same moment (group commit,
 * docs/decisions/007-group-commit.md); the answer comes after the shared commit either way.
 */
export async function placeBet(
  db: Kysely<Database>,
  playerId: number,
  input: PlaceBetInput,
  hooks: BetHookRunner,
  batcher?: BetBatcher,
): Promise<BetReceipt> {
  return (await placeBetAnswering(db, playerId, input, hooks, batcher)).receipt;
}

/** A placed bet's receipt, and the JSON text it is stored as under its key: the answer, as the player gets it. */
export interface PlacedBetAnswer {
  receipt: BetReceipt;
  text: string;
}

/** {@link placeBet}, answering the receipt's stored JSON text too, so the answer is never written out twice. */
export async function placeBetAnswering(
  db: Kysely<Database>,
  playerId: number,
  input: PlaceBetInput,
  hooks: BetHookRunner,
  batcher?: BetBatcher,
): Promise<PlacedBetAnswer> {
  const { idempotencyKey, sessionId: _s, playerId: _p, ...request } = input;
  const type = betTypeByCode(input.betType);
  if (!type) throw badRequest(BetRefusals.typeNotOffered);
  const knownPools = poolAccountsOf(db);
  let usedPool: { code: string; id: number } | undefined;

  const { body, replayed, text } = await runIdempotent(
    db,
    { scope: `player:${playerId}:bet`, key: idempotencyKey, request },
    async (trx) => {
      const { first, raceNumbers, checked } = checkBetOnCard(await eventCard(db, trx, input.eventId), type, input);
      // What may refuse it, in this transaction (responsible gaming: a break, the stake per bet, the net-loss limits).
      await hooks.run('bet.placing', trx, { playerId, total: checked.total });

      const wallet = await playerWallet(trx, playerId);
      if (input.useBonus && wallet.bonus.balance <= 0) throw badRequest(BetMessages.noBonusBalance);
      const funding = fundBet(
        checked.total,
        { credit: wallet.credit.balance, bonus: wallet.bonus.balance },
        input.useBonus,
      );
      if (!funding) throw insufficient();

      const poolCode = poolAccountCode({ firstRaceId: first.id, betType: type.code });
      const pool = knownPools.get(poolCode) ?? (await poolAccountId(trx, poolCode));
      usedPool = { code: poolCode, id: pool };
      const postings = [{ accountId: pool, amount: checked.total }];
      if (funding.fromCredit > 0) postings.push({ accountId: wallet.credit.id, amount: -funding.fromCredit });
      if (funding.fromBonus > 0) postings.push({ accountId: wallet.bonus.id, amount: -funding.fromBonus });
      const ticketNo = newTicketNo();
      const bet = { first, raceNumbers, checked };
      const winningsTax = await poolWinningsTaxOf(db, trx, { firstRaceId: first.id, betType: type.code });
      let posted: PostedTransaction;
      try {
        posted = await recordTransaction(
          trx,
          { kind: 'BET', ...betLedgerText(type, bet, ticketNo), actor: { type: 'player', id: playerId }, postings },
          { untracked: new Set([pool]), tracked: new Set([wallet.credit.id, wallet.bonus.id]) },
        );
      } catch (error) {
        // Another bet spent the balance between our read and our debit: the conditional update caught it.
        if (error instanceof InsufficientFundsError) throw insufficient();
        throw error;
      }
      await insertTicket(trx, [
        ticketNo,
        playerId,
        input.eventId,
        first.id,
        type.code,
        input.amount,
        checked.combinations,
        checked.total,
        funding.fromCredit,
        funding.fromBonus,
        JSON.stringify(input.selections),
        posted.transactionId,
        nowIso(),
      ]);
      await hooks.run('bets.placed', trx, { playerIds: [playerId] });
      const balanceOf = (account: { id: number; balance: number }) =>
        posted.balances.get(account.id) ?? account.balance;
      return {
        ...receiptBeforeBalances(type, input, bet, ticketNo, winningsTax),
        creditBalance: balanceOf(wallet.credit),
        bonusBalance: balanceOf(wallet.bonus),
      } satisfies BetReceipt;
    },
    batcher ? (work) => batcher.run(playerId, work) : undefined,
  );
  // Our transaction committed, so the pool account it used (perhaps created) is there for good.
  if (!replayed && usedPool) knownPools.set(usedPool.code, usedPool.id);
  return { receipt: body, text };
}

/** What settlement wrote on a ticket beyond its amounts (apps/server/src/modules/tote/payouts.ts). */
interface SettlementDetails {
  substitutions?: { leg: number; scratched: number; favourite: number }[];
  /** The bonus stake inside a winning payout, not returned (decision 016). */
  bonusStakeRetained?: number;
}

const detailsOf = (details: string | null): SettlementDetails =>
  details ? (JSON.parse(details) as SettlementDetails) : {};

/** Scratched picks the settlement replaced with the leg's favourite, by race number. */
function substitutionsOf(
  details: SettlementDetails,
  raceNumbers: readonly number[],
): BetHistoryTicket['substitutions'] {
  return (details.substitutions ?? []).map((s) => ({
    raceNo: raceNumbers[s.leg] ?? 0,
    scratched: s.scratched,
    favourite: s.favourite,
  }));
}

/** The scratched runner numbers of the given races (a coupled entry only when all of it is). */
async function scratchedOfRaces(db: Kysely<Database>, raceIds: readonly number[]): Promise<Map<number, number[]>> {
  const ids = [...new Set(raceIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('runners')
    .select(['race_id', 'runner_no', 'status', 'odds'])
    .where('race_id', 'in', ids)
    .execute();
  return new Map(
    ids.map((id) => [
      id,
      runnersOfRows(rows.filter((row) => row.race_id === id).map((row) => ({ ...row, odds: null }))).scratched,
    ]),
  );
}

/**
 * Why a refunded ticket got its stake back, by the rules settlement refunded it by (tote/settlePool.ts):
 * a cancelled race (or leg), picks all scratched, or, in a pool refunded whole with its races run and the
 * ticket still holding a combination, nobody having backed the winners.
 */
export function refundReasonOf(ticket: {
  type: BetTypeDefinition | undefined;
  selections: number[][];
  firstRaceStatus: string;
  poolResult: string | null;
  legs: readonly Pick<TicketLeg, 'status'>[];
  /** Scratched runners of the (first) race; read only for a single-race ticket in a refunded pool. */
  scratched: readonly number[];
}): RefundReason {
  const { type, legs } = ticket;
  const multiRace = type !== undefined && type.raceType !== 'single';
  if (multiRace ? legs.some((leg) => leg.status === 'cancelled') : ticket.firstRaceStatus === 'X') return 'cancelled';
  if (ticket.poolResult !== 'refunded' || type === undefined) return 'scratch';
  if (multiRace) return legs.some((leg) => leg.status === 'refunded') ? 'scratch' : 'noWinner';
  const scratched = new Set(ticket.scratched);
  const live = ticket.selections.map((place) => place.filter((runner) => !scratched.has(runner)));
  return countCombinations(type, live) > 0 ? 'noWinner' : 'scratch';
}

/**
 * The player's own tickets, each with its first race, its race day and its pool's result, to select from. A
 * group's ticket names its organiser but is the group's (decision 056): members see it by their shares.
 */
function playerTickets(db: Kysely<Database>, playerId: number) {
  return db
    .selectFrom('bet_tickets as b')
    .innerJoin('races as r', 'r.id', 'b.first_race_id')
    .innerJoin('game_events as e', 'e.id', 'b.event_id')
    .leftJoin('pool_settlements as ps', (join) =>
      join.onRef('ps.first_race_id', '=', 'b.first_race_id').onRef('ps.bet_type', '=', 'b.bet_type'),
    )
    .where('b.player_id', '=', playerId)
    .where('b.holder_account_id', 'is', null);
}

/** Group tickets (decision 056) the player holds shares in, to select from as `playerTickets`. */
function groupTicketsOf(db: Kysely<Database>, playerId: number) {
  return db
    .selectFrom('bet_tickets as b')
    .innerJoin('races as r', 'r.id', 'b.first_race_id')
    .innerJoin('game_events as e', 'e.id', 'b.event_id')
    .leftJoin('pool_settlements as ps', (join) =>
      join.onRef('ps.first_race_id', '=', 'b.first_race_id').onRef('ps.bet_type', '=', 'b.bet_type'),
    )
    .where('b.holder_account_id', 'is not', null)
    .where('b.id', 'in', (eb) =>
      eb
        .selectFrom('bakas_groups as g')
        .innerJoin('bakas_members as m', 'm.group_id', 'g.id')
        .select((inner) => inner.fn.coalesce('g.ticket_id', inner.lit(0)).as('ticket_id'))
        .where('m.player_id', '=', playerId),
    );
}

/** The player's part of each group ticket (by ticket id): shares, the stake that rode, the payout once settled. */
async function groupSharesOf(
  db: Kysely<Database>,
  playerId: number,
  ticketIds: readonly number[],
): Promise<Map<number, BakasShareOfTicket>> {
  if (ticketIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('bakas_members as m')
    .innerJoin('bakas_groups as g', 'g.id', 'm.group_id')
    .innerJoin('players as o', 'o.id', 'g.organiser_id')
    .select((eb) => [
      'g.ticket_id',
      'g.code',
      'g.title',
      'g.status',
      'g.shares as total_shares',
      'o.first_name',
      eb.fn.sum<number | string>('m.shares').as('shares'),
      eb.fn.sum<number | string>('m.paid').as('paid'),
      eb.fn.sum<number | string>('m.refunded').as('refunded'),
      eb.fn.sum<number | string | null>('m.payout').as('payout'),
      eb.fn.sum<number | string>('m.fee').as('fee'),
    ])
    .where('m.player_id', '=', playerId)
    .where('g.ticket_id', 'in', [...ticketIds])
    .groupBy(['g.ticket_id', 'g.code', 'g.title', 'g.status', 'g.shares', 'o.first_name'])
    .execute();
  return new Map(
    rows.map((row) => [
      Number(row.ticket_id),
      {
        code: row.code,
        title: row.title,
        organiser: row.first_name,
        shares: Number(row.shares),
        totalShares: row.total_shares,
        stake: Number(row.paid) - Number(row.refunded),
        payout: row.status === 'settled' ? Number(row.payout ?? 0) : null,
        fee: Number(row.fee),
      },
    ]),
  );
}

/** The player's tickets, newest first, as the Race Bet tab shows them (docs/product/screens.md#transaction-history). */
export async function betHistory(
  db: Kysely<Database>,
  playerId: number,
  { eventId, limit = 100 }: { eventId?: number; limit?: number } = {},
): Promise<BetHistoryResponse> {
  const select = (query: ReturnType<typeof playerTickets>) =>
    query.select([
      'b.id',
      'b.ticket_no',
      'b.first_race_id',
      'e.name as event_name',
      'r.status as race_status',
      'ps.result as pool_result',
      'b.event_id',
      'e.race_date',
      'b.created_at',
      'b.bet_type',
      'b.amount',
      'b.combinations',
      'b.total',
      'b.from_bonus',
      'b.selections',
      'b.status',
      'b.won_amount',
      'b.winnings_tax',
      'b.refund_amount',
      'b.settlement_details',
      'b.rebate_amount',
      'r.race_no',
    ]);
  const own = await select(playerTickets(db, playerId))
    .$if(eventId !== undefined, (query) => query.where('b.event_id', '=', eventId ?? 0))
    .orderBy('b.id', 'desc')
    .limit(limit)
    .execute();
  // Group tickets the player holds shares in (decision 056): the group's ticket, with the player's part.
  const held = await select(groupTicketsOf(db, playerId))
    .$if(eventId !== undefined, (query) => query.where('b.event_id', '=', eventId ?? 0))
    .orderBy('b.id', 'desc')
    .limit(limit)
    .execute();
  const rows = [...own, ...held].sort((a, b) => b.id - a.id).slice(0, limit);
  const shareOf = await groupSharesOf(
    db,
    playerId,
    held.map((row) => row.id),
  );
  const legViews = await legsOfTickets(
    db,
    rows.map((row) => ({
      eventId: row.event_id,
      raceDate: row.race_date,
      firstRaceNo: row.race_no,
      betType: row.bet_type,
      selections: JSON.parse(row.selections) as number[][],
    })),
  );
  const scratchedByRace = await scratchedOfRaces(
    db,
    rows.filter((row) => row.status === 'refunded' && row.pool_result === 'refunded').map((row) => row.first_race_id),
  );
  return {
    statusCode: 200,
    betHistory: rows.map((row, index) => {
      const type = betTypeByCode(row.bet_type);
      const selections = JSON.parse(row.selections) as number[][];
      const raceNumbers = type ? legRaceNumbers(type, row.race_no) : [row.race_no];
      const details = detailsOf(row.settlement_details);
      const legView = legViews[index] ?? { legs: [], legsSummary: null };
      const bonusStakeRetained = Number(details.bonusStakeRetained ?? 0);
      // A win reads gross, tax and net: won_amount is what reached the credit after the tax (and, for a
      // bonus-funded share, without its stake); a refund or a loss has no winnings and no tax.
      const winningsTax = row.status === 'won' ? Number(row.winnings_tax) : 0;
      return {
        ticketNo: row.ticket_no,
        eventId: row.event_id,
        betDateTime: row.created_at,
        raceNo: raceNumbers.join('/'),
        status: row.status === 'refunded' ? 'X' : row.status,
        wonLose: row.status === 'won' ? 'WON' : row.status === 'lost' ? 'LOSE' : null,
        wonAmount: Number(row.won_amount),
        grossWon: row.status === 'won' ? Number(row.won_amount) + winningsTax + bonusStakeRetained : 0,
        winningsTax,
        refundAmount: Number(row.refund_amount),
        bonusStakeRetained,
        substitutions: substitutionsOf(details, raceNumbers),
        ...legView,
        bonusUsed: Number(row.from_bonus),
        bonusEarned: Number(row.rebate_amount),
        eventName: row.event_name,
        raceDate: row.race_date,
        consolation: row.status === 'won' && row.pool_result === 'consolation',
        refundReason:
          row.status === 'refunded'
            ? refundReasonOf({
                type,
                selections,
                firstRaceStatus: row.race_status,
                poolResult: row.pool_result,
                legs: legView.legs,
                scratched: scratchedByRace.get(row.first_race_id) ?? [],
              })
            : null,
        ...(shareOf.has(row.id) ? { bakas: shareOf.get(row.id) } : {}),
        bets: [
          {
            type: row.bet_type,
            amount: Number(row.amount),
            combinations: row.combinations,
            totalAmount: Number(row.total),
            picks: formatPicks(type?.raceType ?? 'single', selections),
          },
        ],
      };
    }),
  };
}

/** Tickets read per query when a month's statement names its bets. */
const TICKETS_PER_READ = 500;

/**
 * The player's tickets named by id or ticket number, as statement lines name them (shared BetOfLine): type,
 * races, race day, whether a win was a consolation and why a refund was made, by the rules bet history uses.
 */
export async function betsOfLines(
  db: Kysely<Database>,
  playerId: number,
  refs: { ids: readonly number[]; ticketNos: readonly string[] },
): Promise<{ byId: Map<number, BetOfLine>; byTicketNo: Map<string, BetOfLine> }> {
  const select = () =>
    playerTickets(db, playerId).select([
      'b.id',
      'b.ticket_no',
      'b.event_id',
      'b.first_race_id',
      'b.bet_type',
      'b.selections',
      'b.status',
      'r.race_no',
      'r.status as race_status',
      'e.name as event_name',
      'e.race_date',
      'ps.result as pool_result',
    ]);
  const rows: Awaited<ReturnType<ReturnType<typeof select>['execute']>> = [];
  const ids = [...new Set(refs.ids)];
  const ticketNos = [...new Set(refs.ticketNos)];
  for (let i = 0; i < ids.length; i += TICKETS_PER_READ) {
    rows.push(
      ...(await select()
        .where('b.id', 'in', ids.slice(i, i + TICKETS_PER_READ))
        .execute()),
    );
  }
  for (let i = 0; i < ticketNos.length; i += TICKETS_PER_READ) {
    rows.push(
      ...(await select()
        .where('b.ticket_no', 'in', ticketNos.slice(i, i + TICKETS_PER_READ))
        .execute()),
    );
  }
  // Refunded tickets are few: only they need their legs and scratches read to say why.
  const refunded = [...new Map(rows.filter((row) => row.status === 'refunded').map((row) => [row.id, row])).values()];
  const legViews = await legsOfTickets(
    db,
    refunded.map((row) => ({
      eventId: row.event_id,
      raceDate: row.race_date,
      firstRaceNo: row.race_no,
      betType: row.bet_type,
      selections: JSON.parse(row.selections) as number[][],
    })),
  );
  const legsOf = new Map(refunded.map((row, index) => [row.id, legViews[index]?.legs ?? []]));
  const scratchedByRace = await scratchedOfRaces(
    db,
    refunded.filter((row) => row.pool_result === 'refunded').map((row) => row.first_race_id),
  );
  const byId = new Map<number, BetOfLine>();
  const byTicketNo = new Map<string, BetOfLine>();
  for (const row of rows) {
    const type = betTypeByCode(row.bet_type);
    const selections = JSON.parse(row.selections) as number[][];
    const bet: BetOfLine = {
      ticketNo: row.ticket_no,
      betType: row.bet_type,
      raceNo: (type ? legRaceNumbers(type, row.race_no) : [row.race_no]).join('/'),
      eventName: row.event_name,
      consolation: row.status === 'won' && row.pool_result === 'consolation',
      refundReason:
        row.status === 'refunded'
          ? refundReasonOf({
              type,
              selections,
              firstRaceStatus: row.race_status,
              poolResult: row.pool_result,
              legs: legsOf.get(row.id) ?? [],
              scratched: scratchedByRace.get(row.first_race_id) ?? [],
            })
          : null,
    };
    byId.set(Number(row.id), bet);
    byTicketNo.set(row.ticket_no, bet);
  }
  return { byId, byTicketNo };
}
