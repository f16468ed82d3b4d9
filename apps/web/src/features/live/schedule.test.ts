import { describe, expect, it } from 'vitest';
import { formatStartsOn, scheduleDays, SCHEDULE_DAYS } from './schedule.ts';

describe('scheduleDays', () => {
  it('lists the next 8 race days from Manila today, as "Wed, Nov 25"', () => {
    // 2026-11-24 17:00 UTC is already Wednesday 25 November in Manila (UTC+8).
    const days = scheduleDays(new Date('2026-11-24T17:00:00Z'));
    expect(days).toHaveLength(SCHEDULE_DAYS);
    expect(days.slice(0, 5)).toEqual([
      { key: '2026-11-25', label: 'Wed, Nov 25', today: true },
      { key: '2026-11-27', label: 'Fri, Nov 27', today: false },
      { key: '2026-11-28', label: 'Sat, Nov 28', today: false },
      { key: '2026-11-29', label: 'Sun, Nov 29', today: false },
      { key: '2026-12-02', label: 'Wed, Dec 2', today: false },
    ]);
  });

  it('does not mark today when today is no race day', () => {
    const days = scheduleDays(new Date('2026-11-23T02:00:00Z')); // Monday in Manila
    expect(days[0]).toEqual({ key: '2026-11-25', label: 'Wed, Nov 25', today: false });
  });
});

describe('formatStartsOn', () => {
  it('shows the start in Manila time', () => {
    expect(formatStartsOn('2026-11-25T05:00:00.000Z')).toBe('Wed, Nov 25, 1:00 PM');
    expect(formatStartsOn('2026-11-24T16:30:00.000Z')).toBe('Wed, Nov 25, 12:30 AM');
    expect(formatStartsOn('not a date')).toBe('');
  });
});
