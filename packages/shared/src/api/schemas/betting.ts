import { z } from 'zod';
import { bakasShareOfTicketSchema } from './bakas.ts';
import { lazySchema } from '../../validation/lazySchema.ts';

/** Why a ticket was refunded (see betHistoryTicketSchema.refundReason). */
export const REFUND_REASONS = ['scratch', 'cancelled', 'noWinner'] as const;

/**
 * The race a bet was placed on, as the server's card has it: the (first) race's number, its race day and
 * post time. Receipts stored before this was sent have none, so a replay of one may lack it.
 */
export const betRaceSchema = lazySchema(() =>
  z.object({
    raceNo: z.number().int(),
    /** The race day (event) name. */
    eventName: z.string(),
    /** Manila calendar date of the race day, YYYY-MM-DD. */
    raceDate: z.string(),
    /** Post time of the race, ISO 8601 UTC. */
    postTime: z.string(),
  }),
);

export const betReceiptSchema = lazySchema(() =>
  z.object({
    statusCode: z.literal(200),
    ticket_no: z.string(),
    total_amount: z.number().int(),
    raceId: z.number().int(),
    betDetails: z.object({
      type: z.string(),
      picks: z.string(),
      amount: z.number().int(),
      combinations: z.number().int(),
      raceNumbers: z.array(z.number().int()),
    }),
    creditBalance: z.number().int(),
    bonusBalance: z.number().int(),
    race: betRaceSchema.optional(),
    /**
     * The tax the pool will withhold from a win (PD 1157): a rate in basis points of the winnings (what a
     * dividend pays above the stake) or of the whole dividend. Receipts stored before it was sent have none.
     */
    winningsTax: z.object({ rateBp: z.number().int(), base: z.enum(['winnings', 'dividend']) }).optional(),
  }),
);

/** A leg of a multi-race ticket as it stands (shared ticketLegs, the rule settlement pays by). */
export const ticketLegSchema = lazySchema(() =>
  z.object({
    raceNo: z.number().int(),
    status: z.enum(['won', 'lost', 'running', 'refunded', 'cancelled']),
    /** Runner numbers picked for the leg. */
    picks: z.array(z.number().int()),
    /** The leg's official winners (several in a dead heat); empty until the result is in. */
    winners: z.array(z.number().int()),
    /** Scratched picks riding on the leg's favourite at close. */
    substitutions: z.array(z.object({ scratched: z.number().int(), favourite: z.number().int() })),
    /** A cancelled leg counted as won by every runner (the 'allwin' policy). */
    wonByAll: z.boolean(),
  }),
);

export const betHistoryTicketSchema = lazySchema(() =>
  z.object({
    ticketNo: z.string(),
    /** The race day of the ticket. */
    eventId: z.number().int(),
    betDateTime: z.string(),
    raceNo: z.string(),
    /** X when the ticket was refunded for a scratch or cancellation. */
    status: z.enum(['open', 'won', 'lost', 'refunded', 'X']),
    wonLose: z.enum(['WON', 'LOSE']).nullable(),
    /** What the win paid to the player's credit, after the tax (a bonus-funded share pays without its stake). */
    wonAmount: z.number().int(),
    /**
     * What the win paid before anything was taken from it: wonAmount + winningsTax + bonusStakeRetained; 0
     * unless the ticket won.
     */
    grossWon: z.number().int(),
    /** The tax withheld from the win (PD 1157: a rate of the winnings, so 0 at the ₱1.00 minimum); 0 on a refund. */
    winningsTax: z.number().int(),
    /** The bonus stake a winning ticket did not get back ('Bonus stake not returned', decision 016). */
    bonusStakeRetained: z.number().int(),
    /** Stake returned for scratched runners or a cancelled race. */
    refundAmount: z.number().int(),
    /** Scratched picks of a multi-race ticket that settled as the leg's favourite at close. */
    substitutions: z.array(
      z.object({ raceNo: z.number().int(), scratched: z.number().int(), favourite: z.number().int() }),
    ),
    /** Each leg of a multi-race ticket; empty for a single-race ticket. */
    legs: z.array(ticketLegSchema),
    /**
     * A multi-race ticket by its legs: every leg won, a leg lost, refunded (a cancelled leg or nothing left
     * to run in one), or still alive (no leg lost, legs to run); null for a single-race ticket.
     */
    legsSummary: z.enum(['won', 'lost', 'refunded', 'alive']).nullable(),
    bonusUsed: z.number().int(),
    bonusEarned: z.number().int(),
    /** The race day (event) name and its Manila date, YYYY-MM-DD. */
    eventName: z.string().optional(),
    raceDate: z.string().optional(),
    /**
     * A win paid from a jackpot's consolation share (Pick 4/5/6, WTA nobody won: the tickets with the most
     * legs won share 25% of the pool) rather than as a winning ticket's dividend.
     */
    consolation: z.boolean().optional(),
    /**
     * Why a refunded ticket got its stake back: its picks were scratched, a race was cancelled, or nobody
     * backed the winning combination and the pool was refunded. Null unless the ticket was refunded.
     */
    refundReason: z.enum(REFUND_REASONS).nullable().optional(),
    /**
     * A group ticket (bakas, decision 056) the player holds shares in: the ticket's fields are the whole
     * ticket's, this is the player's part (stake and payout). Absent on the player's own tickets.
     */
    bakas: bakasShareOfTicketSchema.optional(),
    bets: z.array(
      z.object({
        type: z.string(),
        amount: z.number().int(),
        combinations: z.number().int(),
        totalAmount: z.number().int(),
        picks: z.string(),
      }),
    ),
  }),
);

export const betHistoryResponseSchema = lazySchema(() =>
  z.object({
    statusCode: z.literal(200),
    betHistory: z.array(betHistoryTicketSchema),
  }),
);
