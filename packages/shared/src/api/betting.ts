import { z } from 'zod';
import { BET_TYPES } from '../betTypes.ts';

export const BettingRoutes = {
  placeBet: '/api/game/placeBet', // PlaceBetInput (session) -> BetReceipt; 119 insufficient balance
  getBetHistory: '/api/game/getBetHistory', // {} (session) -> BetHistoryResponse
} as const;

const BET_CODES = BET_TYPES.map((t) => t.code) as [string, ...string[]];

/**
 * A bet as the slip sends it. Money routes never coerce: every number must arrive as a JSON integer.
 * `amount` is centavos per combination; `selections` holds runner numbers per place (single-race types)
 * or per leg (multi-race types).
 */
export const placeBetSchema = z.strictObject({
  raceId: z.number().int().positive(),
  eventId: z.number().int().positive(),
  betType: z.enum(BET_CODES),
  selections: z
    .array(z.array(z.number().int().min(1).max(99)).min(1).max(24))
    .min(1)
    .max(7),
  amount: z.number().int().positive().max(100_000_000),
  useBonus: z.boolean(),
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/),
  sessionId: z.string().max(200).optional(),
  playerId: z.union([z.number().int(), z.string().max(20)]).optional(),
});
export type PlaceBetInput = z.infer<typeof placeBetSchema>;

export interface BetReceipt {
  statusCode: 200;
  ticket_no: string;
  total_amount: number;
  raceId: number;
  betDetails: { type: string; picks: string; amount: number; combinations: number; raceNumbers: number[] };
  creditBalance: number;
  bonusBalance: number;
}

export interface BetHistoryTicket {
  ticketNo: string;
  betDateTime: string;
  raceNo: string;
  /** X when the ticket was refunded for a scratch or cancellation. */
  status: 'open' | 'won' | 'lost' | 'refunded' | 'X';
  wonLose: 'WON' | 'LOSE' | null;
  /** What the win paid to the player's credit (a bonus-funded share pays without its stake). */
  wonAmount: number;
  /** The bonus stake a winning ticket did not get back ('Bonus stake not returned', decision 016). */
  bonusStakeRetained: number;
  /** Stake returned for scratched runners or a cancelled race. */
  refundAmount: number;
  /** Scratched picks of a multi-race ticket that settled as the leg's favourite at close. */
  substitutions: { raceNo: number; scratched: number; favourite: number }[];
  bonusUsed: number;
  bonusEarned: number;
  bets: { type: string; amount: number; combinations: number; totalAmount: number; picks: string }[];
}

export interface BetHistoryResponse {
  statusCode: 200;
  betHistory: BetHistoryTicket[];
}

/** Picks as the history shows them: places split by '-', legs by '/', runners by ','. */
export function formatPicks(
  raceType: 'single' | 'consecutive' | 'alternate',
  selections: readonly (readonly number[])[],
): string {
  return selections.map((runners) => runners.join(',')).join(raceType === 'single' ? '-' : '/');
}
