import { z } from 'zod';
import { RACE_STATUSES } from '../../racing/status.ts';
import { DASHBOARD_ALERT_KINDS } from '../../dashboard/rules.ts';

const centavos = z.number().int();

/** One pool of a race in play: its first race and bet type, and what it has taken so far. */
export const dashboardPoolSchema = z.object({
  betType: z.string(),
  tickets: z.number().int(),
  turnover: centavos,
});

export const dashboardRaceSchema = z.object({
  raceId: z.number().int(),
  eventId: z.number().int(),
  eventName: z.string(),
  raceNo: z.number().int(),
  status: z.enum(RACE_STATUSES),
  /** Post time, ISO. */
  postTime: z.string(),
  /** Players with a ticket whose first race is this one. */
  bettors: z.number().int(),
  turnover: centavos,
  pools: z.array(dashboardPoolSchema),
});

export const dashboardPendingPaymentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['DEPOSIT', 'WITHDRAW']),
  playerId: z.number().int(),
  playerName: z.string(),
  amount: centavos,
  channel: z.string(),
  createdAt: z.string(),
  /** A deposit pending past the payment page's follow-up time (isDepositLate), by the server's clock. */
  late: z.boolean(),
});

const pendingSummarySchema = z.object({
  count: z.number().int(),
  /** The oldest pending request's time, null when none. */
  oldestAt: z.string().nullable(),
});

export const dashboardAlertSchema = z.object({
  kind: z.enum(DASHBOARD_ALERT_KINDS),
  raceId: z.number().int(),
  eventId: z.number().int(),
  eventName: z.string(),
  raceNo: z.number().int(),
  /** Since when: post time, result confirmed, or the failed probe. */
  since: z.string(),
  /** What a failed stream probe saw (HTTP status or error), empty otherwise. */
  detail: z.string(),
});

export const dashboardResponseSchema = z.object({
  statusCode: z.literal(200),
  /** The server's clock, ISO: countdowns and ages are drawn against it, not the browser's. */
  now: z.string(),
  /** Whether a race day is dated today (Manila). */
  raceDayToday: z.boolean(),
  races: z.array(dashboardRaceSchema),
  carryovers: z.array(z.object({ betType: z.string(), amount: centavos })),
  deposits: pendingSummarySchema.extend({ late: z.number().int() }),
  withdrawals: pendingSummarySchema,
  /** The oldest pending requests, oldest first (at most DASHBOARD_PENDING_LIMIT). */
  pending: z.array(dashboardPendingPaymentSchema),
  playersOnline: z.number().int(),
  alerts: z.array(dashboardAlertSchema),
});

/** The pending requests the dashboard lists; the counts cover them all. */
export const DASHBOARD_PENDING_LIMIT = 10;

export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
export type DashboardRace = z.infer<typeof dashboardRaceSchema>;
export type DashboardAlert = z.infer<typeof dashboardAlertSchema>;
export type DashboardPendingPayment = z.infer<typeof dashboardPendingPaymentSchema>;
