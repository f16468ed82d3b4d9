import { describe, expect, it } from 'vitest';
import { ReportMessages } from '@karera/shared';
import { defaultRange, rangeFromParams } from './reportRange.ts';

const NOW = new Date('2026-11-19T16:30:00.000Z'); // 00:30 on Nov 20 in Manila

describe('report ranges in the address', () => {
  it('opens on the last 7 Manila days, today included', () => {
    expect(defaultRange(NOW)).toEqual({ from: '2026-11-14', to: '2026-11-20' });
  });

  it('reads a range, and keeps one the server would refuse with the reason', () => {
    expect(rangeFromParams(new URLSearchParams('from=2026-11-01&to=2026-11-30'), NOW)).toEqual({
      range: { from: '2026-11-01', to: '2026-11-30' },
      problem: null,
    });
    expect(rangeFromParams(new URLSearchParams('from=2026-11-30&to=2026-11-01'), NOW).problem).toBe(
      ReportMessages.rangeReversed,
    );
    expect(rangeFromParams(new URLSearchParams('from=2026-01-01&to=2026-11-01'), NOW).problem).toBe(
      ReportMessages.rangeTooLong,
    );
  });

  it('falls back to the default for days that are missing or not days', () => {
    for (const search of ['', 'from=2026-11-01', 'from=2026-02-30&to=2026-03-01', 'from=x&to=y']) {
      expect(rangeFromParams(new URLSearchParams(search), NOW)).toEqual({ range: defaultRange(NOW), problem: null });
    }
  });
});
