import { manilaDate, MANILA_TIME_ZONE, upcomingRaceDays, type CalendarDate } from '@karera/shared';

export const SCHEDULE_DAYS = 8;

export interface ScheduleDay {
  /** YYYY-MM-DD */
  key: string;
  /** e.g. 'Wed, Nov 25' */
  label: string;
  today: boolean;
}

// The formatters are made on first use, not when the live screen's chunk loads: building one is slow on a
// phone, and the day labels are needed only when the Schedule popup opens.
let dayLabel: Intl.DateTimeFormat | undefined;
let startLabel: Intl.DateTimeFormat | undefined;

function dayLabelFormat(): Intl.DateTimeFormat {
  dayLabel ??= new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
  return dayLabel;
}

function isoOf({ year, month, day }: CalendarDate): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The next race days from today in Manila (docs/product/betting.md#race-days), for the Schedule popup. */
export function scheduleDays(now: Date, count: number = SCHEDULE_DAYS): ScheduleDay[] {
  const today = isoOf(manilaDate(now));
  return upcomingRaceDays(manilaDate(now), count).map((date) => ({
    key: isoOf(date),
    label: dayLabelFormat().format(new Date(Date.UTC(date.year, date.month - 1, date.day))),
    today: isoOf(date) === today,
  }));
}

/** A race's start in Manila time whatever the device's zone, e.g. 'Wed, Nov 25, 1:00 PM'. */
export function formatStartsOn(isoDateTime: string): string {
  const date = new Date(isoDateTime);
  if (Number.isNaN(date.getTime())) return '';
  startLabel ??= new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: MANILA_TIME_ZONE,
  });
  return startLabel.format(date);
}
