import { decodeFrame, type RacePoolsResponse } from '@karera/shared';

/** The pools answer without its statusCode. */
export type RacePools = RacePoolsResponse;

/** A dividend in centavos per 1.00 as the screen writes it: 8.00, 12.50. */
export function formatDividend(centavos: number): string {
  return (centavos / 100).toFixed(2);
}

/** The versions the live socket announces for `raceId` in a frame (POOLS_UPDATED). */
export function poolsVersionsIn(frame: string, raceId: number): string[] {
  return decodeFrame(frame).flatMap((m) => (m.type === 'POOLS_UPDATED' && m.raceId === raceId ? [m.version] : []));
}

export interface SparkPoint {
  x: number;
  y: number;
}

/**
 * A runner's odds as points of a small chart `width` x `height`: time runs left to right over the
 * history's moments, higher odds (a longer price) higher up, on the scale of all runners so lines
 * compare. Moments before the runner had a stake are left out.
 */
export function sparkline(
  odds: readonly (number | null)[],
  scale: { min: number; max: number },
  width: number,
  height: number,
): SparkPoint[] {
  const span = Math.max(scale.max - scale.min, 1);
  const last = Math.max(odds.length - 1, 1);
  return odds.flatMap((value, i) =>
    value === null
      ? []
      : [
          {
            x: Math.round((i / last) * width * 10) / 10,
            y: Math.round((height - ((value - scale.min) / span) * height) * 10) / 10,
          },
        ],
  );
}

/** The lowest and highest odds of every runner's history (a log-free linear scale). */
export function oddsScale(runners: readonly { odds: readonly (number | null)[] }[]): { min: number; max: number } {
  const values = runners.flatMap((r) => r.odds.filter((o): o is number => o !== null));
  if (values.length === 0) return { min: 0, max: 1 };
  return { min: Math.min(...values), max: Math.max(...values) };
}

/** The first and last odds a runner had, for the chart's description. */
export function oddsEnds(odds: readonly (number | null)[]): { from: number; to: number } | null {
  const values = odds.filter((o): o is number => o !== null);
  const from = values[0];
  const to = values.at(-1);
  return from === undefined || to === undefined ? null : { from, to };
}
