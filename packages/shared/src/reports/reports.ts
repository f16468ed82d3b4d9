import { z } from 'zod';
import { calendarDaysIncluded, isCalendarDay } from '../datetime.ts';

/**
 * The back office's business reports (issue 23, decision 039): gaming figures per Manila day, event, race
 * and pool, payments per channel and status, promotion and rebate cost. Every figure is read from the
 * ledger's postings (or, where the ledger has no split, from the tickets and payment requests that
 * reference them), so the reports add up to the ledger for the same period.
 */

/** The longest range a report answers: any calendar month fits (decision 039: each answers within 1 s). */
export const REPORT_MAX_DAYS = 31;

export const ReportMessages = {
  dayInvalid: 'Enter the date as YYYY-MM-DD (a day that exists).',
  rangeReversed: 'The end date is before the start date.',
  rangeTooLong: `A report covers at most ${REPORT_MAX_DAYS} days: choose a shorter range.`,
} as const;

const manilaDay = z.string().max(10).refine(isCalendarDay, ReportMessages.dayInvalid);

/** Why a range is refused, or null: the end before the start, or longer than {@link REPORT_MAX_DAYS}. */
export function reportRangeProblem(from: string, to: string): string | null {
  const days = calendarDaysIncluded(from, to);
  if (days < 1) return ReportMessages.rangeReversed;
  if (days > REPORT_MAX_DAYS) return ReportMessages.rangeTooLong;
  return null;
}

const rangeFields = { from: manilaDay, to: manilaDay };
const checkRange = (range: { from: string; to: string }, ctx: z.RefinementCtx) => {
  const problem = reportRangeProblem(range.from, range.to);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['to'] });
};

/** A range of Manila days, `from` and `to` both included. */
export const reportRangeQuery = z.strictObject(rangeFields).superRefine(checkRange);
export type ReportRange = z.infer<typeof reportRangeQuery>;

export const GAMING_GROUPS = ['day', 'event', 'race', 'pool'] as const;
export type GamingGroup = (typeof GAMING_GROUPS)[number];
export const gamingReportQuery = z
  .strictObject({ ...rangeFields, by: z.enum(GAMING_GROUPS).default('day') })
  .superRefine(checkRange);

const centavos = z.number().int();

/**
 * A pool's (or a group of pools') money in the period, in centavos (decision 039, amended for EO 194 and
 * PD 1157). `payouts` is what winners won before the winnings tax (gross): `winningsTax` of it was withheld
 * for the BIR (the players' tax, not revenue) and the rest reached them. `bonusRetained` is the bonus stake
 * inside winning payouts that the house keeps (decision 016). `takeout` is the whole of a pool's split:
 * its shares (`franchiseCommission`, `prizeFund`, `regulatorShare`, or the single `legacyTakeout` of pools
 * before the split) and the tickets' `stampTax`. `minusPool` is what the house paid into pools so that
 * computed dividends reached 1.00 (decision 046).
 * `ggr` = takeout + breakage + bonusRetained - minusPool (the demo crowd's result left out): what the pools
 * kept. For settled pools it equals turnover + carryIn - carryOut - refunds - payouts (a pool ends at zero).
 * `netRevenue` = ggr - prizeFund - regulatorShare - stampTax: the operator's own (franchise commission,
 * legacy takeout, breakage, bonus kept, less the minus pool).
 */
export const gamingFiguresSchema = z.object({
  turnover: centavos,
  refunds: centavos,
  payouts: centavos,
  winningsTax: centavos,
  bonusRetained: centavos,
  takeout: centavos,
  franchiseCommission: centavos,
  prizeFund: centavos,
  regulatorShare: centavos,
  legacyTakeout: centavos,
  stampTax: centavos,
  breakage: centavos,
  minusPool: centavos,
  carryIn: centavos,
  carryOut: centavos,
  ggr: centavos,
  netRevenue: centavos,
});
export type GamingFigures = z.infer<typeof gamingFiguresSchema>;
export const GAMING_FIGURES = [
  'turnover',
  'refunds',
  'payouts',
  'winningsTax',
  'bonusRetained',
  'takeout',
  'franchiseCommission',
  'prizeFund',
  'regulatorShare',
  'legacyTakeout',
  'stampTax',
  'breakage',
  'minusPool',
  'carryIn',
  'carryOut',
  'ggr',
  'netRevenue',
] as const satisfies readonly (keyof GamingFigures)[];

/** The shares of a pool's gross, by figure, as the tax report shows them per event. */
export const SHARE_FIGURES = [
  'franchiseCommission',
  'prizeFund',
  'regulatorShare',
  'legacyTakeout',
] as const satisfies readonly (keyof GamingFigures)[];
export type ShareFigure = (typeof SHARE_FIGURES)[number];

export const gamingRowSchema = gamingFiguresSchema.extend({
  key: z.string(),
  day: z.string().nullable(),
  eventId: z.number().int().nullable(),
  eventName: z.string().nullable(),
  raceId: z.number().int().nullable(),
  raceNo: z.number().int().nullable(),
  betType: z.string().nullable(),
});
export type GamingRow = z.infer<typeof gamingRowSchema>;

export const gamingReportResponseSchema = z.object({
  statusCode: z.literal(200),
  from: z.string(),
  to: z.string(),
  by: z.enum(GAMING_GROUPS),
  rows: z.array(gamingRowSchema),
  totals: gamingFiguresSchema,
});
export type GamingReportResponse = z.infer<typeof gamingReportResponseSchema>;

export const paymentReportRowSchema = z.object({
  kind: z.enum(['DEPOSIT', 'WITHDRAW']),
  channel: z.string(),
  status: z.enum(['PENDING', 'APPROVED', 'DECLINED']),
  count: z.number().int(),
  amount: centavos,
  bonus: centavos,
});
export type PaymentReportRow = z.infer<typeof paymentReportRowSchema>;
export const paymentReportResponseSchema = z.object({
  statusCode: z.literal(200),
  from: z.string(),
  to: z.string(),
  rows: z.array(paymentReportRowSchema),
  totals: z.object({
    depositsApproved: centavos,
    depositBonuses: centavos,
    withdrawalsApproved: centavos,
    /** Approved deposits less approved withdrawals. */
    netCashIn: centavos,
  }),
});
export type PaymentReportResponse = z.infer<typeof paymentReportResponseSchema>;

/** Promotion cost per Manila day: what the promo expense account paid out, by what paid it. */
export const promotionFiguresSchema = z.object({
  /** Rewards of claimed promos. */
  promos: centavos,
  /** Bonuses given with approved deposits. */
  depositBonuses: centavos,
  /** Rebates on settled bets. */
  rebates: centavos,
  /** Anything else on the promo expense account (a reversal). */
  other: centavos,
  total: centavos,
});
export type PromotionFigures = z.infer<typeof promotionFiguresSchema>;
export const promotionReportResponseSchema = z.object({
  statusCode: z.literal(200),
  from: z.string(),
  to: z.string(),
  rows: z.array(promotionFiguresSchema.extend({ day: z.string() })),
  totals: promotionFiguresSchema,
});
export type PromotionReportResponse = z.infer<typeof promotionReportResponseSchema>;
