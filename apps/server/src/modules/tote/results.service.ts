import type { Kysely } from 'kysely';
import {
  ALL_RUNNERS,
  BET_TYPES,
  betTypeByCode,
  comboKey,
  formatFinish,
  legRaceNumbers,
  netDividendOf,
  offeredBetTypes,
  policyFromStored,
  poolAccountCode,
  poolsEndingAt,
  ToteMessages,
  winnersOf,
  winningOrders,
  type BetTypeDefinition,
  type Carryover,
  type DividendLine,
  type FinishOrder,
  type GameResultResponse,
  type NoDividendReason,
  type PoolBreakdown,
  type PoolResult,
  type ShareAmount,
  type SettlementReport,
  type WinnerLine,
} from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { findEvent, findRace } from '../racing/index.ts';
import { HouseAccount } from '../wallet/index.ts';
import { carryoverAccountCode } from './settlement.service.ts';

/** A leg of a pool as the results page reads it: its status and, once resulted, its finish. */
interface CardRace {
  raceId: number;
  raceNo: number;
  status: string;
  enabledBetTypes: readonly string[];
  finish: FinishOrder | null;
}

interface StoredPool {
  firstRaceId: number;
  betType: string;
  result: PoolResult;
  dividends: DividendLine[];
  /** The pool's settlement as the breakdown shows it (its races and dividends are added per pool). */
  figures: Omit<PoolBreakdown, 'betType' | 'betTypeName' | 'races' | 'result' | 'dividends'>;
}

/** A settled pool broken down for players: its settlement's figures, each paid dividend before and after tax. */
function breakdownOf(type: BetTypeDefinition, legs: readonly CardRace[], pool: StoredPool): PoolBreakdown {
  return {
    betType: type.code,
    betTypeName: type.name,
    races: legs.map((leg) => leg.raceNo).join('/'),
    result: pool.result,
    ...pool.figures,
    dividends: pool.dividends.flatMap((line) =>
      line.dividend === null
        ? []
        : [
            {
              picks: line.consolation ? CONSOLATION : comboKey(type.raceType, line.combination),
              dividend: line.dividend,
              netDividend: netDividendOf(line.dividend, pool.figures.winningsTax),
              consolation: line.consolation,
            },
          ],
    ),
  };
}

/** The winning combinations of a pool from its legs' results: places by '-', or each leg's winners. */
function winningCombinations(type: BetTypeDefinition, legs: readonly CardRace[]): number[][] {
  if (type.raceType === 'single') return legs[0]?.finish ? winningOrders(legs[0].finish, type.selector) : [];
  let combos: number[][] = [[]];
  for (const leg of legs) {
    const winners = leg.status === 'X' ? [ALL_RUNNERS] : winnersOf(leg.finish ?? []);
    combos = combos.flatMap((combo) => winners.map((w) => [...combo, w]));
  }
  return combos;
}

/** Why a winning combination of a settled pool paid nothing. */
function reasonOf(result: PoolResult): NoDividendReason {
  if (result === 'refunded') return ToteMessages.refunded;
  if (result === 'carryover' || result === 'consolation') return ToteMessages.carriedOver;
  return ToteMessages.noWinningTicket;
}

/**
 * The results page of a race (game/getGameResult): every bet type the race offers, and every
 * multi-race pool it completes as the last leg, each with its winning combination(s) and the dividend
 * for 1.00 (computed by the tote, or the track's official one), or why there is none: refunded, no
 * winning ticket (carried over), no bets, or still settling.
 */
export async function gameResult(db: Kysely<Database>, eventId: number, raceId: number): Promise<GameResultResponse> {
  const race = await findRace(db, raceId);
  if (!race || race.eventId !== eventId) throw notFound('Race not found.');
  const base = { statusCode: 200 as const, raceId, raceNo: race.raceNo };
  if (race.status === 'X') return { ...base, winners: [], message: ToteMessages.raceCancelled };
  const result = await db
    .selectFrom('race_results')
    .select(['finish', 'official_dividends'])
    .where('race_id', '=', raceId)
    .executeTakeFirst();
  if (race.status !== 'D' || !result) return { ...base, winners: [], message: ToteMessages.raceNotDone };

  const event = await findEvent(db, eventId);
  const card = await cardOf(db, eventId);
  const raceByNo = new Map(card.map((r) => [r.raceNo, r]));
  const offeredBy = (first: CardRace) =>
    new Set(offeredBetTypes(first.enabledBetTypes, event?.enabledBetTypes).map((t) => t.code));

  // The pools this race completes: its own single-race pools, and the multi-race pools ending here.
  const pools: { type: BetTypeDefinition; first: CardRace; legs: CardRace[] }[] = [];
  for (const { type, firstRaceNo } of poolsEndingAt(race.raceNo)) {
    const first = raceByNo.get(firstRaceNo);
    if (!first || !offeredBy(first).has(type.code)) continue;
    const legs = legRaceNumbers(type, firstRaceNo).map((no) => raceByNo.get(no));
    if (!legs.every((leg): leg is CardRace => leg !== undefined)) continue;
    // A leg still to be run (a card resulted out of order) leaves the pool without a combination yet.
    if (!legs.every((leg) => leg.status === 'X' || (leg.status === 'D' && leg.finish !== null))) continue;
    pools.push({ type, first, legs });
  }

  const settled = await db
    .selectFrom('pool_settlements')
    .select([
      'first_race_id',
      'bet_type',
      'result',
      'dividends',
      'policy',
      'stakes',
      'refunds',
      'shares',
      'stamp_tax',
      'carry_in',
      'carry_out',
      'net',
    ])
    .where('result_race_id', '=', raceId)
    .execute();
  const stored: StoredPool[] = settled.map((row) => ({
    firstRaceId: row.first_race_id,
    betType: row.bet_type,
    result: row.result,
    dividends: JSON.parse(row.dividends) as DividendLine[],
    figures: {
      grossSales: Number(row.stakes) - Number(row.refunds),
      refunds: Number(row.refunds),
      shares: JSON.parse(row.shares) as ShareAmount[],
      stampTax: Number(row.stamp_tax),
      carryIn: Number(row.carry_in),
      carryOut: Number(row.carry_out),
      netPool: Number(row.net),
      // The rate the pool settled at; pools settled before the tax stored none (decision 049).
      winningsTax: policyFromStored(JSON.parse(row.policy) as Parameters<typeof policyFromStored>[0]).winningsTax,
    },
  }));
  // A pool settled here that the card no longer offers (its flags changed after sale) still shows.
  for (const pool of stored) {
    const type = betTypeByCode(pool.betType);
    if (!type || pools.some((p) => p.type.code === type.code && p.first.raceId === pool.firstRaceId)) continue;
    const first = card.find((r) => r.raceId === pool.firstRaceId);
    const legs = first ? legRaceNumbers(type, first.raceNo).map((no) => raceByNo.get(no)) : [];
    if (first && legs.every((leg): leg is CardRace => leg !== undefined)) pools.push({ type, first, legs });
  }

  const withTickets = await poolsWithTickets(
    db,
    pools.map((p) => p.first.raceId),
  );
  const official = new Map(
    (JSON.parse(result.official_dividends) as { betType: string; combination: string; dividend: number }[]).map((d) => [
      `${d.betType}|${d.combination}`,
      d.dividend,
    ]),
  );

  const winners: WinnerLine[] = [];
  const breakdowns: PoolBreakdown[] = [];
  const order: string[] = BET_TYPES.map((t) => t.code);
  pools.sort((a, b) => order.indexOf(a.type.code) - order.indexOf(b.type.code) || a.first.raceNo - b.first.raceNo);
  for (const { type, first, legs } of pools) {
    const line = (picks: string, odds: number | null, reason?: NoDividendReason): WinnerLine =>
      odds !== null || !reason
        ? { betType: type.code, betTypeName: type.name, picks, odds }
        : { betType: type.code, betTypeName: type.name, picks, odds, reason };
    const pool = stored.find((p) => p.betType === type.code && p.firstRaceId === first.raceId);
    if (pool) breakdowns.push(breakdownOf(type, legs, pool));
    const combos = winningCombinations(type, legs).map((combo) => comboKey(type.raceType, combo));
    const paid = new Map<string, number | null>();
    for (const d of pool?.dividends ?? []) {
      if (!d.consolation) paid.set(comboKey(type.raceType, d.combination), d.dividend);
    }
    // The stored lines are what settlement used; a combination only they know is shown too.
    const picks = [...combos, ...[...paid.keys()].filter((key) => !combos.includes(key))];
    if (picks.length === 0) picks.push(NO_COMBINATION);
    for (const key of picks) {
      if (pool) {
        winners.push(line(key, paid.get(key) ?? null, reasonOf(pool.result)));
      } else {
        // Not settled: nobody bet on the pool (the track's official dividend, if posted), or it is settling.
        const unsettled = withTickets.has(`${first.raceId}|${type.code}`) ? ToteMessages.settling : ToteMessages.noBets;
        const trackDividend = unsettled === ToteMessages.noBets ? official.get(`${type.code}|${key}`) : undefined;
        winners.push(line(key, trackDividend ?? null, unsettled));
      }
    }
    for (const d of pool?.dividends ?? []) {
      if (d.consolation) winners.push(line(CONSOLATION, d.dividend, ToteMessages.noWinningTicket));
    }
  }
  return { ...base, winners, pools: breakdowns };
}

/** How the results page writes a pool without any winning combination (a field too small for it). */
const NO_COMBINATION = '—';
const CONSOLATION = 'Consolation';

/** The races of an event card with their results. */
async function cardOf(db: Kysely<Database>, eventId: number): Promise<CardRace[]> {
  const rows = await db
    .selectFrom('races')
    .leftJoin('race_results', 'race_results.race_id', 'races.id')
    .select(['races.id', 'races.race_no', 'races.status', 'races.enabled_bet_types', 'race_results.finish'])
    .where('races.event_id', '=', eventId)
    .execute();
  return rows.map((row) => {
    const enabled: unknown = JSON.parse(row.enabled_bet_types);
    return {
      raceId: row.id,
      raceNo: row.race_no,
      status: row.status,
      enabledBetTypes: Array.isArray(enabled) ? (enabled as string[]) : [],
      finish: row.finish ? (JSON.parse(row.finish) as FinishOrder) : null,
    };
  });
}

/** The pools (first race id | bet type) of these first races that hold at least one ticket. */
async function poolsWithTickets(db: Kysely<Database>, firstRaceIds: readonly number[]): Promise<Set<string>> {
  if (firstRaceIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('bet_tickets')
    .select(['first_race_id', 'bet_type'])
    .distinct()
    .where('first_race_id', 'in', [...new Set(firstRaceIds)])
    .execute();
  return new Set(rows.map((row) => `${row.first_race_id}|${row.bet_type}`));
}

export async function carryovers(db: Kysely<Database>): Promise<Carryover[]> {
  const rows = await db
    .selectFrom('accounts')
    .select(['code', 'balance'])
    .where(
      'code',
      'in',
      BET_TYPES.map((t) => carryoverAccountCode(t.code)),
    )
    .execute();
  return BET_TYPES.flatMap((type) => {
    const amount = rows.find((r) => r.code === carryoverAccountCode(type.code))?.balance ?? 0;
    return amount > 0 ? [{ betType: type.code, betTypeName: type.name, amount }] : [];
  });
}

/**
 * A race's settlement report: each pool it completed, with what its tickets were actually paid (to the
 * players, and the bonus stake kept by the house) and what its pool account still holds, so the report
 * balances only if the ledger does.
 */
export async function settlementReport(db: Kysely<Database>, raceId: number): Promise<SettlementReport> {
  const race = await findRace(db, raceId);
  if (!race) throw notFound('Race not found.');
  const result = await db
    .selectFrom('race_results')
    .select(['finish', 'official_dividends'])
    .where('race_id', '=', raceId)
    .executeTakeFirst();
  const official = new Set(
    (JSON.parse(result?.official_dividends ?? '[]') as { betType: string; combination: string }[]).map(
      (d) => `${d.betType}|${d.combination}`,
    ),
  );
  const pools = await db
    .selectFrom('pool_settlements')
    .innerJoin('races', 'races.id', 'pool_settlements.first_race_id')
    .selectAll('pool_settlements')
    .select('races.race_no')
    .where('pool_settlements.result_race_id', '=', raceId)
    .orderBy('pool_settlements.id')
    .execute();
  const totals = {
    stakes: 0,
    payouts: 0,
    bonusRetained: 0,
    winningsTax: 0,
    refunds: 0,
    takeout: 0,
    stampTax: 0,
    carryIn: 0,
    carryOut: 0,
    breakage: 0,
    minusPool: 0,
  };
  let balanced = true;
  const summaries: SettlementReport['pools'] = [];
  for (const pool of pools) {
    const paid = await db
      .selectFrom('bet_tickets')
      .select((eb) => [
        eb.fn.sum<number | string | null>('total').as('stakes'),
        eb.fn.sum<number | string | null>('won_amount').as('payouts'),
        eb.fn.sum<number | string | null>('refund_amount').as('refunds'),
        eb.fn.sum<number | string | null>('winnings_tax').as('winningsTax'),
        eb.fn.countAll<number | string>().as('tickets'),
      ])
      .where('first_race_id', '=', pool.first_race_id)
      .where('bet_type', '=', pool.bet_type)
      .executeTakeFirstOrThrow();
    const left = await db
      .selectFrom('ledger_postings')
      .innerJoin('accounts', 'accounts.id', 'ledger_postings.account_id')
      .select((eb) => eb.fn.sum<number | string | null>('ledger_postings.amount').as('total'))
      .where('accounts.code', '=', poolAccountCode({ firstRaceId: pool.first_race_id, betType: pool.bet_type }))
      .executeTakeFirst();
    // The bonus stake inside winning payouts that the house kept (decision 016), as the tickets' own
    // settlement transactions posted it.
    const retained = await db
      .selectFrom('bet_tickets')
      .innerJoin('ledger_postings', 'ledger_postings.transaction_id', 'bet_tickets.settlement_transaction_id')
      .innerJoin('accounts', 'accounts.id', 'ledger_postings.account_id')
      .select((eb) => eb.fn.sum<number | string | null>('ledger_postings.amount').as('total'))
      .where('bet_tickets.first_race_id', '=', pool.first_race_id)
      .where('bet_tickets.bet_type', '=', pool.bet_type)
      .where('accounts.code', '=', HouseAccount.bonusStakeRetained)
      .executeTakeFirst();
    const stakes = Number(paid.stakes ?? 0);
    const payouts = Number(paid.payouts ?? 0);
    const bonusRetained = Number(retained?.total ?? 0);
    const refunds = Number(paid.refunds ?? 0);
    const winningsTax = Number(paid.winningsTax ?? 0);
    const poolLeft = Number(left?.total ?? 0);
    const type = betTypeByCode(pool.bet_type);
    const lines = JSON.parse(pool.dividends) as DividendLine[];
    summaries.push({
      firstRaceId: pool.first_race_id,
      firstRaceNo: pool.race_no,
      betType: pool.bet_type,
      result: pool.result,
      stakes,
      refunds,
      takeout: pool.takeout,
      shares: JSON.parse(pool.shares) as ShareAmount[],
      stampTax: pool.stamp_tax,
      winningsTax,
      carryIn: pool.carry_in,
      carryOut: pool.carry_out,
      net: pool.net,
      payouts,
      bonusRetained,
      breakage: pool.breakage,
      minusPool: pool.minus_pool,
      officialExcess: 0,
      tickets: Number(paid.tickets),
      winningTickets: pool.winning_tickets,
      status: pool.status,
      dividends: lines.map((d) => {
        const combination = d.consolation ? 'Consolation' : comboKey(type?.raceType ?? 'single', d.combination);
        return {
          combination,
          dividend: d.dividend,
          stake: d.stake,
          consolation: d.consolation,
          official: official.has(`${pool.bet_type}|${combination}`),
        };
      }),
    });
    const poolBalanced =
      stakes + pool.carry_in + pool.minus_pool ===
        payouts + bonusRetained + winningsTax + refunds + pool.takeout + pool.carry_out + pool.breakage &&
      pool.breakage >= 0 &&
      (pool.status !== 'settled' || poolLeft === 0);
    balanced &&= poolBalanced;
    totals.stakes += stakes;
    totals.payouts += payouts;
    totals.bonusRetained += bonusRetained;
    totals.winningsTax += winningsTax;
    totals.refunds += refunds;
    totals.takeout += pool.takeout;
    totals.stampTax += pool.stamp_tax;
    totals.carryIn += pool.carry_in;
    totals.carryOut += pool.carry_out;
    totals.breakage += pool.breakage;
    totals.minusPool += pool.minus_pool;
  }
  return {
    raceId,
    raceNo: race.raceNo,
    status: race.status,
    finish: result ? formatFinish(JSON.parse(result.finish) as FinishOrder) : null,
    pools: summaries,
    totals,
    balanced,
  };
}
