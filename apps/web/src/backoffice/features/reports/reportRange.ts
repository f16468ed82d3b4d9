import { addCalendarDays, isCalendarDay, manilaDayOf, reportRangeProblem, type ReportRange } from '@karera/shared';

/** The range a report opens with: the last 7 Manila days, today included. */
export function defaultRange(now: Date = new Date()): ReportRange {
  const to = manilaDayOf(now);
  return { from: addCalendarDays(to, -6), to };
}

/**
 * The range in the address (`?from=YYYY-MM-DD&to=YYYY-MM-DD`), or the default when either day is
 * missing or not a day; a range the server would refuse is kept, with the reason, so the form can say it.
 */
export function rangeFromParams(
  params: URLSearchParams,
  now: Date = new Date(),
): {
  range: ReportRange;
  problem: string | null;
} {
  const from = params.get('from');
  const to = params.get('to');
  if (!from || !to || !isCalendarDay(from) || !isCalendarDay(to)) return { range: defaultRange(now), problem: null };
  return { range: { from, to }, problem: reportRangeProblem(from, to) };
}
