import { formatPeso } from '@karera/shared';

const manilaParts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Asia/Manila',
  year: 'numeric',
  month: 'short',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: true,
});

/** 'MMM DD, YYYY hh:mm A' in Asia/Manila whatever the device's zone, e.g. 'Nov 21, 2026 03:05 PM'. */
export function formatManilaDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of manilaParts.formatToParts(date)) part[type] = value;
  return `${part.month} ${part.day}, ${part.year} ${part.hour}:${part.minute} ${part.dayPeriod?.toUpperCase()}`;
}

/** A signed amount: '+₱50.00' or '-₱50.00'. */
export function formatSignedPeso(amount: number): string {
  return amount > 0 ? `+${formatPeso(amount)}` : formatPeso(amount);
}

/** An object as one short line of JSON, for tables. */
export function compactJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return String(value);
  }
}

/** A positive page number from the address bar; anything else is page 1. */
export function pageFromParam(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}
