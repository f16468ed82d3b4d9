import { sql, type Kysely } from 'kysely';
import {
  manilaDayOf,
  manilaDaysWindow,
  monthsOfYear,
  OPERATOR_NAME,
  SHARE_FIGURES,
  splitByShares,
  type ReportRange,
  type TaxCertificate,
  type TaxDayRow,
  type TaxEventRow,
  type TaxFigures,
  type TaxMonthRow,
  type TaxMonthsResponse,
  type TaxReportResponse,
} from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { demoCrowdIds } from '../players/index.ts';
import { HouseAccount } from '../wallet/index.ts';
import { asNumber, dayOfHour, gamingReportFrom, houseAccountId, reading, type Db } from './reports.service.ts';

/**
 * The tax reports (decision 039, amended): what the ledger posted to house:stamp-tax-payable (the tickets'
 * documentary stamp tax, EO 194 §2, in each pool's TAKEOUT transaction) and to house:winnings-tax-payable
 * (the tax withheld from each winning ticket, PD 1157, in its SETTLEMENT transaction), per hour, folded into
 * Manila days or months; and the shares of the pools' gross per event (the gaming report's figures). As in
 * every report, the demo crowd's play money is left out (decision 047): its tickets' winnings tax is taken
 * off; the stamp tax stays the pool's, as the ledger moved it.
 */

const zeroTaxes = (): TaxFigures => ({ stampTax: 0, winningsTax: 0 });

/**
 * Each UTC hour's stamp tax due and winnings tax withheld in a window of time. `walk` picks the join's
 * order (a cross join: SQLite keeps the order written; PostgreSQL plans it as any inner join): a range of
 * days walks the period's transactions (index ledger_transactions_kind_time) into the covering postings
 * index, as the other reports do; a year walks the tax account's postings (index ledger_postings_account),
 * a fraction of a year's settlements.
 */
async function taxHours(
  db: Db,
  start: string,
  end: string,
  walk: 'period' | 'account',
): Promise<Map<string, TaxFigures>> {
  const hours = new Map<string, TaxFigures>();
  const at = (hour: string) => {
    let found = hours.get(hour);
    if (!found) {
      found = zeroTaxes();
      hours.set(hour, found);
    }
    return found;
  };
  for (const [code, kind, figure] of [
    [HouseAccount.stampTaxPayable, 'TAKEOUT', 'stampTax'],
    [HouseAccount.winningsTaxPayable, 'SETTLEMENT', 'winningsTax'],
  ] as const) {
    const account = await houseAccountId(db, code);
    if (account === null) continue;
    const from =
      walk === 'period'
        ? sql`ledger_transactions t cross join ledger_postings p`
        : sql`ledger_postings p cross join ledger_transactions t`;
    const rows = await sql<{ hour: string; total: number | string }>`
      select substr(t.created_at, 1, 13) as hour, sum(p.amount) as total
      from ${from}
      where p.transaction_id = t.id and p.account_id = ${account} and t.kind = ${kind}
        and t.created_at >= ${start} and t.created_at < ${end}
      group by substr(t.created_at, 1, 13)`.execute(db);
    for (const row of rows.rows) at(row.hour)[figure] += asNumber(row.total);
  }
  const crowd = await demoCrowdIds(db);
  if (crowd.length > 0) {
    const rows = await sql<{ hour: string; total: number | string }>`
      select substr(t.created_at, 1, 13) as hour, sum(b.winnings_tax) as total
      from bet_tickets b
      join ledger_transactions t on t.id = b.settlement_transaction_id
      where b.player_id in (${sql.join(crowd)}) and t.kind = 'SETTLEMENT'
        and t.created_at >= ${start} and t.created_at < ${end}
      group by substr(t.created_at, 1, 13)`.execute(db);
    for (const row of rows.rows) at(row.hour).winningsTax -= asNumber(row.total);
  }
  return hours;
}

/** Hours folded into periods (a Manila day, or its month), sorted. */
function foldHours(hours: Map<string, TaxFigures>, periodOf: (hour: string) => string): [string, TaxFigures][] {
  const periods = new Map<string, TaxFigures>();
  for (const [hour, figures] of hours) {
    const period = periodOf(hour);
    const into = periods.get(period) ?? zeroTaxes();
    into.stampTax += figures.stampTax;
    into.winningsTax += figures.winningsTax;
    periods.set(period, into);
  }
  return [...periods.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/** Stamp tax and winnings tax per Manila day of a range, and the pools' shares per event. */
export async function taxReport(db: Kysely<Database>, range: ReportRange): Promise<TaxReportResponse> {
  return reading(db, async (reader) => {
    const { start, end } = manilaDaysWindow(range.from, range.to);
    const days: TaxDayRow[] = foldHours(await taxHours(reader, start, end, 'period'), dayOfHour)
      .filter(([, figures]) => figures.stampTax !== 0 || figures.winningsTax !== 0)
      .map(([day, figures]) => ({ day, ...figures }));
    const gaming = await gamingReportFrom(reader, { ...range, by: 'event' });
    const events: TaxEventRow[] = gaming.rows
      .filter((row) => SHARE_FIGURES.some((figure) => row[figure] !== 0))
      .map((row) => ({
        key: row.key,
        eventId: row.eventId,
        eventName: row.eventName,
        day: row.day,
        franchiseCommission: row.franchiseCommission,
        prizeFund: row.prizeFund,
        regulatorShare: row.regulatorShare,
        legacyTakeout: row.legacyTakeout,
      }));
    const totals = {
      stampTax: days.reduce((sum, row) => sum + row.stampTax, 0),
      winningsTax: days.reduce((sum, row) => sum + row.winningsTax, 0),
      franchiseCommission: gaming.totals.franchiseCommission,
      prizeFund: gaming.totals.prizeFund,
      regulatorShare: gaming.totals.regulatorShare,
      legacyTakeout: gaming.totals.legacyTakeout,
    };
    return { statusCode: 200 as const, from: range.from, to: range.to, days, events, totals };
  });
}

/** The Manila year's first instant and the next year's, as stored (UTC ISO). */
const yearWindow = (year: string) => manilaDaysWindow(`${year}-01-01`, `${year}-12-31`);

/** Stamp tax and winnings tax per Manila month of a year (all twelve months, a month with none at zero). */
export async function taxMonths(db: Kysely<Database>, year: string): Promise<TaxMonthsResponse> {
  return reading(db, async (reader) => {
    const { start, end } = yearWindow(year);
    const found = new Map(
      foldHours(await taxHours(reader, start, end, 'account'), (hour) => dayOfHour(hour).slice(0, 7)),
    );
    const months: TaxMonthRow[] = monthsOfYear(year).map((month) => ({ month, ...(found.get(month) ?? zeroTaxes()) }));
    const totals = zeroTaxes();
    for (const row of months) {
      totals.stampTax += row.stampTax;
      totals.winningsTax += row.winningsTax;
    }
    return { statusCode: 200 as const, year, months, totals };
  });
}

/**
 * The player's part of the winnings of group tickets (decision 056) settled in [start, end): the tax withheld from
 * the group's ticket split by shares as its payout was (`splitByShares`), and what reached them after it (their
 * part of the payout, the organiser's fee included). A group's ticket names its organiser but is not theirs.
 */
async function groupTicketWinnings(
  db: Kysely<Database>,
  playerId: number,
  start: string,
  end: string,
): Promise<{ hour: string; won: number; tax: number }[]> {
  const groups = await db
    .selectFrom('bakas_groups as g')
    .innerJoin('bet_tickets as b', 'b.id', 'g.ticket_id')
    .innerJoin('ledger_transactions as t', 't.id', 'b.settlement_transaction_id')
    .select(['g.id', 'b.winnings_tax', 't.created_at'])
    .where('b.status', '=', 'won')
    .where('t.created_at', '>=', start)
    .where('t.created_at', '<', end)
    .where('g.id', 'in', (eb) => eb.selectFrom('bakas_members').select('group_id').where('player_id', '=', playerId))
    .execute();
  const out: { hour: string; won: number; tax: number }[] = [];
  for (const group of groups) {
    const purchases = await db
      .selectFrom('bakas_members')
      .select(['player_id', 'shares', 'first_share_seq', 'payout'])
      .where('group_id', '=', group.id)
      .orderBy('first_share_seq')
      .execute();
    const taxes = splitByShares(
      asNumber(group.winnings_tax),
      purchases.map((p) => ({ shares: p.shares, firstShareSeq: p.first_share_seq })),
    );
    let won = 0;
    let tax = 0;
    purchases.forEach((purchase, index) => {
      if (purchase.player_id !== playerId) return;
      won += asNumber(purchase.payout ?? 0);
      tax += taxes[index] ?? 0;
    });
    out.push({ hour: group.created_at.slice(0, 13), won, tax });
  }
  return out;
}

/**
 * A player's certificate of the tax withheld from their winnings in a Manila year: per month (of the
 * settlement's ledger transaction) the winnings before the tax (won_amount, what reached the credit, plus
 * winnings_tax) and the tax withheld, from the tickets those SETTLEMENT transactions paid (index
 * bet_tickets_player).
 */
export async function taxCertificate(db: Kysely<Database>, playerId: number, year: string): Promise<TaxCertificate> {
  const player = await db
    .selectFrom('players')
    .select(['id', 'first_name', 'last_name', 'mobile_no'])
    .where('id', '=', playerId)
    .executeTakeFirst();
  if (!player) throw notFound('There is no such player.');
  const { start, end } = yearWindow(year);
  const rows = await sql<{ hour: string; won: number | string; tax: number | string }>`
    select substr(t.created_at, 1, 13) as hour, sum(b.won_amount) as won, sum(b.winnings_tax) as tax
    from bet_tickets b
    join ledger_transactions t on t.id = b.settlement_transaction_id
    where b.player_id = ${playerId} and b.holder_account_id is null and t.kind = 'SETTLEMENT'
      and t.created_at >= ${start} and t.created_at < ${end}
    group by substr(t.created_at, 1, 13)`.execute(db);
  rows.rows.push(...(await groupTicketWinnings(db, playerId, start, end)));
  const byMonth = new Map<string, { grossWinnings: number; winningsTax: number }>();
  for (const row of rows.rows) {
    const month = manilaDayOf(`${row.hour}:00:00.000Z`).slice(0, 7);
    const into = byMonth.get(month) ?? { grossWinnings: 0, winningsTax: 0 };
    into.grossWinnings += asNumber(row.won) + asNumber(row.tax);
    into.winningsTax += asNumber(row.tax);
    byMonth.set(month, into);
  }
  const months = monthsOfYear(year).map((month) => ({
    month,
    ...(byMonth.get(month) ?? { grossWinnings: 0, winningsTax: 0 }),
  }));
  return {
    year,
    operator: OPERATOR_NAME,
    player: {
      id: player.id,
      name: `${player.first_name} ${player.last_name}`.trim(),
      // A player signs in with their mobile number: it is their username.
      username: player.mobile_no,
    },
    months,
    totals: {
      grossWinnings: months.reduce((sum, row) => sum + row.grossWinnings, 0),
      winningsTax: months.reduce((sum, row) => sum + row.winningsTax, 0),
    },
  };
}
