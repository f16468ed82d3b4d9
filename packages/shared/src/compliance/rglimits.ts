import { z } from 'zod';
import { formatPeso } from '../money.ts';
import { formatManilaDateTime } from '../datetime.ts';
import { sessionOnlySchema } from '../validation/player.ts';
import { lazySchema } from '../validation/lazySchema.ts';

/**
 * Responsible gaming (issue 22): the limits a player sets, cool-off and self-exclusion, the operator's
 * exclusion, and the Manila calendar periods limits are counted in. The server enforces; screens only show.
 */

export const RG_LIMIT_KINDS = [
  'depositDay',
  'depositWeek',
  'depositMonth',
  'lossDay',
  'lossWeek',
  'lossMonth',
  'stakePerBet',
] as const;
export type RgLimitKind = (typeof RG_LIMIT_KINDS)[number];

export type RgPeriod = 'day' | 'week' | 'month';

/** The Manila calendar period a counted limit runs over; the stake per bet has none. */
export const RG_LIMIT_PERIOD: Record<RgLimitKind, RgPeriod | null> = {
  depositDay: 'day',
  depositWeek: 'week',
  depositMonth: 'month',
  lossDay: 'day',
  lossWeek: 'week',
  lossMonth: 'month',
  stakePerBet: null,
};

export const RG_DEPOSIT_LIMIT_KINDS = ['depositDay', 'depositWeek', 'depositMonth'] as const;
export const RG_LOSS_LIMIT_KINDS = ['lossDay', 'lossWeek', 'lossMonth'] as const;

/** Raising or removing a limit waits this long; lowering applies at once. */
export const RG_LIMIT_INCREASE_DELAY_MS = 24 * 3_600_000;
/** Ending a self-exclusion that may be ended (1 or 5 years) waits this long, and never ends its first 6 months. */
export const RG_EXCLUSION_CANCEL_DELAY_MS = 24 * 3_600_000;

/** ₱1 to ₱10,000,000, in centavos. */
export const RG_LIMIT_MIN = 100;
export const RG_LIMIT_MAX = 1_000_000_000;

export const RG_BREAK_PERIODS = [
  'coolOff24h',
  'coolOff7d',
  'coolOff30d',
  'selfExclusion6m',
  'selfExclusion1y',
  'selfExclusion5y',
] as const;
export type RgBreakPeriod = (typeof RG_BREAK_PERIODS)[number];

export type RgExclusionKind = 'coolOff' | 'selfExclusion' | 'operator';

export function rgExclusionKindOf(period: RgBreakPeriod): 'coolOff' | 'selfExclusion' {
  return period.startsWith('coolOff') ? 'coolOff' : 'selfExclusion';
}

/**
 * A player's own break may be ended early only when it is a 1- or 5-year self-exclusion (PAGCOR: the
 * first 6 months of any self-exclusion cannot be revoked; a cool-off runs its course), and then only
 * after a day's wait: see {@link rgSelfExclusionEarliestEndMs}.
 */
export function rgBreakIsCancellable(period: string): boolean {
  return period === 'selfExclusion1y' || period === 'selfExclusion5y';
}

const MANILA_OFFSET_MS = 8 * 3_600_000;

/**
 * When a 1- or 5-year self-exclusion asked to end at `askedMs` ends: a day after asking, but never inside
 * its first 6 months (PAGCOR: those cannot be revoked, whatever the length chosen).
 */
export function rgSelfExclusionEarliestEndMs(startMs: number, askedMs: number): number {
  return Math.max(askedMs + RG_EXCLUSION_CANCEL_DELAY_MS, rgBreakEndMs('selfExclusion6m', startMs));
}
const DAY_MS = 24 * 3_600_000;

/** When a break chosen at `startMs` ends: days and hours exactly, months and years on the Manila calendar. */
export function rgBreakEndMs(period: RgBreakPeriod, startMs: number): number {
  const addMonths = (months: number) => {
    const local = new Date(startMs + MANILA_OFFSET_MS);
    const shifted = new Date(local);
    shifted.setUTCMonth(local.getUTCMonth() + months);
    return shifted.getTime() - MANILA_OFFSET_MS;
  };
  switch (period) {
    case 'coolOff24h':
      return startMs + DAY_MS;
    case 'coolOff7d':
      return startMs + 7 * DAY_MS;
    case 'coolOff30d':
      return startMs + 30 * DAY_MS;
    case 'selfExclusion6m':
      return addMonths(6);
    case 'selfExclusion1y':
      return addMonths(12);
    case 'selfExclusion5y':
      return addMonths(60);
  }
}

/** The Manila calendar day, week (Monday to Sunday) or month that `nowMs` falls in, as UTC instants. */
export function manilaPeriodBounds(period: RgPeriod, nowMs: number): { startMs: number; endMs: number } {
  const local = nowMs + MANILA_OFFSET_MS;
  const dayStartLocal = Math.floor(local / DAY_MS) * DAY_MS;
  if (period === 'day')
    return { startMs: dayStartLocal - MANILA_OFFSET_MS, endMs: dayStartLocal + DAY_MS - MANILA_OFFSET_MS };
  if (period === 'week') {
    const daysSinceMonday = (new Date(dayStartLocal).getUTCDay() + 6) % 7;
    const start = dayStartLocal - daysSinceMonday * DAY_MS - MANILA_OFFSET_MS;
    return { startMs: start, endMs: start + 7 * DAY_MS };
  }
  const date = new Date(dayStartLocal);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  return {
    startMs: Date.UTC(year, month, 1) - MANILA_OFFSET_MS,
    endMs: Date.UTC(year, month + 1, 1) - MANILA_OFFSET_MS,
  };
}

const LIMIT_NAMES: Record<RgLimitKind, string> = {
  depositDay: 'daily deposit limit',
  depositWeek: 'weekly deposit limit',
  depositMonth: 'monthly deposit limit',
  lossDay: 'daily loss limit',
  lossWeek: 'weekly loss limit',
  lossMonth: 'monthly loss limit',
  stakePerBet: 'stake limit per bet',
};

const BREAK_NAMES: Record<RgBreakPeriod, string> = {
  coolOff24h: 'a 24-hour cool-off',
  coolOff7d: 'a 7-day cool-off',
  coolOff30d: 'a 30-day cool-off',
  selfExclusion6m: 'a 6-month self-exclusion',
  selfExclusion1y: 'a 1-year self-exclusion',
  selfExclusion5y: 'a 5-year self-exclusion',
};

export const RgMessages = {
  limitSet: 'Your limit is set.',
  limitPending: 'Your limit changes in 24 hours. Until then the current limit applies.',
  limitRemovalPending: 'Your limit is removed in 24 hours. Until then the current limit applies.',
  limitPendingCancelled: 'The pending change is cancelled. Your current limit stays.',
  breakStarted: 'Your break has started.',
  alreadyOnBreak: 'You are already on a break or excluded.',
  confirmRequired: 'Please confirm that you understand the break cannot be shortened.',
  notCancellable: 'This break cannot be cancelled. It ends on its own.',
  noBreak: 'You have no break to cancel.',
  cancelPending:
    'Your self-exclusion will end at the time shown: 24 hours after you asked, and never within its first 6 months.',
  excludedByOperator: 'Your account is excluded from betting, deposits and promos. Please contact support.',
  playerNotFound: 'Player not found.',
  notExcludedByOperator: 'This player has no operator exclusion to lift.',
  alreadyExcluded: 'This player is already excluded.',
  reasonRequired: 'Please enter a reason.',
  mobileExcluded:
    'This mobile number belongs to an account that is excluded from betting. It cannot be registered again while the exclusion lasts.',
  /** A deposit over a deposit limit: which limit, what is left, and when it resets (Manila time). */
  depositOverLimit: (kind: RgLimitKind, limit: number, remaining: number, resetsAtIso: string) =>
    `This deposit is over your ${LIMIT_NAMES[kind]} of ${formatPeso(limit)}: you can deposit ${formatPeso(Math.max(0, remaining))} more until it resets on ${formatManilaDateTime(resetsAtIso)} (Manila time).`,
  /** A bet over the stake per bet limit. */
  stakeOverLimit: (limit: number) =>
    `This bet is over your ${LIMIT_NAMES.stakePerBet} of ${formatPeso(limit)}. Lower the amount to place it.`,
  /** A bet that would take the net loss of a period over its limit. */
  lossOverLimit: (kind: RgLimitKind, limit: number, resetsAtIso: string) =>
    `This bet could take you over your ${LIMIT_NAMES[kind]} of ${formatPeso(limit)}. It resets on ${formatManilaDateTime(resetsAtIso)} (Manila time).`,
  /** What a player on a break cannot do, and until when. */
  onBreak: (kind: RgExclusionKind, period: string, endsAtIso: string | null) => {
    if (kind === 'operator' || endsAtIso === null)
      return 'Your account is excluded from betting, deposits and promos. Please contact support.';
    const what = period in BREAK_NAMES ? BREAK_NAMES[period as RgBreakPeriod] : 'a break';
    return `You are on ${what} until ${formatManilaDateTime(endsAtIso)} (Manila time): no bets, deposits or promos until then. You can still withdraw your credit and see your history.`;
  },
} as const;

export const rgLimitNameOf = (kind: RgLimitKind): string => LIMIT_NAMES[kind];

// Inputs: strict, no coercion (money routes).

export const rgSetLimitSchema = lazySchema(() =>
  sessionOnlySchema.extend({
    kind: z.enum(RG_LIMIT_KINDS),
    /** Centavos, or null to remove the limit (after 24 hours). */
    amount: z.number().int().min(RG_LIMIT_MIN).max(RG_LIMIT_MAX).nullable(),
  }),
);
export type RgSetLimitInput = z.input<typeof rgSetLimitSchema>;

export const rgStartBreakSchema = lazySchema(() =>
  sessionOnlySchema.extend({
    period: z.enum(RG_BREAK_PERIODS),
    /** The player ticked that they understand what the break means. */
    confirm: z.literal(true, RgMessages.confirmRequired),
  }),
);
export type RgStartBreakInput = z.input<typeof rgStartBreakSchema>;

export const rgRealityCheckSchema = lazySchema(() =>
  sessionOnlySchema.extend({
    minutes: z.number().int().min(10).max(240),
  }),
);

export const rgOperatorExcludeSchema = lazySchema(() =>
  z.strictObject({
    reason: z.string().trim().min(3, RgMessages.reasonRequired).max(500),
  }),
);
export const rgOperatorLiftSchema = rgOperatorExcludeSchema;

// Answers.

export const rgLimitViewSchema = lazySchema(() =>
  z.object({
    kind: z.enum(RG_LIMIT_KINDS),
    /** The limit that applies now (centavos), null when none. */
    amount: z.number().int().nullable(),
    /** A raise or removal waiting for its 24 hours: the new amount (null = removal) and when it applies. */
    pending: z.object({ amount: z.number().int().nullable(), effectiveAt: z.string() }).nullable(),
    /** Deposited (deposit limits) in the current Manila period, and when that period ends. */
    used: z.number().int().nullable(),
    resetsAt: z.string().nullable(),
  }),
);
export type RgLimitView = z.infer<typeof rgLimitViewSchema>;

export const rgExclusionViewSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    kind: z.enum(['coolOff', 'selfExclusion', 'operator']),
    period: z.string(),
    startsAt: z.string(),
    /** null: until the operator lifts it. */
    endsAt: z.string().nullable(),
    /** The player may end it early (1- and 5-year self-exclusion only). */
    cancellable: z.boolean(),
    /** An early end asked for: when it applies. */
    cancelAt: z.string().nullable(),
  }),
);
export type RgExclusionView = z.infer<typeof rgExclusionViewSchema>;

export const rgStatusResponseSchema = lazySchema(() =>
  z.object({
    statusCode: z.literal(200),
    statusMessage: z.string().optional(),
    limits: z.array(rgLimitViewSchema),
    exclusion: rgExclusionViewSchema.nullable(),
    realityCheckMinutes: z.number().int(),
  }),
);
export type RgStatusResponse = z.infer<typeof rgStatusResponseSchema>;

export const rgExclusionListEntrySchema = lazySchema(() =>
  rgExclusionViewSchema.extend({
    playerId: z.number().int(),
    mobileNo: z.string(),
    playerName: z.string(),
    reason: z.string().nullable(),
    createdByStaff: z.string().nullable(),
    liftedAt: z.string().nullable(),
    liftedByStaff: z.string().nullable(),
    liftReason: z.string().nullable(),
    active: z.boolean(),
  }),
);
export type RgExclusionListEntry = z.infer<typeof rgExclusionListEntrySchema>;

export const rgExclusionListResponseSchema = lazySchema(() =>
  z.object({
    statusCode: z.literal(200),
    exclusions: z.array(rgExclusionListEntrySchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
);

export const rgPlayerStatusResponseSchema = lazySchema(() =>
  z.object({
    statusCode: z.literal(200),
    limits: z.array(rgLimitViewSchema),
    exclusion: rgExclusionViewSchema.nullable(),
    history: z.array(rgExclusionListEntrySchema),
  }),
);
export type RgPlayerStatusResponse = z.infer<typeof rgPlayerStatusResponseSchema>;

/** The reality check's figures since this session signed in (centavos; netResult = returned - stakes). */
export const rgSinceSignInResponseSchema = lazySchema(() =>
  z.object({
    statusCode: z.literal(200),
    signedInAt: z.string(),
    minutesSinceSignIn: z.number().int(),
    bets: z.number().int(),
    stakes: z.number().int(),
    returned: z.number().int(),
    netResult: z.number().int(),
    realityCheckMinutes: z.number().int(),
  }),
);
export type RgSinceSignInResponse = z.infer<typeof rgSinceSignInResponseSchema>;
