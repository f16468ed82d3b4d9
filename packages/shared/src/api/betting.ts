import { z } from 'zod';
import { BET_TYPES } from '../betTypes.ts';
import { rowIdSchema } from '../validation/ids.ts';
import type {
  betHistoryResponseSchema,
  betHistoryTicketSchema,
  betReceiptSchema,
  ticketLegSchema,
} from './schemas/betting.ts';
import { lazySchema } from '../validation/lazySchema.ts';

// BettingRoutes is built from its operations: api/operations/game.ts.

const BET_CODES = BET_TYPES.map((t) => t.code) as [string, ...string[]];

/**
 * The bet's own fields as the slip sends them: its race, type, picks and stake a combination (centavos, a JSON
 * integer). A player's bet and a group ticket (schemas/bakas.ts) take the same; built when their schema is.
 */
export function betSlipFields() {
  return {
    raceId: rowIdSchema,
    eventId: rowIdSchema,
    betType: z.enum(BET_CODES),
    selections: z
      .array(z.array(z.number().int().min(1).max(99)).min(1).max(24))
      .min(1)
      .max(7),
    amount: z.number().int().positive().max(100_000_000),
  };
}

/**
 * A bet as the slip sends it. Money routes never coerce: every number must arrive as a JSON integer.
 * `amount` is centavos per combination; `selections` holds runner numbers per place (single-race types)
 * or per leg (multi-race types).
 */
export const placeBetSchema = lazySchema(() =>
  z.strictObject({
    ...betSlipFields(),
    useBonus: z.boolean(),
    idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/),
    sessionId: z.string().max(200).optional(),
    playerId: z.union([z.number().int(), z.string().max(20)]).optional(),
  }),
);
export type PlaceBetInput = z.infer<typeof placeBetSchema>;

/** The player's tickets, all of them or one race day's (the live screen's My tickets). */
export const betHistoryInputSchema = lazySchema(() =>
  z.strictObject({
    eventId: rowIdSchema.optional(),
    sessionId: z.string().max(200).optional(),
    playerId: z.union([z.number().int(), z.string().max(20)]).optional(),
  }),
);
export type BetHistoryInput = z.infer<typeof betHistoryInputSchema>;

export type BetReceipt = z.infer<typeof betReceiptSchema>;

export type BetRace = NonNullable<BetReceipt['race']>;

export type RefundReason = NonNullable<BetHistoryTicket['refundReason']>;

export type TicketLeg = z.infer<typeof ticketLegSchema>;

export type BetHistoryTicket = z.infer<typeof betHistoryTicketSchema>;

export type BetHistoryResponse = z.infer<typeof betHistoryResponseSchema>;

/** Picks as the history shows them: places split by '-', legs by '/', runners by ','. */
export function formatPicks(
  raceType: 'single' | 'consecutive' | 'alternate',
  selections: readonly (readonly number[])[],
): string {
  return selections.map((runners) => runners.join(',')).join(raceType === 'single' ? '-' : '/');
}
