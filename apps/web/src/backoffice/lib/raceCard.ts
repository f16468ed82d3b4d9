import { compareRunnerNo, type CalendarDate, type Runner } from '@karera/shared';

/* Race-card helpers the back office's race-day and tote pages both use. */

const pad = (value: number) => String(value).padStart(2, '0');

/** An id from the address: a positive whole number, or null. */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 ? id : null;
}

export function byRunnerNo(runners: readonly Runner[]): Runner[] {
  return runners.toSorted((a, b) => compareRunnerNo(a.runnerNo, b.runnerNo));
}

/** A calendar date as YYYY-MM-DD, the race date's wire and input format. */
export function calendarDateToString(date: CalendarDate): string {
  return `${date.year}-${pad(date.month)}-${pad(date.day)}`;
}
