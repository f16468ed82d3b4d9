import { z } from 'zod';
import { FLAG_BET_TYPES } from '../game.ts';
import { RACE_STATUSES } from '../../racing/status.ts';
import { lazySchema } from '../../validation/lazySchema.ts';

const isoDateTime = lazySchema(() => z.string());

export const gameEventSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    arena: z.string(),
    /** A stream channel name for the embedded player, or an http(s) address of an HLS stream; '' for none. */
    streamUrl: z.string(),
    /** Manila calendar date of the race day, YYYY-MM-DD. */
    raceDate: z.string(),
    enabledBetTypes: z.array(z.enum(FLAG_BET_TYPES)),
  }),
);

export const runnerSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    /** Number with an optional letter suffix, e.g. "1" or "1A" (coupled entries share the number). */
    runnerNo: z.string(),
    horseName: z.string(),
    jockeyName: z.string(),
    status: z.enum(['A', 'S']),
    /** Win odds for 1.00, e.g. "3.50"; null before the pool has bets or for a scratched runner. */
    odds: z.string().nullable(),
    /** Official place once the race is done (1 = winner), null before. */
    finishPosition: z.number().int().nullable(),
  }),
);

export const raceSchema = lazySchema(() =>
  z.object({
    raceId: z.number().int(),
    eventId: z.number().int(),
    raceNo: z.number().int(),
    status: z.enum(RACE_STATUSES),
    /** ISO 8601 UTC. */
    startDateTime: isoDateTime,
    /** Flag-enabled types this race offers (a subset of the event's). */
    enabledBetTypes: z.array(z.enum(FLAG_BET_TYPES)),
    runners: z.array(runnerSchema),
    /** An operator's replay video (an HLS address); absent when the race has none. */
    replayUrl: z.string().optional(),
  }),
);

/** A card of the day with where it stands (shared cardProgress). */
export const dayCardSchema = lazySchema(() =>
  gameEventSchema.extend({
    phase: z.enum(['open', 'running', 'upcoming', 'finished']),
    /** Post time (ISO) of the first race still to run, null once the card is finished. */
    nextPostTime: isoDateTime.nullable(),
    /** Post time (ISO) of the card's last race, null for a card without races. */
    lastPostTime: isoDateTime.nullable(),
    raceCount: z.number().int(),
  }),
);

export const gameInfoResponseSchema = lazySchema(() =>
  z.object({
    statusCode: z.literal(200),
    /**
     * The day's cards (Manila) as players meet them: the card in play first (a race open, else one
     * running), then the next to start, then the finished ones, latest first (shared compareCards).
     */
    events: z.array(dayCardSchema),
  }),
);

export const raceInfoResponseSchema = lazySchema(() =>
  z.object({
    statusCode: z.literal(200),
    event: gameEventSchema,
    races: z.array(raceSchema),
    /** Address of the live socket, e.g. wss://host/ws. */
    webSocketUrl: z.string(),
  }),
);

/** A race day as the back office lists it. */
export const eventSummarySchema = lazySchema(() => gameEventSchema.extend({ raceCount: z.number().int() }));

// Back office race control.

export const eventListResponseSchema = lazySchema(() =>
  z.object({ statusCode: z.literal(200), events: z.array(eventSummarySchema) }),
);
export const eventResponseSchema = lazySchema(() => z.object({ statusCode: z.literal(200), event: gameEventSchema }));
export const eventDetailResponseSchema = lazySchema(() =>
  z.object({
    statusCode: z.literal(200),
    event: gameEventSchema,
    races: z.array(raceSchema),
  }),
);
export const raceResponseSchema = lazySchema(() => z.object({ statusCode: z.literal(200), race: raceSchema }));
