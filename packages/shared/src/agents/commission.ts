import { z } from 'zod';
import { STAFF_ROLES } from '../roles.ts';
import { createStaffSchema } from '../validation/backoffice.ts';
import { rowIdSchema } from '../validation/ids.ts';

/**
 * The agent network and its commissions (issue 23, decision 040): the pure rules both the server and the
 * back office use. Money is integer centavos, rates are basis points (1 bp = 0.01 %).
 */

/** What an agent's rate applies to: the stake of each settled ticket, or its net gaming revenue. */
export const COMMISSION_BASES = ['turnover', 'ngr'] as const;
export type CommissionBasis = (typeof COMMISSION_BASES)[number];

/** The highest rate per basis: 10 % of turnover (below the pools' takeout), 50 % of NGR. */
export const COMMISSION_MAX_BPS: Record<CommissionBasis, number> = { turnover: 1_000, ngr: 5_000 };

export const COMMISSION_PERIODS = ['day', 'week', 'month'] as const;
export type CommissionPeriod = (typeof COMMISSION_PERIODS)[number];

/** Every validation and refusal message of the agent network, defined once. */
export const AgentMessages = {
  basisRequired: 'Choose turnover or net gaming revenue.',
  rateRange: (basis: CommissionBasis) =>
    `Enter a whole number of basis points from 0 to ${COMMISSION_MAX_BPS[basis]} (${COMMISSION_MAX_BPS[basis] / 100} %).`,
  rateFormat: 'Enter a whole number of basis points.',
  rateAboveOwn: 'A downline rate cannot be higher than your own rate on the same basis.',
  rateNeedsOwn: 'You can set a downline rate only on the basis of your own rate.',
  agentNotFound: 'Agent not found.',
  parentNotInNetwork: 'Choose an agent of your own network.',
  parentRequired: 'Choose the agent or master agent the new agent belongs to.',
  payoutAmount: 'Enter a positive amount in centavos.',
  nothingToPay: 'The commission balance is lower than this amount: it was paid already or changed.',
  reportRange: 'Choose a range of at most 366 days, the “from” day on or before the “to” day.',
  dateFormat: 'Dates are YYYY-MM-DD.',
} as const;

export const commissionRateSchema = z
  .strictObject({
    basis: z.enum(COMMISSION_BASES, AgentMessages.basisRequired),
    rateBps: z.number(AgentMessages.rateFormat).int(AgentMessages.rateFormat),
  })
  .superRefine((value, ctx) => {
    if (value.rateBps < 0 || value.rateBps > COMMISSION_MAX_BPS[value.basis]) {
      ctx.addIssue({ code: 'custom', path: ['rateBps'], message: AgentMessages.rateRange(value.basis) });
    }
  });
export type CommissionRateInput = z.infer<typeof commissionRateSchema>;

/** A new agent under the caller (or, for an admin, under the master agent or agent named). */
export const createSubAgentSchema = createStaffSchema
  .omit({ role: true, parentId: true })
  .extend({ parentId: rowIdSchema.optional() });
export type CreateSubAgentInput = z.input<typeof createSubAgentSchema>;

/** The amount the admin saw and pays: never more than the agent's commission balance. */
export const commissionPayoutSchema = z.strictObject({
  amount: z
    .number(AgentMessages.payoutAmount)
    .int(AgentMessages.payoutAmount)
    .positive(AgentMessages.payoutAmount)
    .max(100_000_000_00, AgentMessages.payoutAmount),
});

const DAY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const daySchema = z.string().regex(DAY_PATTERN, AgentMessages.dateFormat);

export const agentReportQuerySchema = z
  .strictObject({ period: z.enum(COMMISSION_PERIODS).default('day'), from: daySchema, to: daySchema })
  .refine((q) => q.from <= q.to && manilaDayCount(q.from, q.to) <= 366, {
    message: AgentMessages.reportRange,
    path: ['to'],
  });

export const agentOverviewQuerySchema = z.strictObject({ period: z.enum(COMMISSION_PERIODS).default('day') });

// Periods in Manila time (UTC+8, no daylight saving).

const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The Manila calendar day of an instant, YYYY-MM-DD. */
function manilaDay(iso: string): string {
  return new Date(new Date(iso).getTime() + MANILA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The first Manila day of the day, week (weeks start on Monday) or month an instant falls in. */
export function commissionPeriodOf(iso: string, period: CommissionPeriod): string {
  const day = manilaDay(iso);
  if (period === 'day') return day;
  if (period === 'month') return `${day.slice(0, 7)}-01`;
  const date = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** The UTC instants a range of Manila days covers: [start of `from`, start of the day after `to`). */
export function agentReportWindow(from: string, to: string): { start: string; end: string } {
  const start = new Date(new Date(`${from}T00:00:00Z`).getTime() - MANILA_OFFSET_MS);
  const end = new Date(new Date(`${to}T00:00:00Z`).getTime() - MANILA_OFFSET_MS + DAY_MS);
  return { start: start.toISOString(), end: end.toISOString() };
}

function manilaDayCount(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

// The commission of one settled ticket.

export interface ChainLink {
  staffId: number;
  /** The link's rate; null when none is set (it earns nothing and passes nothing up). */
  rate: { basis: CommissionBasis; rateBps: number } | null;
}

export interface SettledTicketFigures {
  /** The ticket's total stake, centavos. */
  total: number;
  /** What the settlement gave back as a refund (scratched runners, a void race). */
  refund: number;
  /** What the ticket paid to the player's credit as winnings. */
  won: number;
}

export interface CommissionShare {
  staffId: number;
  basis: CommissionBasis;
  /** The figure the rate applied to: turnover, or NGR (negative when the player won more than staked). */
  base: number;
  /** The rate this link earned: its own rate less the highest rate of the same basis below it. */
  rateBps: number;
  /** Signed centavos, rounded down (toward minus infinity): the house keeps the fraction. */
  amount: number;
}

/** Turnover of a ticket: the stake that rode (the total less any refund). */
export const ticketTurnover = (t: SettledTicketFigures): number => t.total - t.refund;

/** Net gaming revenue of a ticket: the stake that rode less what it paid the player as winnings. */
export const ticketNgr = (t: SettledTicketFigures): number => ticketTurnover(t) - t.won;

/**
 * The shares of one settled ticket, along the chain from the player's own agent up to the top of the
 * network (decision 040). Each link earns its own rate less the highest rate of the same basis already
 * earned below it, never less than zero; so a line never pays more than its highest rate, and a link whose
 * downline was given a higher rate earns nothing on that ticket. A fully refunded ticket (no turnover)
 * earns nothing. Shares of zero centavos are left out.
 */
export function ticketCommissionShares(chain: readonly ChainLink[], ticket: SettledTicketFigures): CommissionShare[] {
  const turnover = ticketTurnover(ticket);
  if (turnover <= 0) return [];
  const base: Record<CommissionBasis, number> = { turnover, ngr: ticketNgr(ticket) };
  const highestBelow: Record<CommissionBasis, number> = { turnover: 0, ngr: 0 };
  const shares: CommissionShare[] = [];
  for (const link of chain) {
    if (!link.rate) continue;
    const { basis, rateBps: own } = link.rate;
    const rateBps = Math.max(0, own - highestBelow[basis]);
    highestBelow[basis] = Math.max(highestBelow[basis], own);
    const amount = Math.floor((base[basis] * rateBps) / 10_000);
    if (amount !== 0) shares.push({ staffId: link.staffId, basis, base: base[basis], rateBps, amount });
  }
  return shares;
}

// Answers.

const centavos = z.number().int();
const rateSchema = z.object({ basis: z.enum(COMMISSION_BASES), rateBps: z.number().int() }).nullable();

export const agentNodeSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  role: z.enum(STAFF_ROLES),
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  /** 0 for the staff member asked about, 1 for their direct downline, and so on. */
  depth: z.number().int(),
  referralCode: z.string().nullable(),
  rate: rateSchema,
  players: z.number().int(),
  commissionEarned: centavos,
  commissionBalance: centavos,
});
export type AgentNode = z.infer<typeof agentNodeSchema>;

export const agentPlayerRowSchema = z.object({
  playerId: z.number().int(),
  name: z.string(),
  mobileNo: z.string(),
  agentId: z.number().int().nullable(),
  agentName: z.string().nullable(),
  deposits: centavos,
  withdrawals: centavos,
  turnover: centavos,
  /** The player's winnings less their stakes that rode, settled tickets: negative when the player lost. */
  netResult: centavos,
  lastActivity: z.string().nullable(),
});
export type AgentPlayerRow = z.infer<typeof agentPlayerRowSchema>;

export const commissionPeriodRowSchema = z.object({ period: z.string(), earned: centavos });

export const agentNetworkResponseSchema = z.object({ statusCode: z.literal(200), agents: z.array(agentNodeSchema) });

export const agentOverviewResponseSchema = z.object({
  statusCode: z.literal(200),
  agent: agentNodeSchema,
  commission: z.object({ earned: centavos, paid: centavos, balance: centavos }),
  periods: z.array(commissionPeriodRowSchema),
  players: z.array(agentPlayerRowSchema),
  /** The downline at every depth (the agent itself left out). */
  subAgents: z.array(agentNodeSchema),
  /** The link players register through, and its QR code (an SVG data URL); null without a referral code. */
  referral: z.object({ code: z.string(), link: z.string(), qrCode: z.string() }).nullable(),
});
export type AgentOverviewResponse = z.infer<typeof agentOverviewResponseSchema>;

export const agentCreatedResponseSchema = z.object({ statusCode: z.literal(200), agent: agentNodeSchema });

export const commissionPayoutResponseSchema = z.object({
  statusCode: z.literal(200),
  payout: z.object({
    id: z.number().int(),
    staffId: z.number().int(),
    amount: centavos,
    transactionId: z.number().int(),
    balanceAfter: centavos,
    paidAt: z.string(),
  }),
});

export const agentReportRowSchema = z.object({
  agentId: z.number().int(),
  agentName: z.string(),
  role: z.enum(STAFF_ROLES),
  parentId: z.number().int().nullable(),
  period: z.string(),
  /** Of the agent's whole subtree's players, tickets settled in the period. */
  turnover: centavos,
  ggr: centavos,
  /** The agent's own commission accrued in the period. */
  commission: centavos,
});
export type AgentReportRow = z.infer<typeof agentReportRowSchema>;

export const agentReportResponseSchema = z.object({
  statusCode: z.literal(200),
  period: z.enum(COMMISSION_PERIODS),
  from: z.string(),
  to: z.string(),
  rows: z.array(agentReportRowSchema),
});
export type AgentReportResponse = z.infer<typeof agentReportResponseSchema>;

export const AGENT_REPORT_CSV_HEADER = [
  'Agent ID',
  'Agent',
  'Role',
  'Upline ID',
  'Period',
  'Turnover (PHP)',
  'GGR (PHP)',
  'Commission (PHP)',
] as const;

/**
 * The public link a player registers through: the landing page with the agent's referral code
 * (docs/product/accounts.md#referral-codes).
 */
export function referralLink(origin: string, code: string): string {
  return `${origin.replace(/\/$/, '')}/?r=${encodeURIComponent(code)}`;
}
