import { z } from 'zod';
import { BET_TYPES } from '../betTypes.ts';
import { POOL_SHARE_NAMES } from '../tote/philippineTaxes.ts';
import { isCalendarDate } from '../compliance/kyc.ts';
import { rowIdSchema } from '../validation/ids.ts';
import type {
  carryoverSchema,
  carryoversResponseSchema,
  gameResultResponseSchema,
  poolBreakdownSchema,
  poolSummarySchema,
  resultPreviewSchema,
  settlementReportSchema,
  toteSettingSchema,
  winnerLineSchema,
} from './schemas/tote.ts';

// ToteRoutes and ToteAdminRoutes are built from their operations: api/operations/tote.ts.

export const ToteMessages = {
  raceNotClosed: 'Results can be entered only for a race whose betting is closed.',
  finishInvalid: 'Enter the finish with runners that ran, each once, at least as many places as the race pays.',
  dividendInvalid: 'A dividend is at least 1.00, in steps of 0.10.',
  dividendCombination: 'An official dividend must be for one of the winning combinations.',
  takeout: 'Takeout is 0% to 50%, in basis points (1500 = 15%).',
  shareRate: 'A share is 0% to 50% of the gross, in basis points (850 = 8.5%).',
  sharesTotal: 'The shares add up to at most 50% of the gross, each named once.',
  stampTax: 'A stamp tax step is 0 to 50 centavos.',
  winningsTaxRate: 'The tax on winnings is 0% to 50%, in basis points (1000 = 10%).',
  effectiveFrom: 'Enter the effective date as YYYY-MM-DD.',
  effectiveFromPast: 'A setting takes effect today or later: pools already selling keep the rates they opened with.',
  noResult: 'No race result available',
  cannotGetResult: 'Cannot get race result',
  selectRace: 'Select a race to view result',
  raceNotDone: 'The race has no official result yet.',
  officialNeedsSecondAdmin:
    'Official dividends that differ from the tote’s need a second admin: they were sent for approval.',
  officialPending: 'This result waits for a second admin’s approval of its official dividends.',
  raceCancelled: 'This race was cancelled. Its bets are refunded.',
  // Why a results line has no dividend (the Dividend column shows it instead of an amount).
  refunded: 'Refunded',
  noWinningTicket: 'No winning ticket',
  carriedOver: 'No winning ticket: carried over',
  noBets: 'No bets',
  settling: 'Settling',
} as const;

/** Official dividends that would overdraw a pool (decision 046): the result is refused with this. */
export function officialExcessMessage(betType: string, excessPesos: string): string {
  return `The official dividends would pay ₱${excessPesos} more than the ${betType} pool holds. A pool pays at most its net pool and carryover: check the dividends.`;
}

/** The reasons a results line can give instead of a dividend. */
export type NoDividendReason =
  | typeof ToteMessages.refunded
  | typeof ToteMessages.noWinningTicket
  | typeof ToteMessages.carriedOver
  | typeof ToteMessages.noBets
  | typeof ToteMessages.settling;

const BET_CODES = BET_TYPES.map((t) => t.code) as [string, ...string[]];
const runnerNumber = z.number().int().min(1).max(99);

/**
 * The official finish: places in order, each a group of runner numbers (two or more is a dead heat).
 * Official dividends, when given, are the track's figures and win over the computed ones.
 */
export const resultInputSchema = z.strictObject({
  finish: z.array(z.array(runnerNumber).min(1).max(12)).min(1).max(24),
  officialDividends: z
    .array(
      z.strictObject({
        betType: z.enum(BET_CODES),
        /** The winning combination as the results page writes it: '3', '3-5', '2/6'. */
        combination: z.string().regex(/^(\d{1,2}|ALL)([-/](\d{1,2}|ALL))*$/, ToteMessages.dividendCombination),
        dividend: z
          .number()
          .int(ToteMessages.dividendInvalid)
          .min(100, ToteMessages.dividendInvalid)
          .max(1_000_000_000, ToteMessages.dividendInvalid)
          .refine((d) => d % 10 === 0, ToteMessages.dividendInvalid),
      }),
    )
    .max(200)
    .optional(),
});
export type ResultInput = z.infer<typeof resultInputSchema>;

export const confirmResultSchema = resultInputSchema.extend({
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/),
});
export type ConfirmResultInput = z.infer<typeof confirmResultSchema>;

export type PoolSummary = z.infer<typeof poolSummarySchema>;

export type ResultPreview = z.infer<typeof resultPreviewSchema>;

export type SettlementReport = z.infer<typeof settlementReportSchema>;

export type WinnerLine = z.infer<typeof winnerLineSchema>;

export type GameResultResponse = z.infer<typeof gameResultResponseSchema>;

export type PoolBreakdown = z.infer<typeof poolBreakdownSchema>;

export const gameResultSchema = z.strictObject({
  raceId: rowIdSchema,
  eventId: rowIdSchema,
  sessionId: z.string().max(200).optional(),
  playerId: z.union([z.number().int(), z.string().max(20)]).optional(),
});

export type Carryover = z.infer<typeof carryoverSchema>;

export type CarryoversResponse = z.infer<typeof carryoversResponseSchema>;

export type ToteSetting = z.infer<typeof toteSettingSchema>;

const shareRateSchema = z
  .number()
  .int(ToteMessages.shareRate)
  .min(0, ToteMessages.shareRate)
  .max(5000, ToteMessages.shareRate);
const stampStepSchema = z
  .number()
  .int(ToteMessages.stampTax)
  .min(0, ToteMessages.stampTax)
  .max(50, ToteMessages.stampTax);

/** A pool's shares of its gross (EO 194 §1), each named once, together at most half of it. */
export const poolSharesSchema = z
  .array(z.strictObject({ name: z.enum(POOL_SHARE_NAMES), rateBp: shareRateSchema }))
  .max(POOL_SHARE_NAMES.length, ToteMessages.sharesTotal)
  .refine(
    (shares) =>
      new Set(shares.map((share) => share.name)).size === shares.length &&
      shares.reduce((sum, share) => sum + share.rateBp, 0) <= 5000,
    ToteMessages.sharesTotal,
  );

/** The documentary stamp tax on a ticket (EO 194 §2), or none. */
export const stampTaxRateSchema = z.union([
  z.null(),
  z.strictObject({ kind: z.literal('per-ticket'), baseCentavos: stampStepSchema, perPesoCentavos: stampStepSchema }),
  z.strictObject({ kind: z.literal('per-peso'), perPesoCentavos: stampStepSchema }),
]);

/** The tax withheld from winnings (PD 1157). */
export const winningsTaxRuleSchema = z.strictObject({
  rateBp: z
    .number()
    .int(ToteMessages.winningsTaxRate)
    .min(0, ToteMessages.winningsTaxRate)
    .max(5000, ToteMessages.winningsTaxRate),
  base: z.enum(['winnings', 'dividend']),
});

export const toteSettingInputSchema = z.strictObject({
  betType: z.enum(BET_CODES),
  shares: poolSharesSchema,
  stampTax: stampTaxRateSchema,
  winningsTax: winningsTaxRuleSchema,
  noWinner: z.enum(['refund', 'carryover']),
  multiRaceScratch: z.enum(['favourite', 'refund']),
  cancelledLeg: z.enum(['refund', 'allwin']),
  effectiveFrom: z.string().refine(isCalendarDate, ToteMessages.effectiveFrom),
});
export type ToteSettingInput = z.infer<typeof toteSettingInputSchema>;

/** '3-5=7-1' style finish entry in the back office: places by '-', dead heats by '='. */
export function parseFinish(text: string): number[][] | null {
  const trimmed = text.replace(/\s+/g, '');
  if (!/^\d{1,2}(=\d{1,2})*(-\d{1,2}(=\d{1,2})*)*$/.test(trimmed)) return null;
  return trimmed.split('-').map((place) => place.split('=').map(Number));
}
