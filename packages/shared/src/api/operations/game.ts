import { z } from 'zod';
import { betHistoryInputSchema, BettingRoutes, placeBetSchema } from '../betting.ts';
import { Audiences, defineOperations } from '../contract.ts';
import { GameRoutes } from '../game.ts';
import { betHistoryResponseSchema, betReceiptSchema } from '../schemas/betting.ts';
import { gameInfoResponseSchema, raceInfoResponseSchema } from '../schemas/game.ts';
import { rowIdSchema } from '../../validation/ids.ts';
import { emptyBodySchema } from './public.ts';

export const raceInfoInputSchema = z.strictObject({ eventId: rowIdSchema });

/** Race-day calls (game/*): the race card for anyone, bets and their history for the player. */
export const GameOperations = defineOperations({
  getGameInfo: {
    method: 'POST',
    path: GameRoutes.getGameInfo,
    audience: Audiences.public,
    summary: "The day's race cards, the card in play first",
    body: emptyBodySchema,
    response: gameInfoResponseSchema,
  },
  getRaceInfo: {
    method: 'POST',
    path: GameRoutes.getRaceInfo,
    audience: Audiences.public,
    summary: 'A race card with its races, runners and odds, and the live socket address',
    body: raceInfoInputSchema,
    response: raceInfoResponseSchema,
  },
  placeBet: {
    method: 'POST',
    path: BettingRoutes.placeBet,
    audience: Audiences.player,
    summary: 'Places a bet (once per idempotency key); 119 when the balance is short',
    body: placeBetSchema,
    response: betReceiptSchema,
  },
  getBetHistory: {
    method: 'POST',
    path: BettingRoutes.getBetHistory,
    audience: Audiences.player,
    summary: "The player's tickets, newest first (one race day's with eventId), multi-race ones leg by leg",
    body: betHistoryInputSchema.optional(),
    response: betHistoryResponseSchema,
  },
});
