import { formatCountdown, formatManilaTime, isBettingOpen, type Race } from '@karera/shared';

/**
 * The clock of a race on sale (docs/product/screens.md#race-display): its post time and the countdown to it, by the
 * server's post time. Open (O) and Last call (L) races have one; the others show their own notices.
 */
export interface RaceClock {
  /** The post time in Manila, e.g. '2:30 PM'. */
  postTime: string;
  /** What is left until the post time, never below zero. */
  leftMs: number;
  /** The countdown, e.g. '12:05' or '1:02:03' ('0:00' once due). */
  countdown: string;
  /** The post time has come and the race has not closed yet. */
  due: boolean;
  /** Last call: the countdown blinks. */
  lastCall: boolean;
}

/** A post time in Manila whatever the device's zone, e.g. '2:30 PM'; empty for an unreadable time. */
export function formatPostTime(isoDateTime: string): string {
  const date = new Date(isoDateTime);
  return Number.isNaN(date.getTime()) ? '' : formatManilaTime(date);
}

/** Whether a race of this status shows a clock: it takes bets now. */
export function hasClock(race: Pick<Race, 'status'>): boolean {
  return isBettingOpen(race.status);
}

/**
 * The race's clock at `nowMs` (the server's time as this device reckons it), or null when the race is
 * not on sale or its post time cannot be read. The countdown counts whole seconds down, shown rounded
 * up, so it reads 0:00 exactly at the post time.
 */
export function raceClockOf(race: Pick<Race, 'status' | 'startDateTime'>, nowMs: number): RaceClock | null {
  if (!hasClock(race)) return null;
  const post = Date.parse(race.startDateTime);
  if (Number.isNaN(post)) return null;
  const leftMs = Math.max(0, post - nowMs);
  return {
    postTime: formatPostTime(race.startDateTime),
    leftMs,
    countdown: formatCountdown(Math.ceil(leftMs / 1000) * 1000),
    due: leftMs === 0,
    lastCall: race.status === 'L',
  };
}

/** How long until the next whole second of `nowMs`, when a countdown to a whole-second post time changes. */
export function msToNextSecond(nowMs: number): number {
  const rest = 1000 - (((nowMs % 1000) + 1000) % 1000);
  return rest === 0 ? 1000 : rest;
}
