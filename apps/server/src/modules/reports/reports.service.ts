import { sql, type Kysely, type Transaction } from 'kysely';
import {
  GAMING_FIGURES,
  manilaDaysWindow,
  manilaDayOf,
  poolAccountCode,
  type GamingFigures,
  type GamingGroup,
  type GamingReportResponse,
  type GamingRow,
  type PaymentReportResponse,
  type PaymentReportRow,
  type PromotionFigures,
  type PromotionReportResponse,
  type ReportRange,
} from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { isPostgres } from '../../db/statement.ts';
import { demoCrowdIds } from '../players/index.ts';
import { HouseAccount, POOL_SHARE_ACCOUNTS } from '../wallet/index.ts';

/**
 * The business reports (decision 039). Each is a handful of set-based queries over one period: the
 * ledger transactions of the period (found by their time, index ledger_transactions_kind_time), their
 * postings summed per hour and account on the database, and the hours folded into Manila days here.
 * Grouping by the stored text's hour (its first 13 characters) is the same SQL on SQLite and PostgreSQL,
 * and an hour never straddles two Manila days (UTC+8, whole hours).
 */

export type Db = Kysely<Database> | Transaction<Database>;

/**
 * Runs a report's reads. On PostgreSQL, in a read-only transaction whose planner walks the period's
 * transactions and looks up each one's postings in the covering index (a nested loop), rather than hashing
 * a scan of every posting ever written, which its estimates prefer for a month and which takes 2-3 times
 * longer (bench/README.md); no JIT for queries this short. SQLite already plans them that way.
 */
export async function reading<T>(db: Kysely<Database>, work: (db: Db) => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return work(db);
  return db.transaction().execute(async (trx) => {
    await sql`set transaction read only`.execute(trx);
    for (const setting of ['enable_hashjoin', 'enable_mergejoin', 'jit']) {
      await sql`select set_config(${setting}, 'off', true)`.execute(trx);
    }
    await sql`select set_config('work_mem', '64MB', true)`.execute(trx);
    return work(trx);
  });
}

/** Ledger transaction kinds that move money in or out of a race's pool. */
const POOL_KINDS = ['BET', 'SETTLEMENT', 'TAKEOUT', 'CARRYOVER', 'BREAKAGE', 'MINUS_POOL'] as const;

export const asNumber = (value: number | string | bigint | null | undefined): number => Number(value ?? 0);

/** 'YYYY-MM-DDTHH' (UTC) -> the Manila day that hour falls in. */
export const dayOfHour = (hour: string): string => manilaDayOf(`${hour}:00:00.000Z`);

const zeroFigures = (): GamingFigures => ({
  turnover: 0,
  refunds: 0,
  payouts: 0,
  winningsTax: 0,
  bonusRetained: 0,
  takeout: 0,
  franchiseCommission: 0,
  prizeFund: 0,
  regulatorShare: 0,
  legacyTakeout: 0,
  stampTax: 0,
  breakage: 0,
  minusPool: 0,
  carryIn: 0,
  carryOut: 0,
  ggr: 0,
  netRevenue: 0,
});

/** The house account each part of a pool's split is posted to, by the figure that shows it (decision 049). */
const SPLIT_FIGURES = [
  [POOL_SHARE_ACCOUNTS.franchiseCommission, 'franchiseCommission'],
  [POOL_SHARE_ACCOUNTS.prizeFund, 'prizeFund'],
  [POOL_SHARE_ACCOUNTS.regulator, 'regulatorShare'],
  [POOL_SHARE_ACCOUNTS.takeout, 'legacyTakeout'],
  [HouseAccount.stampTaxPayable, 'stampTax'],
] as const satisfies readonly (readonly [string, keyof GamingFigures])[];

function addFigures(into: GamingFigures, from: GamingFigures): void {
  for (const key of GAMING_FIGURES) into[key] += from[key];
}

interface PoolAccount {
  accountId: number;
  firstRaceId: number;
  betType: string;
}

/**
 * Every pool account (pool:<firstRaceId>:<betType>), by id. A LIKE, not a range on the code index: under a
 * PostgreSQL collation other than C, ':' and ';' do not sort as their code points.
 */
async function poolAccounts(db: Db): Promise<Map<number, PoolAccount>> {
  const rows = await db.selectFrom('accounts').select(['id', 'code']).where('code', 'like', 'pool:%').execute();
  const pools = new Map<number, PoolAccount>();
  for (const { id, code } of rows) {
    const [, firstRaceId, betType] = code.split(':');
    if (firstRaceId && betType) pools.set(id, { accountId: id, firstRaceId: Number(firstRaceId), betType });
  }
  return pools;
}

export async function houseAccountId(db: Db, code: string): Promise<number | null> {
  const row = await db.selectFrom('accounts').select('id').where('code', '=', code).executeTakeFirst();
  return row?.id ?? null;
}

/** One pool's figures in one UTC hour. */
interface PoolHour {
  hour: string;
  pool: PoolAccount;
  figures: GamingFigures;
}

interface CrowdPoolHour {
  hour: string;
  first_race_id: number;
  bet_type: string;
  total: number | string;
}

/**
 * The crowd's money per hour and pool: its stakes (by its BET transactions' time), what its settlements
 * took out of the pools (refunds and winnings before the tax, by the settlement's time; the crowd bets no
 * bonus), the tax withheld from its winnings, and its net result (stakes less gross winnings and refunds of
 * its settled tickets, by their settlement time): what the crowd's play money added to what the pools kept,
 * taken out of GGR.
 */
async function crowdPoolHours(db: Db, start: string, end: string) {
  const crowd = await demoCrowdIds(db);
  if (crowd.length === 0) return null;
  const stakes = await sql<CrowdPoolHour>`
    select substr(t.created_at, 1, 13) as hour, b.first_race_id as first_race_id, b.bet_type as bet_type,
      sum(b.total) as total
    from bet_tickets b
    join ledger_transactions t on t.id = b.debit_transaction_id
    where b.player_id in (${sql.join(crowd)}) and t.created_at >= ${start} and t.created_at < ${end}
    group by substr(t.created_at, 1, 13), b.first_race_id, b.bet_type`.execute(db);
  const settledOut = await sql<CrowdPoolHour>`
    select substr(t.created_at, 1, 13) as hour, b.first_race_id as first_race_id, b.bet_type as bet_type,
      sum(b.refund_amount + b.won_amount + b.winnings_tax) as total
    from bet_tickets b
    join ledger_transactions t on t.id = b.settlement_transaction_id
    where b.player_id in (${sql.join(crowd)}) and t.kind = 'SETTLEMENT' and t.created_at >= ${start} and t.created_at < ${end}
    group by substr(t.created_at, 1, 13), b.first_race_id, b.bet_type`.execute(db);
  const net = await sql<CrowdPoolHour>`
    select substr(b.settled_at, 1, 13) as hour, b.first_race_id as first_race_id, b.bet_type as bet_type,
      sum(b.total - b.won_amount - b.winnings_tax - b.refund_amount) as total
    from bet_tickets b
    where b.player_id in (${sql.join(crowd)}) and b.status <> 'open'
      and b.settled_at >= ${start} and b.settled_at < ${end}
    group by substr(b.settled_at, 1, 13), b.first_race_id, b.bet_type`.execute(db);
  return { crowd, stakes: stakes.rows, settledOut: settledOut.rows, net: net.rows };
}

/**
 * Each pool's figures per hour of the period, straight from the postings on its account:
 * a bet's only positive posting is its pool's, a settlement's only negative one is its pool's; carryover
 * and breakage move between the pool and one house account, and a pool's one TAKEOUT transaction moves its
 * split from the pool to a house account per share and to house:stamp-tax-payable (each read as its own
 * figure). Refunds are split from the settlement's pool posting by the tickets the settlement transactions
 * paid (the ledger posts a ticket's payout and refund as one amount): each ticket's refund, and its
 * winnings before the tax (what reached the player and the tax withheld, house:winnings-tax-payable); the
 * rest is the bonus stake the house kept (which the settlement posted to house:bonus-stake-retained).
 */
async function poolHours(db: Db, range: ReportRange): Promise<PoolHour[]> {
  const { start, end } = manilaDaysWindow(range.from, range.to);
  const pools = await poolAccounts(db);
  const crowd = await crowdPoolHours(db, start, end);

  const postings = await sql<{ hour: string; kind: string; account_id: number; total: number | string }>`
    select substr(t.created_at, 1, 13) as hour, t.kind as kind, p.account_id as account_id, sum(p.amount) as total
    from ledger_transactions t
    join ledger_postings p on p.transaction_id = t.id
    where t.kind in (${sql.join(POOL_KINDS)}) and t.created_at >= ${start} and t.created_at < ${end}
      and ((t.kind = 'BET' and p.amount > 0) or (t.kind = 'SETTLEMENT' and p.amount < 0)
        or t.kind in ('TAKEOUT', 'CARRYOVER', 'BREAKAGE', 'MINUS_POOL'))
    group by substr(t.created_at, 1, 13), t.kind, p.account_id`.execute(db);

  // What each settled ticket got back: its refund and the winnings that reached the player's credit.
  const tickets = await sql<{
    hour: string;
    first_race_id: number;
    bet_type: string;
    refunds: number | string;
    won: number | string;
    tax: number | string;
  }>`
    select substr(t.created_at, 1, 13) as hour, b.first_race_id as first_race_id, b.bet_type as bet_type,
      sum(b.refund_amount) as refunds, sum(b.won_amount) as won, sum(b.winnings_tax) as tax
    from ledger_transactions t
    join bet_tickets b on b.settlement_transaction_id = t.id
    where t.kind = 'SETTLEMENT' and t.created_at >= ${start} and t.created_at < ${end}
      ${crowd ? sql`and b.player_id not in (${sql.join(crowd.crowd)})` : sql``}
    group by substr(t.created_at, 1, 13), b.first_race_id, b.bet_type`.execute(db);

  // Each pool's split, per house account: the pool's negative posting and the house's positive ones of
  // the same TAKEOUT transaction (one per pool settlement, so few rows).
  const split = await sql<{ hour: string; pool_id: number; house_id: number; total: number | string }>`
    select substr(t.created_at, 1, 13) as hour, pp.account_id as pool_id, hp.account_id as house_id,
      sum(hp.amount) as total
    from ledger_transactions t
    join ledger_postings pp on pp.transaction_id = t.id and pp.amount < 0
    join ledger_postings hp on hp.transaction_id = t.id and hp.amount > 0
    where t.kind = 'TAKEOUT' and t.created_at >= ${start} and t.created_at < ${end}
    group by substr(t.created_at, 1, 13), pp.account_id, hp.account_id`.execute(db);
  const splitFigure = new Map<number, keyof GamingFigures>();
  for (const [code, figure] of SPLIT_FIGURES) {
    const id = await houseAccountId(db, code);
    if (id !== null) splitFigure.set(id, figure);
  }

  const cells = new Map<string, PoolHour>();
  const cell = (hour: string, pool: PoolAccount): GamingFigures => {
    const key = `${hour}|${pool.accountId}`;
    let found = cells.get(key);
    if (!found) {
      found = { hour, pool, figures: zeroFigures() };
      cells.set(key, found);
    }
    return found.figures;
  };
  /** What settlements took out of each pool: payouts, refunds and retained bonus stake together. */
  const settledOut = new Map<GamingFigures, number>();

  for (const row of postings.rows) {
    const pool = pools.get(row.account_id);
    if (!pool) continue; // the house side of a takeout, carryover or breakage
    const total = asNumber(row.total);
    const figures = cell(row.hour, pool);
    switch (row.kind) {
      case 'BET':
        figures.turnover += total;
        break;
      case 'SETTLEMENT':
        settledOut.set(figures, (settledOut.get(figures) ?? 0) - total);
        break;
      case 'TAKEOUT':
        figures.takeout -= total;
        break;
      case 'CARRYOVER':
        // The ledger posts one net movement per pool settlement: into the pool (carry in) or out of it.
        if (total > 0) figures.carryIn += total;
        else figures.carryOut -= total;
        break;
      case 'BREAKAGE':
        figures.breakage -= total;
        break;
      case 'MINUS_POOL':
        figures.minusPool += total;
        break;
    }
  }
  const accountOfPool = new Map([...pools.values()].map((p) => [poolAccountCode(p), p]));
  for (const row of tickets.rows) {
    const pool = accountOfPool.get(poolAccountCode({ firstRaceId: row.first_race_id, betType: row.bet_type }));
    if (!pool) continue;
    const figures = cell(row.hour, pool);
    figures.refunds += asNumber(row.refunds);
    // Payouts before the winnings tax: the tax withheld is the players', not revenue (decision 039).
    figures.payouts += asNumber(row.won) + asNumber(row.tax);
    figures.winningsTax += asNumber(row.tax);
  }
  for (const row of split.rows) {
    const pool = pools.get(row.pool_id);
    const figure = splitFigure.get(row.house_id);
    if (!pool) continue;
    // An account outside the split (none today) would still count in takeout, read from the pool's side.
    if (figure) cell(row.hour, pool)[figure] += asNumber(row.total);
  }
  // The demo crowd's play money is not the house's business (decision 047): its stakes leave turnover, what
  // its settlements took out leaves the pools' outgoings, and what it lost leaves GGR. Takeout, breakage,
  // the minus pool and carryovers stay the pool's, as the ledger moved them.
  const crowdLost = new Map<GamingFigures, number>();
  for (const [rows, apply] of [
    [crowd?.stakes ?? [], (figures: GamingFigures, total: number) => (figures.turnover -= total)],
    [
      crowd?.settledOut ?? [],
      (figures: GamingFigures, total: number) => settledOut.set(figures, (settledOut.get(figures) ?? 0) - total),
    ],
    [
      crowd?.net ?? [],
      (figures: GamingFigures, total: number) => crowdLost.set(figures, (crowdLost.get(figures) ?? 0) + total),
    ],
  ] as const) {
    for (const row of rows) {
      const pool = accountOfPool.get(poolAccountCode({ firstRaceId: row.first_race_id, betType: row.bet_type }));
      if (pool) apply(cell(row.hour, pool), asNumber(row.total));
    }
  }
  for (const { figures } of cells.values()) {
    // A winning ticket's payout is its winnings before the tax plus the bonus stake the house keeps: the
    // rest of what settlements took out of the pool (the ledger's house:bonus-stake-retained postings).
    figures.bonusRetained = (settledOut.get(figures) ?? 0) - figures.refunds - figures.payouts;
    figures.ggr =
      figures.takeout + figures.breakage + figures.bonusRetained - figures.minusPool - (crowdLost.get(figures) ?? 0);
    // The operator's own: GGR less what it holds for others (the prize fund, the regulator, the BIR).
    figures.netRevenue = figures.ggr - figures.prizeFund - figures.regulatorShare - figures.stampTax;
  }
  return [...cells.values()];
}

interface RaceInfo {
  raceNo: number;
  eventId: number;
  eventName: string;
  raceDate: string;
}

async function raceInfo(db: Db, raceIds: readonly number[]): Promise<Map<number, RaceInfo>> {
  const info = new Map<number, RaceInfo>();
  for (let i = 0; i < raceIds.length; i += 500) {
    const rows = await db
      .selectFrom('races as r')
      .innerJoin('game_events as e', 'e.id', 'r.event_id')
      .select(['r.id', 'r.race_no', 'e.id as event_id', 'e.name', 'e.race_date'])
      .where('r.id', 'in', raceIds.slice(i, i + 500))
      .execute();
    for (const row of rows) {
      info.set(row.id, { raceNo: row.race_no, eventId: row.event_id, eventName: row.name, raceDate: row.race_date });
    }
  }
  return info;
}

const emptyRow = (key: string): GamingRow => ({
  key,
  day: null,
  eventId: null,
  eventName: null,
  raceId: null,
  raceNo: null,
  betType: null,
  ...zeroFigures(),
});

/** The gaming report: pool figures of the period, per Manila day, event, race (a pool's first race) or pool. */
export async function gamingReport(
  db: Kysely<Database>,
  range: ReportRange & { by: GamingGroup },
): Promise<GamingReportResponse> {
  return reading(db, (reader) => gamingReportFrom(reader, range));
}

export async function gamingReportFrom(
  db: Db,
  range: ReportRange & { by: GamingGroup },
): Promise<GamingReportResponse> {
  const hours = await poolHours(db, range);
  const races =
    range.by === 'day'
      ? new Map<number, RaceInfo>()
      : await raceInfo(db, [...new Set(hours.map((h) => h.pool.firstRaceId))]);
  const rows = new Map<string, GamingRow>();
  const totals = zeroFigures();
  for (const { hour, pool, figures } of hours) {
    addFigures(totals, figures);
    const race = races.get(pool.firstRaceId);
    let key: string;
    let fill: (row: GamingRow) => void;
    switch (range.by) {
      case 'day': {
        const day = dayOfHour(hour);
        key = day;
        fill = (row) => (row.day = day);
        break;
      }
      case 'event':
        key = `e${race?.eventId ?? 0}`;
        fill = (row) =>
          Object.assign(row, {
            day: race?.raceDate ?? null,
            eventId: race?.eventId ?? null,
            eventName: race?.eventName ?? null,
          });
        break;
      case 'race':
        key = `r${pool.firstRaceId}`;
        fill = (row) =>
          Object.assign(row, {
            day: race?.raceDate ?? null,
            eventId: race?.eventId ?? null,
            eventName: race?.eventName ?? null,
            raceId: pool.firstRaceId,
            raceNo: race?.raceNo ?? null,
          });
        break;
      case 'pool':
        key = `p${pool.firstRaceId}:${pool.betType}`;
        fill = (row) =>
          Object.assign(row, {
            day: race?.raceDate ?? null,
            eventId: race?.eventId ?? null,
            eventName: race?.eventName ?? null,
            raceId: pool.firstRaceId,
            raceNo: race?.raceNo ?? null,
            betType: pool.betType,
          });
        break;
    }
    let row = rows.get(key);
    if (!row) {
      row = emptyRow(key);
      fill(row);
      rows.set(key, row);
    }
    addFigures(row, figures);
  }
  const sorted = [...rows.values()].sort(
    (a, b) =>
      (a.day ?? '').localeCompare(b.day ?? '') ||
      (a.eventId ?? 0) - (b.eventId ?? 0) ||
      (a.raceNo ?? 0) - (b.raceNo ?? 0) ||
      (a.betType ?? '').localeCompare(b.betType ?? ''),
  );
  return { statusCode: 200, from: range.from, to: range.to, by: range.by, rows: sorted, totals };
}

/**
 * Deposits and withdrawals per channel and status. A request counts on the day it was last acted on: a
 * decided one when it was approved or declined (when an approval's money moved), a pending one when it
 * was made (a withdrawal's hold moved then). Amounts are the requests' own: the ledger posts an approved
 * deposit's amount from house:cash-in-clearing and an approved withdrawal's to house:cash-out-clearing.
 */
export async function paymentReport(db: Db, range: ReportRange): Promise<PaymentReportResponse> {
  const { start, end } = manilaDaysWindow(range.from, range.to);
  const grouped = (decided: boolean) => {
    const column = decided ? 'decided_at' : 'created_at';
    return db
      .selectFrom('payment_requests')
      .select((eb) => [
        'kind',
        'channel',
        'status',
        eb.fn.countAll<number | string>().as('count'),
        eb.fn.sum<number | string>('amount').as('amount'),
        eb.fn.sum<number | string>('bonus').as('bonus'),
      ])
      .where(column, '>=', start)
      .where(column, '<', end)
      .where('status', decided ? '<>' : '=', 'PENDING')
      .groupBy(['kind', 'channel', 'status'])
      .execute();
  };
  const rows: PaymentReportRow[] = [...(await grouped(true)), ...(await grouped(false))].map((row) => ({
    kind: row.kind,
    channel: row.channel,
    status: row.status,
    count: asNumber(row.count),
    amount: asNumber(row.amount),
    bonus: asNumber(row.bonus),
  }));
  rows.sort(
    (a, b) => a.kind.localeCompare(b.kind) || a.channel.localeCompare(b.channel) || a.status.localeCompare(b.status),
  );
  const sumOf = (kind: PaymentReportRow['kind'], field: 'amount' | 'bonus') =>
    rows.filter((r) => r.kind === kind && r.status === 'APPROVED').reduce((sum, r) => sum + r[field], 0);
  const depositsApproved = sumOf('DEPOSIT', 'amount');
  const withdrawalsApproved = sumOf('WITHDRAW', 'amount');
  return {
    statusCode: 200,
    from: range.from,
    to: range.to,
    rows,
    totals: {
      depositsApproved,
      depositBonuses: sumOf('DEPOSIT', 'bonus'),
      withdrawalsApproved,
      netCashIn: depositsApproved - withdrawalsApproved,
    },
  };
}

/**
 * The transactions that post to the promo expense account: a promo's reward, a rebate, a deposit's bonus,
 * and the reversal of any of them. Read by kind and time, so a report reads its period, not the account's
 * whole history (a cross join: SQLite then walks the period's transactions first, never the account's
 * postings; PostgreSQL plans it as any inner join).
 */
const PROMO_COST_KINDS = ['PROMO', 'PROMO_REBATE', 'DEPOSIT', 'REVERSAL'] as const;

const zeroPromotion = (): PromotionFigures => ({ promos: 0, depositBonuses: 0, rebates: 0, other: 0, total: 0 });

/** What the promo expense account paid per Manila day, by the kind of transaction that paid it. */
export async function promotionReport(db: Kysely<Database>, range: ReportRange): Promise<PromotionReportResponse> {
  return reading(db, (reader) => promotionReportFrom(reader, range));
}

async function promotionReportFrom(db: Db, range: ReportRange): Promise<PromotionReportResponse> {
  const { start, end } = manilaDaysWindow(range.from, range.to);
  const expense = await houseAccountId(db, HouseAccount.promoExpense);
  const result =
    expense === null
      ? { rows: [] }
      : await sql<{ hour: string; kind: string; total: number | string }>`
    select substr(t.created_at, 1, 13) as hour, t.kind as kind, sum(p.amount) as total
    from ledger_transactions t
    cross join ledger_postings p
    where p.transaction_id = t.id and p.account_id = ${expense} and t.kind in (${sql.join(PROMO_COST_KINDS)}) and t.created_at >= ${start} and t.created_at < ${end}
    group by substr(t.created_at, 1, 13), t.kind`.execute(db);
  const days = new Map<string, PromotionFigures>();
  const totals = zeroPromotion();
  for (const row of result.rows) {
    const day = dayOfHour(row.hour);
    let figures = days.get(day);
    if (!figures) {
      figures = zeroPromotion();
      days.set(day, figures);
    }
    // The expense account is debited for what is given: its negated postings are the cost.
    const cost = -asNumber(row.total);
    const field =
      row.kind === 'PROMO'
        ? 'promos'
        : row.kind === 'DEPOSIT'
          ? 'depositBonuses'
          : row.kind === 'PROMO_REBATE'
            ? 'rebates'
            : 'other';
    for (const into of [figures, totals]) {
      into[field] += cost;
      into.total += cost;
    }
  }
  const rows = [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, figures]) => ({ day, ...figures }));
  return { statusCode: 200, from: range.from, to: range.to, rows, totals };
}
