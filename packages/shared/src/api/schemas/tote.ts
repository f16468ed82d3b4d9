import { z } from 'zod';
import { ToteMessages } from '../tote.ts';
import { POOL_SHARE_NAMES } from '../../tote/philippineTaxes.ts';
import { dualControlRequestResponseSchema } from './dualControl.ts';

const cents = z.number().int();
const shareAmountSchema = z.object({ name: z.enum(POOL_SHARE_NAMES), amount: cents });

export const poolSummarySchema = z.object({
  firstRaceId: z.number().int(),
  firstRaceNo: z.number().int(),
  betType: z.string(),
  result: z.enum(['paid', 'consolation', 'carryover', 'refunded']),
  stakes: cents,
  refunds: cents,
  /** The shares and the stamp tax together: what leaves the gross before dividends. */
  takeout: cents,
  /** Each share of the gross, posted to its own account. */
  shares: z.array(shareAmountSchema),
  /** The tickets' documentary stamp tax, out of the gross. */
  stampTax: cents,
  /** The tax withheld from the winning tickets (inside what they won; the players received the rest). */
  winningsTax: cents,
  carryIn: cents,
  carryOut: cents,
  net: cents,
  /** Winnings paid to players' credit, after the tax (a settled pool: the sum of its tickets' won amounts). */
  payouts: cents,
  /**
   * Bonus stake inside winning payouts, not returned to the player and kept by the house (decision 016):
   * payouts + bonusRetained + winningsTax is what the winning tickets won.
   */
  bonusRetained: cents,
  /** What rounding and the bet caps leave to the house: never negative (decision 046). */
  breakage: cents,
  /** What the house pays into the pool so that computed dividends reach the 1.00 minimum. */
  minusPool: cents,
  /**
   * How much official dividends would pay above what the pool holds: a preview shows it, and a result
   * with any excess is refused (0 once settled).
   */
  officialExcess: cents,
  tickets: z.number().int(),
  winningTickets: z.number().int(),
  dividends: z.array(
    z.object({
      combination: z.string(),
      dividend: cents.nullable(),
      stake: cents,
      consolation: z.boolean(),
      official: z.boolean(),
    }),
  ),
});

export const resultPreviewSchema = z.object({
  raceId: z.number().int(),
  raceNo: z.number().int(),
  finish: z.string(),
  pools: z.array(poolSummarySchema),
});

export const settlementReportSchema = z.object({
  raceId: z.number().int(),
  raceNo: z.number().int(),
  status: z.string(),
  finish: z.string().nullable(),
  pools: z.array(poolSummarySchema.extend({ status: z.enum(['paying', 'settled']) })),
  totals: z.object({
    stakes: cents,
    payouts: cents,
    bonusRetained: cents,
    winningsTax: cents,
    refunds: cents,
    takeout: cents,
    stampTax: cents,
    carryIn: cents,
    carryOut: cents,
    breakage: cents,
    minusPool: cents,
  }),
  /**
   * stakes + carry in + minus pool = payouts + bonus retained + winnings tax + refunds + takeout (shares and
   * stamp tax) + carry out + breakage, to the centavo, and no breakage below zero.
   */
  balanced: z.boolean(),
});

/**
 * A winner line of the results page (docs/product/betting.md#results-and-tickets): one per winning combination of each
 * bet type the race offers or completes (a dead heat gives several).
 */
export const winnerLineSchema = z.object({
  betType: z.string(),
  betTypeName: z.string(),
  /** Places by '-', legs by '/' (a cancelled leg as ALL); 'Consolation' for a jackpot's consolation line. */
  picks: z.string(),
  /** Dividend for 1.00 in centavos (computed, or the track's official one); null when none was paid. */
  odds: cents.nullable(),
  /** Why there is no dividend, when odds is null: refunded, no winning ticket, no bets, still settling. */
  reason: z
    .enum([
      ToteMessages.refunded,
      ToteMessages.noWinningTicket,
      ToteMessages.carriedOver,
      ToteMessages.noBets,
      ToteMessages.settling,
    ])
    .optional(),
});

/**
 * A pool settled by the race as the results page breaks it down for players: its gross, the named shares
 * and the stamp tax taken from it (EO 194), the carryovers, the net pool, and each dividend for 1.00 before
 * and after the tax on winnings (PD 1157). The figures are the pool's settlement (pool_settlements).
 */
export const poolBreakdownSchema = z.object({
  betType: z.string(),
  betTypeName: z.string(),
  /** The pool's races, joined by '/' for a multi-race pool ('3', '2/3/4/5'). */
  races: z.string(),
  result: z.enum(['paid', 'consolation', 'carryover', 'refunded']),
  /** The tickets' stakes less what was refunded: what the shares are rates of. */
  grossSales: cents,
  /** Stake refunded (scratches, and a pool refunded whole). */
  refunds: cents,
  /** Each named share of the gross, in the order the pool's policy gives them. */
  shares: z.array(shareAmountSchema),
  /** The tickets' documentary stamp tax, out of the gross. */
  stampTax: cents,
  carryIn: cents,
  carryOut: cents,
  /** The gross less the shares and the stamp tax, plus the carryover in: what the dividends share. */
  netPool: cents,
  /** The pool's tax on winnings: basis points of the winnings (dividend less the stake) or of the dividend. */
  winningsTax: z.object({ rateBp: z.number().int(), base: z.enum(['winnings', 'dividend']) }),
  /** Each dividend for 1.00 the pool paid, and what ₱1 leaves after the tax (shared netDividendOf). */
  dividends: z.array(
    z.object({
      /** As the winner lines write it; 'Consolation' for a jackpot's consolation. */
      picks: z.string(),
      dividend: cents,
      netDividend: cents,
      consolation: z.boolean(),
    }),
  ),
});

export const gameResultResponseSchema = z.object({
  statusCode: z.literal(200),
  raceId: z.number().int(),
  raceNo: z.number().int(),
  winners: z.array(winnerLineSchema),
  /** The breakdown of each pool the race settled; absent until the race has its result. */
  pools: z.array(poolBreakdownSchema).optional(),
  message: z.string().optional(),
});

export const carryoverSchema = z.object({ betType: z.string(), betTypeName: z.string(), amount: cents });

export const carryoversResponseSchema = z.object({ statusCode: z.literal(200), carryovers: z.array(carryoverSchema) });

export const toteSettingSchema = z.object({
  betType: z.string(),
  /** The shares of the pool's gross, each in basis points (850 = 8.5%): EO 194 §1, or one house takeout. */
  shares: z.array(z.object({ name: z.enum(POOL_SHARE_NAMES), rateBp: z.number().int() })),
  /** The documentary stamp tax on each ticket, out of the gross; null where none is due. */
  stampTax: z.union([
    z.null(),
    z.object({ kind: z.literal('per-ticket'), baseCentavos: z.number().int(), perPesoCentavos: z.number().int() }),
    z.object({ kind: z.literal('per-peso'), perPesoCentavos: z.number().int() }),
  ]),
  /** Withheld from each winning ticket: basis points of the winnings (dividend less stake) or of the dividend. */
  winningsTax: z.object({ rateBp: z.number().int(), base: z.enum(['winnings', 'dividend']) }),
  noWinner: z.enum(['refund', 'carryover']),
  multiRaceScratch: z.enum(['favourite', 'refund']),
  cancelledLeg: z.enum(['refund', 'allwin']),
  /** Manila date from which the setting applies to race days. */
  effectiveFrom: z.string(),
  createdAt: z.string().nullable(),
});

export const resultPreviewResponseSchema = resultPreviewSchema.extend({ statusCode: z.literal(200) });
export const settlementReportResponseSchema = settlementReportSchema.extend({ statusCode: z.literal(200) });
/**
 * A confirmed result and its settlement report; or, when its official dividends differ from the tote's,
 * the request waiting for a second admin (decision 046): nothing is recorded or paid until then.
 */
export const confirmResultResponseSchema = z.union([
  z.object({ statusCode: z.literal(200), report: settlementReportSchema }),
  dualControlRequestResponseSchema,
]);
export const toteSettingsResponseSchema = z.object({
  statusCode: z.literal(200),
  settings: z.array(toteSettingSchema),
});
export const toteSettingResponseSchema = z.object({ statusCode: z.literal(200), setting: toteSettingSchema });
