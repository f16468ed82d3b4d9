import type { Kysely } from 'kysely';
import {
  BET_TYPES,
  betTypeByCode,
  comboKey,
  formatFinish,
  poolAccountCode,
  ToteMessages,
  winningOrders,
  type Carryover,
  type DividendLine,
  type FinishOrder,
  type GameResultResponse,
  type SettlementReport,
  type WinnerLine,
} from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { findRace } from '../racing/racing.repo.ts';
import { carryoverAccountCode } from './settlement.service.ts';

/**
 * The results page of a race (game/getGameResult): the dividends of every pool the race completed, and
 * for the race's own pools nobody bet on, the winning combination without a dividend.
 */
export async function gameResult(db: Kysely<Database>, eventId: number, raceId: number): Promise<GameResultResponse> {
  const race = await findRace(db, raceId);
  if (!race || race.eventId !== eventId) throw notFound('Race not found.');
  const base = { statusCode: 200 as const, raceId, raceNo: race.raceNo };
  if (race.status === 'X') return { ...base, winners: [], message: 'This race was cancelled. Its bets are refunded.' };
  const result = await db.selectFrom('race_results').select('finish').where('race_id', '=', raceId).executeTakeFirst();
  if (race.status !== 'D' || !result) return { ...base, winners: [], message: ToteMessages.raceNotDone };

  const pools = await db
    .selectFrom('pool_settlements')
    .select(['bet_type', 'dividends', 'first_race_id'])
    .where('result_race_id', '=', raceId)
    .execute();
  const winners: WinnerLine[] = [];
  const settledTypes = new Set<string>();
  for (const pool of pools) {
    const type = betTypeByCode(pool.bet_type);
    if (!type) continue;
    settledTypes.add(type.code);
    for (const line of JSON.parse(pool.dividends) as DividendLine[]) {
      winners.push({
        betType: type.code,
        betTypeName: type.name,
        picks: line.consolation ? 'Consolation' : comboKey(type.raceType, line.combination),
        odds: line.dividend,
      });
    }
  }
  const finish = JSON.parse(result.finish) as FinishOrder;
  const offered = new Set<string>(['W', 'FC', ...race.enabledBetTypes]);
  for (const type of BET_TYPES) {
    if (type.raceType !== 'single' || settledTypes.has(type.code) || !offered.has(type.code)) continue;
    for (const order of winningOrders(finish, type.selector)) {
      winners.push({ betType: type.code, betTypeName: type.name, picks: comboKey('single', order), odds: null });
    }
  }
  const order: string[] = BET_TYPES.map((t) => t.code);
  winners.sort((a, b) => order.indexOf(a.betType) - order.indexOf(b.betType));
  return { ...base, winners };
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
 * A race's settlement report: each pool it completed, with what its tickets were actually paid and what
 * its pool account still holds, so the report balances only if the ledger does.
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
  const totals = { stakes: 0, payouts: 0, refunds: 0, takeout: 0, carryIn: 0, carryOut: 0, breakage: 0 };
  let balanced = true;
  const summaries: SettlementReport['pools'] = [];
  for (const pool of pools) {
    const paid = await db
      .selectFrom('bet_tickets')
      .select((eb) => [
        eb.fn.sum<number | string | null>('total').as('stakes'),
        eb.fn.sum<number | string | null>('won_amount').as('payouts'),
        eb.fn.sum<number | string | null>('refund_amount').as('refunds'),
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
    const stakes = Number(paid.stakes ?? 0);
    const payouts = Number(paid.payouts ?? 0);
    const refunds = Number(paid.refunds ?? 0);
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
      carryIn: pool.carry_in,
      carryOut: pool.carry_out,
      net: pool.net,
      payouts,
      breakage: pool.breakage,
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
      stakes + pool.carry_in === payouts + refunds + pool.takeout + pool.carry_out + pool.breakage &&
      (pool.status !== 'settled' || poolLeft === 0);
    balanced &&= poolBalanced;
    totals.stakes += stakes;
    totals.payouts += payouts;
    totals.refunds += refunds;
    totals.takeout += pool.takeout;
    totals.carryIn += pool.carry_in;
    totals.carryOut += pool.carry_out;
    totals.breakage += pool.breakage;
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
