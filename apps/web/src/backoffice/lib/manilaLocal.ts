/*
 * Manila time for the back office's date-time inputs: a datetime-local value is read as Manila wall
 * time whatever the device's zone.
 */

/** The Philippines keeps UTC+8 all year (no daylight saving since 1978). */
const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;

/**
 * A datetime-local value read as Manila time ('2026-11-21T15:05'), as an ISO 8601 UTC instant
 * ('2026-11-21T07:05:00.000Z'); null when it is not a real date and time.
 */
export function manilaLocalToIso(local: string): string | null {
  const match = LOCAL_DATE_TIME.exec(local.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second = 0] = match.slice(1).map((part) => Number(part ?? 0));
  if (year === undefined || month === undefined || day === undefined || hour === undefined || minute === undefined) {
    return null;
  }
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wall);
  // Date.UTC rolls 31 April over to 1 May; a date that does not exist is refused instead.
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    check.getUTCHours() !== hour ||
    check.getUTCMinutes() !== minute
  ) {
    return null;
  }
  return new Date(wall - MANILA_OFFSET_MS).toISOString();
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as the value of a datetime-local input in Manila time ('YYYY-MM-DDTHH:mm'); '' if unreadable. */
export function isoToManilaLocal(iso: string): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '';
  const wall = new Date(time + MANILA_OFFSET_MS);
  return (
    `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}` +
    `T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`
  );
}
