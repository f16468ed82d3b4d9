import type { CardProgress } from '../racing/cards.ts';
import type { RaceStatus } from '../racing/status.ts';

/**
 * Race-day calls (spec §7 game/*) and the back office's race control.
 * Player side: POST, JSON, no session needed to read the race card.
 */
export const GameRoutes = {
  getGameInfo: '/api/game/getGameInfo', // {} -> GameInfoResponse
  getRaceInfo: '/api/game/getRaceInfo', // { eventId } -> RaceInfoResponse
} as const;

/** Bet-type codes an event or race can switch on (spec §9 "Flag-enabled" types; W and FC are always on). */
export const FLAG_BET_TYPES = ['TRI', 'QRT', 'PENTA', 'DD', 'DD+1', 'XD', 'PICK4', 'PICK5', 'PICK6', 'WTA'] as const;
export type FlagBetType = (typeof FLAG_BET_TYPES)[number];

export interface GameEvent {
  id: number;
  name: string;
  arena: string;
  /** A stream channel name for the embedded player, or an http(s) address of an HLS stream; '' for none. */
  streamUrl: string;
  /** Manila calendar date of the race day, YYYY-MM-DD. */
  raceDate: string;
  enabledBetTypes: FlagBetType[];
}

export interface Runner {
  id: number;
  /** Number with an optional letter suffix, e.g. "1" or "1A" (coupled entries share the number). */
  runnerNo: string;
  horseName: string;
  jockeyName: string;
  status: 'A' | 'S';
  /** Win odds for 1.00, e.g. "3.50"; null before the pool has bets or for a scratched runner. */
  odds: string | null;
  /** Official place once the race is done (1 = winner), null before. */
  finishPosition: number | null;
}

export interface Race {
  raceId: number;
  eventId: number;
  raceNo: number;
  status: RaceStatus;
  /** ISO 8601 UTC. */
  startDateTime: string;
  /** Flag-enabled types this race offers (a subset of the event's). */
  enabledBetTypes: FlagBetType[];
  runners: Runner[];
}

/** A card of the day with where it stands (shared cardProgress). */
export interface DayCard extends GameEvent, CardProgress {
  raceCount: number;
}

export interface GameInfoResponse {
  statusCode: 200;
  /**
   * The day's cards (Manila) as players meet them: the card in play first (a race open, else one
   * running), then the next to start, then the finished ones, latest first (shared compareCards).
   */
  events: DayCard[];
}

export interface RaceInfoResponse {
  statusCode: 200;
  event: GameEvent;
  races: Race[];
  /** Address of the live socket, e.g. wss://host/ws. */
  webSocketUrl: string;
}

/** A race day as the back office lists it. */
export interface EventSummary extends GameEvent {
  raceCount: number;
}

/** Back office race control (admin). Every change is audited and broadcast. */
export const RacingAdminRoutes = {
  events: '/api/backoffice/racing/events', // GET -> { events: EventSummary[] }; POST EventInput -> { event }
  event: (eventId: number) => `/api/backoffice/racing/events/${eventId}`, // GET -> RaceInfoResponse-like { event, races }; POST EventInput -> { event }
  races: (eventId: number) => `/api/backoffice/racing/events/${eventId}/races`, // POST RaceInput -> { race }
  race: (raceId: number) => `/api/backoffice/racing/races/${raceId}`, // POST RaceUpdateInput -> { race }
  raceStatus: (raceId: number) => `/api/backoffice/racing/races/${raceId}/status`, // POST { status } -> { race }
  runners: (raceId: number) => `/api/backoffice/racing/races/${raceId}/runners`, // POST RunnerInput -> { race }
  runner: (runnerId: number) => `/api/backoffice/racing/runners/${runnerId}`, // POST RunnerUpdateInput -> { race }
  scratch: (runnerId: number) => `/api/backoffice/racing/runners/${runnerId}/scratch`, // POST { scratched: boolean } -> { race }
} as const;
