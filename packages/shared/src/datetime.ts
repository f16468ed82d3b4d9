import { MANILA_TIME_ZONE } from './racing/schedule.ts';

/** Made on the first date formatted, not when the module loads: building it is slow on a phone. */
let manilaFormat: Intl.DateTimeFormat | undefined;
function manilaParts(): Intl.DateTimeFormat {
  manilaFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: MANILA_TIME_ZONE,
    year: 'numeric',
    month: 'short',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
  });
  return manilaFormat;
}

/**
 * 'MMM DD, YYYY hh:mm A' (docs/product/README.md#dates-money-and-languages) in Asia/Manila whatever the device's zone,
 * e.g. 'Nov 21, 2026 03:05 PM'. Text that is not a date is returned as it is.
 */
export function formatManilaDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of manilaParts().formatToParts(date)) part[type] = value;
  return `${part.month} ${part.day}, ${part.year} ${part.hour}:${part.minute} ${part.dayPeriod?.toUpperCase()}`;
}

/** The Philippines keeps UTC+8 all year (no daylight saving), so a Manila day is a fixed UTC window. */
const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A time of day in Manila whatever the device's zone, e.g. '2:30 PM' (Intl's en-US `hour: 'numeric',
 * minute: '2-digit'`), from the fixed offset: building an Intl formatter with a time zone cost a slow
 * phone tens of milliseconds in the live screen's first render.
 */
export function formatManilaTime(instant: Date): string {
  const local = new Date(instant.getTime() + MANILA_OFFSET_MS);
  const hours = local.getUTCHours();
  const minutes = String(local.getUTCMinutes()).padStart(2, '0');
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** True for a calendar day written YYYY-MM-DD that exists (no 2026-02-30). */
export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The Manila calendar day (YYYY-MM-DD) an instant falls in. */
export function manilaDayOf(instant: Date | string | number): string {
  return new Date(new Date(instant).getTime() + MANILA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The day `days` days after (or before, negative) a calendar day. */
export function addCalendarDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** How many calendar days from `from` to `to`, both included (1 for one day; 0 or less when `to` is before). */
export function calendarDaysIncluded(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/**
 * Manila days `from` to `to` (both included) as UTC instants, ISO strings as the database stores them:
 * `start` is the first day's 00:00 in Manila, `end` (excluded) the 00:00 after the last day.
 */
export function manilaDaysWindow(from: string, to: string): { start: string; end: string } {
  return {
    start: new Date(Date.parse(`${from}T00:00:00Z`) - MANILA_OFFSET_MS).toISOString(),
    end: new Date(Date.parse(`${addCalendarDays(to, 1)}T00:00:00Z`) - MANILA_OFFSET_MS).toISOString(),
  };
}
