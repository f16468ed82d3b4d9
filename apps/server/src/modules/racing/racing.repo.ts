import type { Kysely, Transaction } from 'kysely';
import {
  cardProgress,
  compareCards,
  compareRunnerNo,
  type DayCard,
  type FlagBetType,
  type GameEvent,
  type Race,
  type RaceStatus,
  type Runner,
} from '@karera/shared';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function oddsText(hundredths: number | null): string | null {
  return hundredths === null ? null : (hundredths / 100).toFixed(2);
}

function betTypes(json: string): FlagBetType[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? (parsed as FlagBetType[]) : [];
}

export async function findEvent(db: Db, eventId: number): Promise<GameEvent | undefined> {
  const row = await db.selectFrom('game_events').selectAll().where('id', '=', eventId).executeTakeFirst();
  return row && toEvent(row);
}

function toEvent(row: {
  id: number;
  name: string;
  arena: string;
  stream_url: string;
  race_date: string;
  enabled_bet_types: string;
}): GameEvent {
  return {
    id: row.id,
    name: row.name,
    arena: row.arena,
    streamUrl: row.stream_url,
    raceDate: row.race_date,
    enabledBetTypes: betTypes(row.enabled_bet_types),
  };
}

export async function listEvents(db: Db, options: { fromDate?: string; limit?: number } = {}): Promise<GameEvent[]> {
  let query = db.selectFrom('game_events').selectAll();
  if (options.fromDate)
    query = query.where('race_date', '>=', options.fromDate).orderBy('race_date', 'asc').orderBy('id', 'asc');
  else query = query.orderBy('race_date', 'desc').orderBy('id', 'desc');
  const rows = await query.limit(options.limit ?? 50).execute();
  return rows.map(toEvent);
}

/** Cards a player may still care about: a day's worth, even when a simulator makes hundreds. */
const RECENT_CARDS = 200;
const FINISHED_CARDS_SHOWN = 30;

/**
 * The cards of a race day (Manila date `today`) as players meet them (shared compareCards): the card
 * in play first, then the next to start, then today's finished ones, latest first. A card of the day
 * before still running after midnight stays; empty when no card is that recent.
 */
export async function dayCards(db: Db, today: string, yesterday: string): Promise<DayCard[]> {
  const events = await db
    .selectFrom('game_events')
    .selectAll()
    .where('race_date', '>=', yesterday)
    .orderBy('id', 'desc')
    .limit(RECENT_CARDS)
    .execute();
  if (events.length === 0) return [];
  const races = await db
    .selectFrom('races')
    .select(['event_id', 'status', 'start_time'])
    .where(
      'event_id',
      'in',
      events.map((event) => event.id),
    )
    .execute();
  const racesByEvent = new Map<number, { status: RaceStatus; startDateTime: string }[]>();
  for (const race of races) {
    const list = racesByEvent.get(race.event_id) ?? [];
    list.push({ status: race.status, startDateTime: race.start_time });
    racesByEvent.set(race.event_id, list);
  }
  const cards = events
    .map((row) => {
      const list = racesByEvent.get(row.id) ?? [];
      return { ...toEvent(row), ...cardProgress(list), raceCount: list.length };
    })
    .filter((card) => card.phase !== 'finished' || card.raceDate >= today)
    .sort(compareCards);
  const finished = cards.filter((card) => card.phase === 'finished').slice(0, FINISHED_CARDS_SHOWN);
  return [...cards.filter((card) => card.phase !== 'finished'), ...finished];
}

export async function racesOfEvent(db: Db, eventId: number): Promise<Race[]> {
  const races = await db.selectFrom('races').selectAll().where('event_id', '=', eventId).orderBy('race_no').execute();
  if (races.length === 0) return [];
  const runners = await db
    .selectFrom('runners')
    .selectAll()
    .where(
      'race_id',
      'in',
      races.map((r) => r.id),
    )
    .execute();
  return races.map((race) => ({
    raceId: race.id,
    eventId: race.event_id,
    raceNo: race.race_no,
    status: race.status,
    startDateTime: race.start_time,
    enabledBetTypes: betTypes(race.enabled_bet_types),
    runners: runners
      .filter((r) => r.race_id === race.id)
      .sort((a, b) => compareRunnerNo(a.runner_no, b.runner_no))
      .map(toRunner),
    ...(race.replay_url ? { replayUrl: race.replay_url } : {}),
  }));
}

function toRunner(row: {
  id: number;
  runner_no: string;
  horse_name: string;
  jockey_name: string;
  status: 'A' | 'S';
  odds: number | null;
  finish_position: number | null;
}): Runner {
  return {
    id: row.id,
    runnerNo: row.runner_no,
    horseName: row.horse_name,
    jockeyName: row.jockey_name,
    status: row.status,
    odds: row.status === 'S' ? null : oddsText(row.odds),
    finishPosition: row.finish_position,
  };
}

export async function findRace(db: Db, raceId: number): Promise<Race | undefined> {
  const row = await db.selectFrom('races').select(['event_id']).where('id', '=', raceId).executeTakeFirst();
  if (!row) return undefined;
  return (await racesOfEvent(db, row.event_id)).find((r) => r.raceId === raceId);
}

/**
 * The state of every race still in play (A, O, L, C), as the socket messages that describe it: a
 * (re)connecting client starts from this instead of from whatever it missed.
 */
export async function liveSnapshot(
  db: Db,
): Promise<{ raceId: number; status: Race['status']; odds: (string | null)[] }[]> {
  const races = await db
    .selectFrom('races')
    .select(['id', 'status'])
    .where('status', 'in', ['A', 'O', 'L', 'C'])
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  if (races.length === 0) return [];
  const runners = await db
    .selectFrom('runners')
    .select(['race_id', 'runner_no', 'status', 'odds'])
    .where(
      'race_id',
      'in',
      races.map((r) => r.id),
    )
    .execute();
  return races.map((race) => ({
    raceId: race.id,
    status: race.status,
    odds: runners
      .filter((r) => r.race_id === race.id)
      .sort((a, b) => compareRunnerNo(a.runner_no, b.runner_no))
      .map((r) => (r.status === 'S' ? null : oddsText(r.odds))),
  }));
}

export async function raceCounts(db: Db, eventIds: readonly number[]): Promise<Map<number, number>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('races')
    .select(['event_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('event_id', 'in', [...eventIds])
    .groupBy('event_id')
    .execute();
  return new Map(rows.map((r) => [r.event_id, Number(r.count)]));
}
