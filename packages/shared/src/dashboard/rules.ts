import { DEPOSIT_FOLLOW_UP_MINUTES } from '../payments/channels.ts';

/**
 * A deposit still pending after the follow-up time the payment page gives ("follow up if still pending after 5
 * minutes", docs/product/screens.md#payment) is late: the player has been told to chase it, so the dashboard shows it
 * red.
 */
export const DEPOSIT_LATE_AFTER_MS = DEPOSIT_FOLLOW_UP_MINUTES * 60_000;

/** Whether a pending deposit created at `createdAt` is past the follow-up time at `nowMs`. */
export function isDepositLate(createdAt: string, nowMs: number): boolean {
  return nowMs - Date.parse(createdAt) > DEPOSIT_LATE_AFTER_MS;
}

/**
 * A player counts as online when one of their sessions was used this recently. Sessions move their idle
 * clock at most once a minute (player-sessions.ts), so anything shorter than a few minutes would miss
 * players who are there.
 */
export const PLAYERS_ONLINE_WINDOW_MINUTES = 5;

/** A result confirmed this long ago whose pools are not all paid is an alert (settlement runs at once). */
export const SETTLEMENT_GRACE_MS = 60_000;

/** A stream probe older than this says nothing any more (the leader probes every STREAM_PROBE_EVERY_MS). */
export const STREAM_PROBE_EVERY_MS = 30_000;
export const STREAM_PROBE_STALE_MS = 3 * STREAM_PROBE_EVERY_MS;

/** Why a race needs someone's attention now. */
export const DASHBOARD_ALERT_KINDS = ['POST_TIME_PASSED', 'SETTLEMENT_UNCONFIRMED', 'STREAM_DOWN'] as const;
export type DashboardAlertKind = (typeof DASHBOARD_ALERT_KINDS)[number];

/** "4:05" or "1:02:03" to (or, negative, since) a moment; whole seconds. */
export function formatCountdown(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  const total = Math.floor(Math.abs(ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${sign}${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${sign}${minutes}:${seconds}`;
}
