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

/*
 * Race-day calls (game/*, docs/product/api.md#player-calls) and the back office's race control.
 * Player side: POST, JSON, no session needed to read the race card. Their paths (GameRoutes,
 * RacingAdminRoutes) are built from the operations: api/operations/game.ts and api/operations/racing.ts.
 */

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
