import { describe, expect, it } from 'vitest';
import { manilaPeriodBounds, rgBreakEndMs, rgBreakIsCancellable, rgSetLimitSchema } from './rglimits.ts';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe('Manila periods', () => {
  it('a Manila day runs from 16:00 UTC to 16:00 UTC', () => {
    // 00:30 on Nov 27 in Manila is 16:30 UTC on Nov 26.
    const { startMs, endMs } = manilaPeriodBounds('day', at('2026-11-26T16:30:00Z'));
    expect(iso(startMs)).toBe('2026-11-26T16:00:00.000Z');
    expect(iso(endMs)).toBe('2026-11-27T16:00:00.000Z');
    expect(iso(manilaPeriodBounds('day', at('2026-11-26T15:59:59Z')).startMs)).toBe('2026-11-25T16:00:00.000Z');
  });

  it('a Manila week runs Monday to Sunday', () => {
    // Sunday Nov 29 2026, 23:00 Manila.
    const { startMs, endMs } = manilaPeriodBounds('week', at('2026-11-29T15:00:00Z'));
    expect(iso(startMs)).toBe('2026-11-22T16:00:00.000Z'); // Monday Nov 23, 00:00 Manila
    expect(iso(endMs)).toBe('2026-11-29T16:00:00.000Z');
    // Monday Nov 30, 00:00 Manila starts the next.
    expect(iso(manilaPeriodBounds('week', at('2026-11-29T16:00:00Z')).startMs)).toBe('2026-11-29T16:00:00.000Z');
  });

  it('a Manila month starts on the 1st at Manila midnight, across the year end', () => {
    const { startMs, endMs } = manilaPeriodBounds('month', at('2026-12-31T16:30:00Z')); // Jan 1 00:30 Manila
    expect(iso(startMs)).toBe('2026-12-31T16:00:00.000Z');
    expect(iso(endMs)).toBe('2027-01-31T16:00:00.000Z');
  });
});

describe('breaks', () => {
  const start = at('2026-11-26T04:00:00Z');
  it('cool-offs last exact hours, self-exclusions calendar months', () => {
    expect(rgBreakEndMs('coolOff24h', start) - start).toBe(24 * 3_600_000);
    expect(rgBreakEndMs('coolOff7d', start) - start).toBe(7 * 24 * 3_600_000);
    expect(iso(rgBreakEndMs('selfExclusion6m', start))).toBe('2027-05-26T04:00:00.000Z');
    expect(iso(rgBreakEndMs('selfExclusion1y', start))).toBe('2027-11-26T04:00:00.000Z');
    expect(iso(rgBreakEndMs('selfExclusion5y', start))).toBe('2031-11-26T04:00:00.000Z');
  });
  it('only the 1- and 5-year self-exclusions may be ended early', () => {
    expect(['coolOff24h', 'coolOff7d', 'coolOff30d', 'selfExclusion6m'].some(rgBreakIsCancellable)).toBe(false);
    expect(rgBreakIsCancellable('selfExclusion1y')).toBe(true);
    expect(rgBreakIsCancellable('selfExclusion5y')).toBe(true);
  });
});

describe('limit input', () => {
  it('is strict: integer centavos or null, no unknown fields', () => {
    expect(rgSetLimitSchema.safeParse({ kind: 'depositDay', amount: 10_000 }).success).toBe(true);
    expect(rgSetLimitSchema.safeParse({ kind: 'depositDay', amount: null }).success).toBe(true);
    expect(rgSetLimitSchema.safeParse({ kind: 'depositDay', amount: '10000' }).success).toBe(false);
    expect(rgSetLimitSchema.safeParse({ kind: 'depositDay', amount: 10_000, x: 1 }).success).toBe(false);
  });
});
