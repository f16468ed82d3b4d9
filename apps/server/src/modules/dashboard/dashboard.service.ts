import type { Kysely } from 'kysely';
import {
  BET_TYPES,
  BETTING_OPEN_STATUSES,
  DASHBOARD_PENDING_LIMIT,
  DEPOSIT_LATE_AFTER_MS,
  isBettingOpen,
  isDepositLate,
  legsOf,
  manilaDateOf,
  PLAYERS_ONLINE_WINDOW_MINUTES,
  SETTLEMENT_GRACE_MS,
  STREAM_PROBE_STALE_MS,
  type DashboardAlert,
  type DashboardRace,
  type DashboardResponse,
  type RaceStatus,
} from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { isPostgres } from '../../db/statement.ts';
import { demoCrowdIds } from '../players/index.ts';
import { carryoverAccountCode, eventPoolsVersion } from '../tote/index.ts';

type Db = Kysely<Database>;
type Dashboard = Omit<DashboardResponse, 'statusCode'>;

/** Statuses of a race in play on the dashboard: open, last call (closing), closed (running, live). */
export const IN_PLAY_STATUSES = [...BETTING_OPEN_STATUSES, 'C'] as const satisfies readonly RaceStatus[];
const SINGLE_RACE_TYPES = BET_TYPES.filter((type) => legsOf(type) === 1).map((type) => type.code);
const CARRYOVER_CODES = BET_TYPES.map((type) => carryoverAccountCode(type.code));

interface RaceInPlay {
  raceId: number;
  eventId: number;
  eventName: string;
  raceNo: number;
  status: RaceStatus;
  postTime: string;
}

/** What the tickets say about one race day's races in play: per race, its bettors and its pools. */
type RaceFigures = Map<number, Pick<DashboardRace, 'bettors' | 'turnover' | 'pools'>>;

/** What one race in play has sold, kept up to date ticket by ticket (SQLite). */
interface RaceTally {
  /** Per bet type: tickets, turnover, and the latest ticket id counted. */
  pools: Map<string, { tickets: number; turnover: number; lastId: number }>;
  players: Set<number>;
}

/**
 * Ticket figures per race day, each kept under the pools version it was read at (eventPoolsVersion: the
 * day's tickets, statuses, results, scratches and carryovers). Many staff screens refetching on the same
 * POOLS_UPDATED cost one read of the tickets per state, not one per screen.
 *
 * On SQLite a new state reads only the tickets sold since the last read: one writer at a time gives ids in
 * commit order and tickets are never deleted nor their totals changed (decision 037), so one index seek
 * per race and bet type past the latest id counted finds exactly the new ones. The reads run on the
 * server's thread there, and a race day's in-play tickets read again at every state would stall it
 * (18 ms per read at 30,000 tickets, bench/README.md). PostgreSQL reads the races' tickets again on its
 * own processes: its ids are drawn before commit, so "after the latest id" could miss a late commit.
 */
export class DashboardFigureCache {
  private readonly entries = new Map<number, { version: string; figures: RaceFigures }>();
  private readonly tallies = new Map<number, RaceTally>();
  /** How many times tickets were read, for the tests. */
  computations = 0;

  async figuresOf(db: Db, eventId: number, raceIds: readonly number[]): Promise<RaceFigures> {
    // The version first: figures read after it are at least as new, so a version never names older figures.
    const version = await eventPoolsVersion(db, eventId);
    const cached = this.entries.get(eventId);
    if (cached?.version === version && raceIds.every((id) => cached.figures.has(id))) return cached.figures;
    this.computations += 1;
    // The demo crowd's play money is not sales (decision 047): its tickets are left out, as the reports do.
    const crowd = new Set(await demoCrowdIds(db));
    const figures = isPostgres(db)
      ? await readRaceFigures(db, raceIds, crowd)
      : await this.tallyNewTickets(db, raceIds, crowd);
    this.entries.set(eventId, { version, figures });
    return figures;
  }

  private async tallyNewTickets(db: Db, raceIds: readonly number[], crowd: ReadonlySet<number>): Promise<RaceFigures> {
    const figures: RaceFigures = new Map();
    for (const raceId of raceIds) {
      const tally = this.tallies.get(raceId) ?? { pools: new Map(), players: new Set<number>() };
      this.tallies.set(raceId, tally);
      for (const type of BET_TYPES) {
        const pool = tally.pools.get(type.code) ?? { tickets: 0, turnover: 0, lastId: 0 };
        const fresh = await db
          .selectFrom('bet_tickets')
          .select(['id', 'player_id', 'total', 'holder_account_id'])
          .where('first_race_id', '=', raceId)
          .where('bet_type', '=', type.code)
          .where('id', '>', pool.lastId)
          .orderBy('id')
          .execute();
        const membersOf = await groupMembersOf(
          db,
          fresh.filter((ticket) => ticket.holder_account_id !== null).map((ticket) => ticket.id),
        );
        for (const ticket of fresh) {
          pool.lastId = ticket.id;
          if (crowd.has(ticket.player_id)) continue;
          pool.tickets += 1;
          pool.turnover += Number(ticket.total);
          // A group's ticket (decision 056) is its members' bet, not its organiser's: each member bets.
          if (ticket.holder_account_id === null) tally.players.add(ticket.player_id);
          else for (const member of membersOf.get(ticket.id) ?? []) tally.players.add(member);
        }
        if (pool.tickets > 0) tally.pools.set(type.code, pool);
      }
      const pools = [...tally.pools]
        .map(([betType, pool]) => ({ betType, tickets: pool.tickets, turnover: pool.turnover }))
        .sort((a, b) => (a.betType < b.betType ? -1 : a.betType > b.betType ? 1 : 0));
      figures.set(raceId, {
        bettors: tally.players.size,
        turnover: pools.reduce((sum, pool) => sum + pool.turnover, 0),
        pools,
      });
    }
    return figures;
  }

  /** Drops the days and races no longer in play. */
  keepOnly(eventIds: ReadonlySet<number>, raceIds: ReadonlySet<number>): void {
    for (const eventId of this.entries.keys()) if (!eventIds.has(eventId)) this.entries.delete(eventId);
    for (const raceId of this.tallies.keys()) if (!raceIds.has(raceId)) this.tallies.delete(raceId);
  }
}

/** The members of the groups holding these tickets (decision 056), by ticket id. */
async function groupMembersOf(db: Db, ticketIds: readonly number[]): Promise<Map<number, number[]>> {
  const membersOf = new Map<number, number[]>();
  if (ticketIds.length === 0) return membersOf;
  const rows = await db
    .selectFrom('bakas_groups as g')
    .innerJoin('bakas_members as m', 'm.group_id', 'g.id')
    .select(['g.ticket_id', 'm.player_id'])
    .where('g.ticket_id', 'in', [...ticketIds])
    .execute();
  for (const row of rows) {
    if (row.ticket_id === null) continue;
    membersOf.set(row.ticket_id, [...(membersOf.get(row.ticket_id) ?? []), row.player_id]);
  }
  return membersOf;
}

/**
 * Turnover and tickets per pool, and distinct bettors, of the given first races. Each reads the tickets of
 * those races only, through the (first_race_id, bet_type) index; never a scan of the ticket table
 * (decision 037: a scan stalled the server for tens of milliseconds).
 */
async function readRaceFigures(db: Db, raceIds: readonly number[], crowd: ReadonlySet<number>): Promise<RaceFigures> {
  const figures: RaceFigures = new Map(raceIds.map((id) => [id, { bettors: 0, turnover: 0, pools: [] }]));
  if (raceIds.length === 0) return figures;
  const [pools, bettors] = await Promise.all([
    db
      .selectFrom('bet_tickets')
      .select([
        'first_race_id',
        'bet_type',
        (eb) => eb.fn.countAll<number | string>().as('tickets'),
        (eb) => eb.fn.sum<number | string>('total').as('turnover'),
      ])
      .where('first_race_id', 'in', [...raceIds])
      .$if(crowd.size > 0, (q) => q.where('player_id', 'not in', [...crowd]))
      .groupBy(['first_race_id', 'bet_type'])
      .orderBy('first_race_id')
      .orderBy('bet_type')
      .execute(),
    // A group's ticket (decision 056) counts its members as bettors, not its organiser.
    db
      .selectFrom(
        db
          .selectFrom('bet_tickets')
          .select(['first_race_id', 'player_id'])
          .where('first_race_id', 'in', [...raceIds])
          .where('holder_account_id', 'is', null)
          .$if(crowd.size > 0, (q) => q.where('player_id', 'not in', [...crowd]))
          .unionAll(
            db
              .selectFrom('bet_tickets as t')
              .innerJoin('bakas_groups as g', 'g.ticket_id', 't.id')
              .innerJoin('bakas_members as m', 'm.group_id', 'g.id')
              .select(['t.first_race_id', 'm.player_id'])
              .where('t.first_race_id', 'in', [...raceIds])
              .$if(crowd.size > 0, (q) => q.where('t.player_id', 'not in', [...crowd])),
          )
          .as('b'),
      )
      .select(['b.first_race_id', (eb) => eb.fn.count<number | string>('b.player_id').distinct().as('bettors')])
      .groupBy('b.first_race_id')
      .execute(),
  ]);
  for (const pool of pools) {
    const race = figures.get(pool.first_race_id);
    if (!race) continue;
    const turnover = Number(pool.turnover);
    race.pools.push({ betType: pool.bet_type, tickets: Number(pool.tickets), turnover });
    race.turnover += turnover;
  }
  for (const row of bettors) {
    const race = figures.get(row.first_race_id);
    if (race) race.bettors = Number(row.bettors);
  }
  return figures;
}

async function racesInPlay(db: Db): Promise<RaceInPlay[]> {
  const rows = await db
    .selectFrom('races')
    .innerJoin('game_events', 'game_events.id', 'races.event_id')
    .select(['races.id', 'races.event_id', 'game_events.name', 'races.race_no', 'races.status', 'races.start_time'])
    .where('races.status', 'in', [...IN_PLAY_STATUSES])
    .orderBy('races.start_time')
    .orderBy('races.id')
    .execute();
  return rows.map((row) => ({
    raceId: row.id,
    eventId: row.event_id,
    eventName: row.name,
    raceNo: row.race_no,
    status: row.status,
    postTime: row.start_time,
  }));
}

async function pendingPayments(
  db: Db,
  nowMs: number,
): Promise<Pick<Dashboard, 'deposits' | 'withdrawals' | 'pending'>> {
  const lateBefore = new Date(nowMs - DEPOSIT_LATE_AFTER_MS).toISOString();
  // Both read the pending requests only, through the (status, id) index.
  const [summary, oldest] = await Promise.all([
    db
      .selectFrom('payment_requests')
      .select([
        'kind',
        (eb) => eb.fn.countAll<number | string>().as('count'),
        (eb) => eb.fn.min('created_at').as('oldest'),
        (eb) =>
          eb.fn.sum<number | string>(eb.case().when('created_at', '<', lateBefore).then(1).else(0).end()).as('late'),
      ])
      .where('status', '=', 'PENDING')
      .groupBy('kind')
      .execute(),
    db
      .selectFrom('payment_requests')
      .innerJoin('players', 'players.id', 'payment_requests.player_id')
      .select([
        'payment_requests.id',
        'payment_requests.kind',
        'payment_requests.player_id',
        'players.first_name',
        'players.last_name',
        'payment_requests.amount',
        'payment_requests.channel',
        'payment_requests.created_at',
      ])
      .where('payment_requests.status', '=', 'PENDING')
      .orderBy('payment_requests.id')
      .limit(DASHBOARD_PENDING_LIMIT)
      .execute(),
  ]);
  const of = (kind: 'DEPOSIT' | 'WITHDRAW') => summary.find((row) => row.kind === kind);
  const deposits = of('DEPOSIT');
  const withdrawals = of('WITHDRAW');
  return {
    deposits: {
      count: Number(deposits?.count ?? 0),
      oldestAt: deposits?.oldest ?? null,
      late: Number(deposits?.late ?? 0),
    },
    withdrawals: { count: Number(withdrawals?.count ?? 0), oldestAt: withdrawals?.oldest ?? null },
    pending: oldest.map((row) => ({
      id: row.id,
      kind: row.kind,
      playerId: row.player_id,
      playerName: `${row.first_name} ${row.last_name}`,
      amount: Number(row.amount),
      channel: row.channel,
      createdAt: row.created_at,
      late: row.kind === 'DEPOSIT' && isDepositLate(row.created_at, nowMs),
    })),
  };
}

/**
 * Players with a session used in the last PLAYERS_ONLINE_WINDOW_MINUTES: every instance moves the same
 * rows in the one database, so the count is the cluster's, whichever instance answers (decision 038).
 */
async function playersOnline(db: Db, nowMs: number): Promise<number> {
  const since = new Date(nowMs - PLAYERS_ONLINE_WINDOW_MINUTES * 60_000).toISOString();
  const row = await db
    .selectFrom('player_sessions')
    .select((eb) => eb.fn.count<number | string>('player_id').distinct().as('players'))
    .where('last_seen_at', '>=', since)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date(nowMs).toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.players);
}

async function carryovers(db: Db): Promise<Dashboard['carryovers']> {
  const rows = await db
    .selectFrom('accounts')
    .select(['code', 'balance'])
    .where('code', 'in', CARRYOVER_CODES)
    .where('balance', '>', 0)
    .orderBy('code')
    .execute();
  return rows.map((row) => ({ betType: row.code.slice('carryover:'.length), amount: Number(row.balance) }));
}

/**
 * Races of yesterday's and today's race days (Manila) whose result was confirmed over a minute ago and
 * whose pools are not all paid: a pool left paying, or a single-race ticket still open. Settlement runs
 * right after the result is confirmed, so either means it stopped.
 */
async function unsettledRaces(db: Db, nowMs: number): Promise<DashboardAlert[]> {
  const yesterday = manilaDateOf(new Date(nowMs - 24 * 3600_000));
  const confirmedBefore = new Date(nowMs - SETTLEMENT_GRACE_MS).toISOString();
  const rows = await db
    .selectFrom('races')
    .innerJoin('game_events', 'game_events.id', 'races.event_id')
    .innerJoin('race_results', 'race_results.race_id', 'races.id')
    .select(['races.id', 'races.event_id', 'game_events.name', 'races.race_no', 'race_results.confirmed_at'])
    .where('game_events.race_date', '>=', yesterday)
    .where('races.status', '=', 'D')
    .where('race_results.confirmed_at', '<=', confirmedBefore)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('pool_settlements')
            .select('pool_settlements.id')
            .whereRef('pool_settlements.result_race_id', '=', 'races.id')
            .where('pool_settlements.status', '=', 'paying'),
        ),
        eb.exists(
          eb
            .selectFrom('bet_tickets')
            .select('bet_tickets.id')
            .whereRef('bet_tickets.first_race_id', '=', 'races.id')
            .where('bet_tickets.bet_type', 'in', SINGLE_RACE_TYPES)
            .where('bet_tickets.status', '=', 'open'),
        ),
      ]),
    )
    .orderBy('races.id')
    .execute();
  return rows.map((row) => ({
    kind: 'SETTLEMENT_UNCONFIRMED',
    raceId: row.id,
    eventId: row.event_id,
    eventName: row.name,
    raceNo: row.race_no,
    since: row.confirmed_at,
    detail: '',
  }));
}

/** A race day with races in play whose stream the leader's latest (fresh) probe found down: on its first race in play. */
async function streamsDown(db: Db, races: readonly RaceInPlay[], nowMs: number): Promise<DashboardAlert[]> {
  const eventIds = [...new Set(races.map((race) => race.eventId))];
  if (eventIds.length === 0) return [];
  const probes = await db
    .selectFrom('stream_probes')
    .select(['event_id', 'detail', 'since'])
    .where('event_id', 'in', eventIds)
    .where('up', '=', 0)
    .where('checked_at', '>=', new Date(nowMs - STREAM_PROBE_STALE_MS).toISOString())
    .execute();
  return probes.flatMap((probe) => {
    const race = races.find((r) => r.eventId === probe.event_id);
    return race
      ? [
          {
            kind: 'STREAM_DOWN' as const,
            raceId: race.raceId,
            eventId: race.eventId,
            eventName: race.eventName,
            raceNo: race.raceNo,
            since: probe.since,
            detail: probe.detail,
          },
        ]
      : [];
  });
}

async function hasRaceDayToday(db: Db, nowMs: number): Promise<boolean> {
  const row = await db
    .selectFrom('game_events')
    .select('id')
    .where('race_date', '=', manilaDateOf(new Date(nowMs)))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The dashboard at `nowMs`: every figure read from the database, so every instance answers the same. */
export async function raceDayDashboard(db: Db, cache: DashboardFigureCache, nowMs: number): Promise<Dashboard> {
  const races = await racesInPlay(db);
  const byEvent = new Map<number, number[]>();
  for (const race of races) byEvent.set(race.eventId, [...(byEvent.get(race.eventId) ?? []), race.raceId]);
  cache.keepOnly(new Set(byEvent.keys()), new Set(races.map((race) => race.raceId)));
  const [figures, carried, payments, online, unsettled, streams, raceDayToday] = await Promise.all([
    Promise.all([...byEvent].map(([eventId, raceIds]) => cache.figuresOf(db, eventId, raceIds))),
    carryovers(db),
    pendingPayments(db, nowMs),
    playersOnline(db, nowMs),
    unsettledRaces(db, nowMs),
    streamsDown(db, races, nowMs),
    hasRaceDayToday(db, nowMs),
  ]);
  const figureOf = (raceId: number) =>
    figures.map((day) => day.get(raceId)).find((found) => found !== undefined) ?? {
      bettors: 0,
      turnover: 0,
      pools: [],
    };
  const postTimePassed = races
    .filter((race) => isBettingOpen(race.status) && Date.parse(race.postTime) < nowMs)
    .map((race): DashboardAlert => ({
      kind: 'POST_TIME_PASSED',
      raceId: race.raceId,
      eventId: race.eventId,
      eventName: race.eventName,
      raceNo: race.raceNo,
      since: race.postTime,
      detail: '',
    }));
  return {
    now: new Date(nowMs).toISOString(),
    raceDayToday,
    races: races.map((race) => ({ ...race, ...figureOf(race.raceId) })),
    carryovers: carried,
    ...payments,
    playersOnline: online,
    alerts: [...postTimePassed, ...unsettled, ...streams],
  };
}

/** For the stream prober: race days with a race not yet done, and their stream address. */
export async function streamsInPlay(db: Db): Promise<{ eventId: number; url: string }[]> {
  const rows = await db
    .selectFrom('game_events')
    .select(['game_events.id', 'game_events.stream_url'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('races')
          .select('races.id')
          .whereRef('races.event_id', '=', 'game_events.id')
          .where('races.status', 'in', ['A', ...IN_PLAY_STATUSES]),
      ),
    )
    .execute();
  return rows.map((row) => ({ eventId: row.id, url: row.stream_url.trim() }));
}
