/**
 * Race days (docs/product/betting.md#race-days): Wednesday, Friday, Saturday and Sunday; in ISO week 16 of the year
 * Tuesday, Wednesday, Saturday and Sunday. Days are Manila calendar days.
 */
export const MANILA_TIME_ZONE = 'Asia/Manila';
export const MAX_RACES_PER_EVENT = 10;
export const DEFAULT_RACES_PER_EVENT = 10;

const REGULAR_DAYS = [3, 5, 6, 0] as const; // Wed, Fri, Sat, Sun (0 = Sunday)
const WEEK_16_DAYS = [2, 3, 6, 0] as const; // Tue, Wed, Sat, Sun

/** A calendar date with no time zone, e.g. a Manila race day. */
export interface CalendarDate {
  year: number;
  month: number; // 1-12
  day: number;
}

/**
 * Made once, on first use: building a formatter costs about a hundred times formatting with one, and the
 * server reads Manila dates for every odds tick and pool policy.
 */
let manilaDayFormatter: Intl.DateTimeFormat | undefined;
function manilaDayFormat(): Intl.DateTimeFormat {
  manilaDayFormatter ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: MANILA_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return manilaDayFormatter;
}

/** The Manila calendar date of an instant. */
export function manilaDate(instant: Date): CalendarDate {
  const parts = manilaDayFormat().formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}

function weekday(date: CalendarDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

/** ISO 8601 week number (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeek(date: CalendarDate): number {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day));
  const dayNumber = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - dayNumber);
  const yearStart = new Date(Date.UTC(d.getUTCFullYear(), 0, 1));
  return Math.ceil(((d.getTime() - yearStart.getTime()) / 86_400_000 + 1) / 7);
}

export function isRaceDay(date: CalendarDate): boolean {
  const days: readonly number[] = isoWeek(date) === 16 ? WEEK_16_DAYS : REGULAR_DAYS;
  return days.includes(weekday(date));
}

function addDays(date: CalendarDate, days: number): CalendarDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** The next `count` race days from `from` (inclusive), for the Schedule popup. */
export function upcomingRaceDays(from: CalendarDate, count: number): CalendarDate[] {
  const days: CalendarDate[] = [];
  for (let offset = 0; days.length < count && offset < 366; offset += 1) {
    const date = addDays(from, offset);
    if (isRaceDay(date)) days.push(date);
  }
  return days;
}
