import type { Kysely, Transaction } from 'kysely';
import {
  betTypeByCode,
  favouriteOf,
  legRaceNumbers,
  runnerBaseNumber,
  winStakes,
  type BetTypeDefinition,
  type FinishOrder,
  type PoolLeg,
  type PoolTicket,
} from '@karera/shared';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface PoolKey {
  firstRaceId: number;
  betType: string;
}

export interface LegRace {
  raceId: number;
  raceNo: number;
  status: string;
  finish: FinishOrder | null;
  officialDividends: { betType: string; combination: string; dividend: number }[];
}

export interface PoolCard {
  key: PoolKey;
  type: BetTypeDefinition;
  eventId: number;
  raceDate: string;
  firstRaceNo: number;
  /** The leg races in order; missing legs (a card shorter than the pool) are absent. */
  legRaces: LegRace[];
  complete: boolean;
}

export const parseSelections = (json: string): number[][] => JSON.parse(json) as number[][];

/** A race's runners by betting number: which ran, which were scratched, and the odds quoted at close. */
export async function runnersByNumber(db: Db, raceId: number) {
  const rows = await db
    .selectFrom('runners')
    .select(['runner_no', 'status', 'odds'])
    .where('race_id', '=', raceId)
    .execute();
  return runnersOfRows(rows);
}

/** {@link runnersByNumber} from a race's runner rows already read (one query for many races). */
export function runnersOfRows(rows: readonly { runner_no: string; status: string; odds: number | null }[]) {
  const running = new Map<number, number | null>();
  const numbers = new Set<number>();
  for (const row of rows) {
    const no = runnerBaseNumber(row.runner_no);
    numbers.add(no);
    if (row.status === 'A')
      running.set(no, Math.min(running.get(no) ?? Number.MAX_SAFE_INTEGER, row.odds ?? Number.MAX_SAFE_INTEGER));
  }
  // A coupled entry (1 and 1A) is scratched only when all its runners are.
  const scratched = [...numbers].filter((no) => !running.has(no));
  return {
    running: [...running.entries()].map(([runnerNo, odds]) => ({
      runnerNo,
      odds: odds === Number.MAX_SAFE_INTEGER ? null : odds,
    })),
    scratched,
  };
}

export async function runnersThatRan(db: Db, raceId: number): Promise<Set<number>> {
  return new Set((await runnersByNumber(db, raceId)).running.map((r) => r.runnerNo));
}

/**
 * Centavos on each runner in a race's Win pool. The database adds up tickets with the same picks, so
 * the odds publisher reads a handful of rows however many bets the pool holds.
 */
export async function winStakesOf(db: Db, raceId: number): Promise<Map<number, number>> {
  const groups = await db
    .selectFrom('bet_tickets')
    .select(['selections', (eb) => eb.fn.sum<number | string>('amount').as('amount')])
    .where('first_race_id', '=', raceId)
    .where('bet_type', '=', 'W')
    .groupBy('selections')
    .execute();
  return winStakes(groups.map((g) => ({ amount: Number(g.amount), selections: parseSelections(g.selections) })));
}

/** A race's Win stakes by runner, as of its tickets up to `lastTicketId`. */
export interface WinTally {
  lastTicketId: number;
  stakes: Map<number, number>;
  /** How many Win tickets of each total there are: their stamp tax (a ticket's is on its total). */
  ticketTotals: Map<number, number>;
}

/** How many Win tickets of each total a race has (the stamp tax is per ticket, on its total). */
export async function winTicketTotalsOf(db: Db, raceId: number): Promise<Map<number, number>> {
  const groups = await db
    .selectFrom('bet_tickets')
    .select(['total', (eb) => eb.fn.countAll<number | string>().as('tickets')])
    .where('first_race_id', '=', raceId)
    .where('bet_type', '=', 'W')
    .groupBy('total')
    .execute();
  return new Map(groups.map((g) => [Number(g.total), Number(g.tickets)]));
}

/**
 * Brings a tally up to date with the Win tickets placed since it was last brought up to date, and says
 * whether any were. Only where ticket ids are committed in the order they are given, as on SQLite,
 * where one writer at a time allocates them (on PostgreSQL a lower id can commit after a higher one
 * was read, so there use {@link winStakesOf}). Tickets are never deleted and their stakes never change.
 */
export async function tallyNewWinTickets(db: Db, raceId: number, tally: WinTally): Promise<boolean> {
  const tickets = await db
    .selectFrom('bet_tickets')
    .select(['id', 'selections', 'amount', 'total'])
    .where('first_race_id', '=', raceId)
    .where('bet_type', '=', 'W')
    .where('id', '>', tally.lastTicketId)
    .orderBy('id')
    .execute();
  for (const ticket of tickets) {
    const amount = Number(ticket.amount);
    for (const runner of new Set(parseSelections(ticket.selections)[0] ?? [])) {
      tally.stakes.set(runner, (tally.stakes.get(runner) ?? 0) + amount);
    }
    const total = Number(ticket.total);
    tally.ticketTotals.set(total, (tally.ticketTotals.get(total) ?? 0) + 1);
    tally.lastTicketId = Math.max(tally.lastTicketId, ticket.id);
  }
  return tickets.length > 0;
}

export async function loadPoolCard(db: Db, key: PoolKey): Promise<PoolCard | null> {
  const type = betTypeByCode(key.betType);
  const first = await db
    .selectFrom('races')
    .innerJoin('game_events', 'game_events.id', 'races.event_id')
    .select(['races.event_id', 'races.race_no', 'game_events.race_date'])
    .where('races.id', '=', key.firstRaceId)
    .executeTakeFirst();
  if (!type || !first) return null;
  const numbers = legRaceNumbers(type, first.race_no);
  const races = await db
    .selectFrom('races')
    .leftJoin('race_results', 'race_results.race_id', 'races.id')
    .select(['races.id', 'races.race_no', 'races.status', 'race_results.finish', 'race_results.official_dividends'])
    .where('races.event_id', '=', first.event_id)
    .where('races.race_no', 'in', numbers)
    .execute();
  const legRaces = numbers.flatMap((no) => {
    const race = races.find((r) => r.race_no === no);
    if (!race) return [];
    return [
      {
        raceId: race.id,
        raceNo: race.race_no,
        status: race.status,
        finish: race.finish ? (JSON.parse(race.finish) as FinishOrder) : null,
        officialDividends: race.official_dividends
          ? (JSON.parse(race.official_dividends) as LegRace['officialDividends'])
          : [],
      },
    ];
  });
  const complete =
    legRaces.length === numbers.length &&
    legRaces.every((leg) => leg.status === 'X' || (leg.status === 'D' && leg.finish !== null));
  return {
    key,
    type,
    eventId: first.event_id,
    raceDate: first.race_date,
    firstRaceNo: first.race_no,
    legRaces,
    complete,
  };
}

/** The legs as the settlement arithmetic needs them: finish, scratches and the favourite at close. */
export async function poolLegs(db: Db, card: PoolCard): Promise<PoolLeg[]> {
  const legs: PoolLeg[] = [];
  for (const race of card.legRaces) {
    const { running, scratched } = await runnersByNumber(db, race.raceId);
    const favourite =
      card.type.raceType === 'single' || scratched.length === 0
        ? null
        : favouriteOf(running, await winStakesOf(db, race.raceId));
    legs.push({
      status: race.status === 'X' ? 'X' : 'D',
      finish: race.finish ?? [],
      scratched,
      favourite,
    });
  }
  return legs;
}

export interface StoredTicket extends PoolTicket {
  playerId: number;
  status: string;
  /** When it was placed: a rebate promo's window is checked against it. */
  createdAt: string;
  /** The account that paid for it and is paid when not its player's wallet (a group's, decision 056). */
  holderAccountId: number | null;
}

export async function poolTickets(db: Db, key: PoolKey): Promise<StoredTicket[]> {
  const rows = await db
    .selectFrom('bet_tickets')
    .select([
      'id',
      'player_id',
      'amount',
      'total',
      'from_bonus',
      'selections',
      'status',
      'created_at',
      'holder_account_id',
    ])
    .where('first_race_id', '=', key.firstRaceId)
    .where('bet_type', '=', key.betType)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    playerId: row.player_id,
    amount: row.amount,
    total: row.total,
    fromBonus: row.from_bonus,
    selections: parseSelections(row.selections),
    status: row.status,
    createdAt: row.created_at,
    holderAccountId: row.holder_account_id ?? null,
  }));
}

/** Pools of an event with bets and no settlement yet. */
export async function unsettledPools(db: Db, eventId: number): Promise<PoolKey[]> {
  const rows = await db
    .selectFrom('bet_tickets')
    .leftJoin('pool_settlements', (join) =>
      join
        .onRef('pool_settlements.first_race_id', '=', 'bet_tickets.first_race_id')
        .onRef('pool_settlements.bet_type', '=', 'bet_tickets.bet_type'),
    )
    .select(['bet_tickets.first_race_id', 'bet_tickets.bet_type'])
    .distinct()
    .where('bet_tickets.event_id', '=', eventId)
    .where('pool_settlements.id', 'is', null)
    .execute();
  return rows.map((r) => ({ firstRaceId: r.first_race_id, betType: r.bet_type }));
}
