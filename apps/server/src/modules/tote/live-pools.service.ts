import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  BET_TYPES,
  forecastProbables,
  legRaceNumbers,
  multiLegWillPays,
  runnerBaseNumber,
  winOddsHistory,
  type RacePoolsResponse,
} from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { isPostgres } from '../../db/statement.ts';
import { loadPoolCard, parseSelections, poolLegs, poolTickets } from './pools.ts';
import { carryoverAccountCode } from './settlement.service.ts';
import { poolPolicyOf } from './tote-settings.ts';

type Db = Kysely<Database>;
type RacePools = Omit<RacePoolsResponse, 'statusCode'>;

/** Points on a runner's odds chart: enough for a line, few enough for a phone. */
export const ODDS_HISTORY_POINTS = 24;

interface RaceRow {
  id: number;
  eventId: number;
  raceNo: number;
  status: string;
  raceDate: string;
}

async function findRace(db: Db, raceId: number): Promise<RaceRow | undefined> {
  const row = await db
    .selectFrom('races')
    .innerJoin('game_events', 'game_events.id', 'races.event_id')
    .select(['races.id', 'races.event_id', 'races.race_no', 'races.status', 'game_events.race_date'])
    .where('races.id', '=', raceId)
    .executeTakeFirst();
  return row && { id: row.id, eventId: row.event_id, raceNo: row.race_no, status: row.status, raceDate: row.race_date };
}

/** Each pool of a race day that has sold: how many tickets (PostgreSQL) and its latest ticket. */
async function poolSales(
  db: Db,
  eventId: number,
): Promise<{ first_race_id: number; bet_type: string; count: number | string; last: number | string | null }[]> {
  if (isPostgres(db)) {
    // Kept by the database as tickets are written (migration 20261127010000_pool_sales_marks).
    return db
      .selectFrom('pool_sales_marks')
      .innerJoin('races', 'races.id', 'pool_sales_marks.first_race_id')
      .select([
        'pool_sales_marks.first_race_id',
        'pool_sales_marks.bet_type',
        (eb) => eb.fn.sum<number | string>('pool_sales_marks.tickets').as('count'),
        (eb) => eb.fn.max('pool_sales_marks.last_ticket_id').as('last'),
      ])
      .where('races.event_id', '=', eventId)
      .groupBy(['pool_sales_marks.first_race_id', 'pool_sales_marks.bet_type'])
      .orderBy('pool_sales_marks.first_race_id')
      .orderBy('pool_sales_marks.bet_type')
      .execute();
  }
  // One writer at a time: ids come in commit order, so a pool's latest ticket names its sales. One seek
  // of the (first_race_id, bet_type) index per race and bet type, however many tickets were sold.
  const betTypes = sql.join(BET_TYPES.map((type) => sql`(${type.code})`));
  const { rows } = await sql<{ first_race_id: number; bet_type: string; last: number | null }>`
    select r.id as first_race_id, t.column1 as bet_type,
      (select max(b.id) from bet_tickets b where b.first_race_id = r.id and b.bet_type = t.column1) as last
    from races r cross join (values ${betTypes}) as t
    where r.event_id = ${eventId}
    order by r.id, t.column1`.execute(db);
  return rows.filter((row) => row.last !== null).map((row) => ({ ...row, count: 0 }));
}

/**
 * A name for the state of a race day's pools: its tickets (how many and the latest, per pool), its races'
 * statuses and results, and its scratches. Every server reads the same database, so every server names
 * the same state the same way: the live socket's POOLS_UPDATED carries it and clients skip a state they
 * hold.
 */
export async function eventPoolsVersion(db: Db, eventId: number): Promise<string> {
  const [tickets, races, scratches, carryovers] = await Promise.all([
    poolSales(db, eventId),
    db
      .selectFrom('races')
      .leftJoin('race_results', 'race_results.race_id', 'races.id')
      .select(['races.id', 'races.status', 'race_results.finish'])
      .where('races.event_id', '=', eventId)
      .orderBy('races.id')
      .execute(),
    db
      .selectFrom('runners')
      .innerJoin('races', 'races.id', 'runners.race_id')
      .select(['runners.id'])
      .where('races.event_id', '=', eventId)
      .where('runners.status', '=', 'S')
      .orderBy('runners.id')
      .execute(),
    db
      .selectFrom('accounts')
      .select(['code', 'balance'])
      .where(
        'code',
        'in',
        BET_TYPES.map((t) => carryoverAccountCode(t.code)),
      )
      .orderBy('code')
      .execute(),
  ]);
  const state = JSON.stringify([
    tickets.map((t) => [t.first_race_id, t.bet_type, Number(t.count), Number(t.last)]),
    races.map((r) => [r.id, r.status, r.finish]),
    scratches.map((s) => s.id),
    carryovers.map((c) => [c.code, c.balance]),
  ]);
  return createHash('sha256').update(state).digest('hex').slice(0, 20);
}

async function carryIn(db: Db, betType: string): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select('balance')
    .where('code', '=', carryoverAccountCode(betType))
    .executeTakeFirst();
  return row?.balance ?? 0;
}

/** The running runners of a race by betting number (a coupled entry counts once), in order. */
async function runningRunners(db: Db, raceId: number): Promise<number[]> {
  const rows = await db.selectFrom('runners').select(['runner_no', 'status']).where('race_id', '=', raceId).execute();
  const running = new Set(rows.filter((r) => r.status === 'A').map((r) => runnerBaseNumber(r.runner_no)));
  return [...running].sort((a, b) => a - b);
}

async function winOddsOf(db: Db, race: RaceRow): Promise<RacePools['winOdds']> {
  const tickets = await db
    .selectFrom('bet_tickets')
    .select(['amount', 'selections', 'created_at'])
    .where('first_race_id', '=', race.id)
    .where('bet_type', '=', 'W')
    .orderBy('id')
    .execute();
  const policy = await poolPolicyOf(db, { firstRaceId: race.id, betType: 'W' });
  const timed = tickets.map((t) => ({
    amount: Number(t.amount),
    selections: parseSelections(t.selections),
    at: Date.parse(t.created_at),
  }));
  // The chart runs from the first bet to the latest: the pool does not move between bets.
  const history = winOddsHistory(timed, policy, timed.at(-1)?.at ?? 0, ODDS_HISTORY_POINTS);
  const running = new Set(await runningRunners(db, race.id));
  return {
    times: history.times.map((t) => new Date(t).toISOString()),
    runners: [...history.odds.entries()]
      .filter(([runnerNo]) => running.has(runnerNo))
      .map(([runnerNo, odds]) => ({ runnerNo, odds })),
  };
}

async function forecastOf(db: Db, race: RaceRow): Promise<RacePools['forecast']> {
  const [tickets, policy, runners, carry] = await Promise.all([
    poolTickets(db, { firstRaceId: race.id, betType: 'FC' }),
    poolPolicyOf(db, { firstRaceId: race.id, betType: 'FC' }),
    runningRunners(db, race.id),
    carryIn(db, 'FC'),
  ]);
  const scratchedRows = await db
    .selectFrom('runners')
    .select(['runner_no', 'status'])
    .where('race_id', '=', race.id)
    .execute();
  const scratched = [
    ...new Set(scratchedRows.map((r) => runnerBaseNumber(r.runner_no)).filter((no) => !runners.includes(no))),
  ];
  const type = BET_TYPES.find((t) => t.code === 'FC');
  if (!type) return { runners, cells: [] };
  const probables = forecastProbables({ betType: type, tickets, policy, carryIn: carry }, { scratched }, runners);
  return {
    runners,
    cells: probables.cells.map(({ first, second, dividend }) => ({ first, second, dividend })),
  };
}

/** Every multi-race pool whose next leg is this race, with what each of its runners would pay. */
async function willPaysOf(db: Db, race: RaceRow): Promise<RacePools['willPays']> {
  const answers: RacePools['willPays'] = [];
  for (const type of BET_TYPES) {
    if (type.raceType === 'single') continue;
    const offsets = legRaceNumbers(type, 0);
    for (const [leg, offset] of offsets.entries()) {
      if (leg === 0 || race.raceNo - offset < 1) continue;
      const first = await db
        .selectFrom('races')
        .select('id')
        .where('event_id', '=', race.eventId)
        .where('race_no', '=', race.raceNo - offset)
        .executeTakeFirst();
      if (!first) continue;
      const key = { firstRaceId: first.id, betType: type.code };
      const tickets = await poolTickets(db, key);
      if (tickets.length === 0) continue;
      const card = await loadPoolCard(db, key);
      if (!card || card.legRaces.length !== offsets.length) continue;
      const [policy, legs, carry] = await Promise.all([
        poolPolicyOf(db, key),
        poolLegs(db, card),
        carryIn(db, type.code),
      ]);
      const runnersByLeg = await Promise.all(card.legRaces.map((r) => runningRunners(db, r.raceId)));
      const willPays = multiLegWillPays({ betType: type, tickets, policy, carryIn: carry, legs, runnersByLeg });
      if (!willPays || willPays.leg !== leg) continue;
      answers.push({
        betType: type.code,
        name: type.name,
        firstRaceNo: card.firstRaceNo,
        leg: leg + 1,
        legs: offsets.length,
        exact: willPays.exact,
        lines: willPays.lines.map((line) => ({
          runnerNo: line.runner,
          winners: line.prefix,
          dividend: line.dividend,
        })),
      });
    }
  }
  return answers;
}

/**
 * A race's pools for the live screen, read from the stored tickets, races and results: any server
 * answers the same. The last answer per race is kept by its version, so many screens reading after one
 * POOLS_UPDATED cost one computation per server.
 */
export function livePoolsReader(db: Db) {
  const cache = new Map<number, RacePools>();
  return async (raceId: number): Promise<RacePools | null> => {
    const race = await findRace(db, raceId);
    if (!race) return null;
    const version = await eventPoolsVersion(db, race.eventId);
    const cached = cache.get(raceId);
    if (cached?.version === version) return cached;
    const [winOdds, forecast, willPays] = await Promise.all([
      winOddsOf(db, race),
      forecastOf(db, race),
      willPaysOf(db, race),
    ]);
    const answer = { raceId, version, winOdds, forecast, willPays };
    if (cache.size > 500) cache.clear();
    cache.set(raceId, answer);
    return answer;
  };
}

/** How often the pools of races still to run are looked at: at most one POOLS_UPDATED per race per 2 s. */
export const POOLS_INTERVAL_MS = 2_000;

/**
 * Tells the live screens when a race's pools changed: every POOLS_INTERVAL_MS, the version of each race
 * day with a race still to run; when it moved, one POOLS_UPDATED per such race. Only the leading
 * instance runs this (decision 030): every client hears each version once.
 */
export function startPoolsPublisher(
  deps: {
    db: Db;
    pubsub: { publish: (messages: { type: 'POOLS_UPDATED'; raceId: number; version: string }[]) => Promise<void> };
  },
  log: { error: (o: object, m: string) => void },
  intervalMs = POOLS_INTERVAL_MS,
) {
  const lastVersion = new Map<number, string>();
  let running = false;
  let stopped = false;

  async function tick(): Promise<void> {
    const races = await deps.db
      .selectFrom('races')
      .select(['id', 'event_id'])
      .where('status', 'in', ['A', 'O', 'L', 'C'])
      .orderBy('id')
      .execute();
    const byEvent = new Map<number, number[]>();
    for (const race of races) byEvent.set(race.event_id, [...(byEvent.get(race.event_id) ?? []), race.id]);
    for (const eventId of lastVersion.keys()) if (!byEvent.has(eventId)) lastVersion.delete(eventId);
    for (const [eventId, raceIds] of byEvent) {
      if (stopped) return;
      const version = await eventPoolsVersion(deps.db, eventId);
      if (lastVersion.get(eventId) === version) continue;
      // A server that just started announces what it finds too: screens holding that version skip it.
      lastVersion.set(eventId, version);
      await deps.pubsub.publish(raceIds.map((raceId) => ({ type: 'POOLS_UPDATED' as const, raceId, version })));
    }
  }

  let current: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = true;
    current = tick()
      .catch((error: unknown) => log.error({ err: error }, 'pools update failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return {
    /** Stops ticking; resolves once a tick under way has finished (a new leader then starts clean). */
    async stop() {
      stopped = true;
      clearInterval(timer);
      await current;
    },
  };
}
