import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatManilaDateTime, formatManilaTime } from './datetime.ts';
import { MANILA_TIME_ZONE } from './racing/schedule.ts';

describe('formatManilaTime', () => {
  it("writes a Manila time of day as Intl's en-US hour and minute do", () => {
    expect(formatManilaTime(new Date('2026-11-25T06:30:00.000Z'))).toBe('2:30 PM');
    expect(formatManilaTime(new Date('2026-11-25T16:05:59.999Z'))).toBe('12:05 AM');
    expect(formatManilaTime(new Date('2026-11-25T04:00:00.000Z'))).toBe('12:00 PM');
    const intl = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: MANILA_TIME_ZONE });
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        expect(formatManilaTime(new Date(ms))).toBe(intl.format(new Date(ms)).replace(/\s/u, ' '));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('formatManilaDateTime', () => {
  it('writes MMM DD, YYYY hh:mm A in Manila time', () => {
    expect(formatManilaDateTime('2026-11-21T07:05:00.000Z')).toBe('Nov 21, 2026 03:05 PM');
    expect(formatManilaDateTime('2026-11-20T16:30:00.000Z')).toBe('Nov 21, 2026 12:30 AM');
    expect(formatManilaDateTime('2026-01-04T16:30:00Z')).toBe('Jan 05, 2026 12:30 AM');
  });

  it('leaves text that is not a date as it is', () => {
    expect(formatManilaDateTime('soon')).toBe('soon');
  });
});
