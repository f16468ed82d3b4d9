import { MANILA_TIME_ZONE } from './racing/schedule.ts';

const manilaParts = new Intl.DateTimeFormat('en-US', {
  timeZone: MANILA_TIME_ZONE,
  year: 'numeric',
  month: 'short',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: true,
});

/**
 * 'MMM DD, YYYY hh:mm A' (spec §9) in Asia/Manila whatever the device's zone, e.g.
 * 'Nov 21, 2026 03:05 PM'. Text that is not a date is returned as it is.
 */
export function formatManilaDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of manilaParts.formatToParts(date)) part[type] = value;
  return `${part.month} ${part.day}, ${part.year} ${part.hour}:${part.minute} ${part.dayPeriod?.toUpperCase()}`;
}
