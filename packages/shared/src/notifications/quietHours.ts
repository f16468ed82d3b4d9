/**
 * Quiet hours (docs/decisions/055-notifications.md): a player's daily stretch, in Manila time, during which
 * non-urgent push and SMS notices wait. From 22:00 to 07:00 spans midnight; equal ends mean none.
 */

/** Manila is UTC+8 all year (no daylight saving). */
const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

export const QUIET_TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes after midnight of an HH:MM time, or null when it is not one. */
export function minutesOfDay(time: string): number | null {
  const match = QUIET_TIME_PATTERN.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

export interface QuietHours {
  from: string;
  to: string;
}

/**
 * When the quiet hours holding `nowMs` end (epoch ms), or null when `nowMs` is outside them (or there are
 * none).
 */
export function quietHoursEnd(quiet: QuietHours | null, nowMs: number): number | null {
  if (!quiet) return null;
  const from = minutesOfDay(quiet.from);
  const to = minutesOfDay(quiet.to);
  if (from === null || to === null || from === to) return null;
  const local = nowMs + MANILA_OFFSET_MS;
  const dayStart = Math.floor(local / DAY_MS) * DAY_MS;
  const minute = Math.floor((local - dayStart) / MINUTE_MS);
  const inside = from < to ? minute >= from && minute < to : minute >= from || minute < to;
  if (!inside) return null;
  const endDay = from < to || minute < to ? dayStart : dayStart + DAY_MS;
  return endDay + to * MINUTE_MS - MANILA_OFFSET_MS;
}
