import type { ReportRange } from './agents.api.ts';

const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The report's first range: the current Manila month so far, per day. */
export function defaultReportRange(now: number = Date.now()): ReportRange {
  const today = new Date(now + MANILA_OFFSET_MS).toISOString().slice(0, 10);
  return { period: 'day', from: `${today.slice(0, 7)}-01`, to: today };
}
