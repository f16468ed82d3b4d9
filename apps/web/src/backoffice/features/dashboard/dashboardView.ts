import { BET_TYPES, formatCountdown } from '@karera/shared';

/** A waiting time in words: "45 s", "12 min", "2 h 05 min". */
export function formatAge(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** The countdown to a post time at `nowMs`, and whether it has passed. */
export function postCountdown(postTime: string, nowMs: number): { passed: boolean; countdown: string } {
  const left = Date.parse(postTime) - nowMs;
  return { passed: left < 0, countdown: formatCountdown(Math.abs(left)) };
}

/** "Win (W)"; the bare code for a type the client does not know. */
export function betTypeLabel(code: string): string {
  const type = BET_TYPES.find((t) => t.code === code);
  return type ? `${type.name} (${code})` : code;
}

/** The back-office page of a race (detail), or of its settlement report. */
export function racePath(eventId: number, raceId: number, page: 'detail' | 'report' = 'detail'): string {
  const base = `/race-day/${eventId}/races/${raceId}`;
  return page === 'report' ? `${base}/report` : base;
}
