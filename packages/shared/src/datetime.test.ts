import { describe, expect, it } from 'vitest';
import { formatManilaDateTime } from './datetime.ts';

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
