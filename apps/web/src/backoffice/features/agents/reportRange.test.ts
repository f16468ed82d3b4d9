import { describe, expect, it } from 'vitest';
import { defaultReportRange } from './reportRange.ts';

describe('defaultReportRange', () => {
  it('is the current Manila month so far, per day', () => {
    // 2026-11-30T17:00Z is already 1 December in Manila.
    expect(defaultReportRange(Date.parse('2026-11-30T17:00:00Z'))).toEqual({
      period: 'day',
      from: '2026-12-01',
      to: '2026-12-01',
    });
    expect(defaultReportRange(Date.parse('2026-11-26T06:00:00Z'))).toEqual({
      period: 'day',
      from: '2026-11-01',
      to: '2026-11-26',
    });
  });
});
