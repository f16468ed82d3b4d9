import type { z } from 'zod';
import type {
  dayCardSchema,
  eventSummarySchema,
  gameEventSchema,
  gameInfoResponseSchema,
  raceInfoResponseSchema,
  raceSchema,
  runnerSchema,
} from './schemas/game.ts';

/**
 * Race-day calls (game/*, docs/product/api.md#player-calls) and the back office's race control.
 * Player side: POST, JSON, no session needed to read the race card.
 */
export const GameRoutes = {
  getGameInfo: '/api/game/getGameInfo', // {} -> GameInfoResponse
  getRaceInfo: '/api/game/getRaceInfo', // { eventId } -> RaceInfoResponse
} as const;

/** Bet-type codes an event or race can switch on (docs/product/betting.md#bet-types; W and FC are always on). */
export const FLAG_BET_TYPES = ['TRI', 'QRT', 'PENTA', 'DD', 'DD+1', 'XD', 'PICK4', 'PICK5', 'PICK6', 'WTA'] as const;
export type FlagBetType = (typeof FLAG_BET_TYPES)[number];

export type GameEvent = z.infer<typeof gameEventSchema>;

export type Runner = z.infer<typeof runnerSchema>;

export type Race = z.infer<typeof raceSchema>;

/** A card of the day with where it stands (shared cardProgress). */
export type DayCard = z.infer<typeof dayCardSchema>;

export type GameInfoResponse = z.infer<typeof gameInfoResponseSchema>;

export type RaceInfoResponse = z.infer<typeof raceInfoResponseSchema>;

export type EventSummary = z.infer<typeof eventSummarySchema>;

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
