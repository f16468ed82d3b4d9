import { z } from 'zod';
import { betHistoryInputSchema, placeBetSchema } from '../betting.ts';
import { Audiences, defineOperations } from '../contract.ts';
import { betHistoryResponseSchema, betReceiptSchema } from '../schemas/betting.ts';
import { gameInfoResponseSchema, raceInfoResponseSchema } from '../schemas/game.ts';
import { rowIdSchema } from '../../validation/ids.ts';
import { emptyBodySchema } from './public.ts';
import { lazySchema } from '../../validation/lazySchema.ts';

export const raceInfoInputSchema = lazySchema(() => z.strictObject({ eventId: rowIdSchema }));

/** Race-day calls (game/*): the race card for anyone, bets and their history for the player. */
export const GameOperations = defineOperations({
  getGameInfo: {
    method: 'POST',
    path: '/api/game/getGameInfo',
    audience: Audiences.public,
    summary: "The day's race cards, the card in play first",
    body: emptyBodySchema,
    response: gameInfoResponseSchema,
  },
  getRaceInfo: {
    method: 'POST',
    path: '/api/game/getRaceInfo',
    audience: Audiences.public,
    summary: 'A race card with its races, runners and odds, and the live socket address',
    body: raceInfoInputSchema,
    response: raceInfoResponseSchema,
  },
  placeBet: {
    method: 'POST',
    path: '/api/game/placeBet',
    audience: Audiences.player,
    summary: 'Places a bet (once per idempotency key); 119 when the balance is short',
    body: placeBetSchema,
    response: betReceiptSchema,
  },
  getBetHistory: {
    method: 'POST',
    path: '/api/game/getBetHistory',
    audience: Audiences.player,
    summary: "The player's tickets, newest first (one race day's with eventId), multi-race ones leg by leg",
    body: lazySchema(() => betHistoryInputSchema.optional()),
    response: betHistoryResponseSchema,
  },
});

/** The race card's calls, for callers: built from the operations, so each path is written once. */
export const GameRoutes = {
  getGameInfo: GameOperations.getGameInfo.path, // {} -> GameInfoResponse
  getRaceInfo: GameOperations.getRaceInfo.path, // { eventId } -> RaceInfoResponse
} as const;

/** The bet calls, for callers: built from the operations, so each path is written once. */
export const BettingRoutes = {
  placeBet: GameOperations.placeBet.path, // PlaceBetInput (session) -> BetReceipt; 119 insufficient balance
  getBetHistory: GameOperations.getBetHistory.path, // { eventId? } (session) -> BetHistoryResponse
} as const;
