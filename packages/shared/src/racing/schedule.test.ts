import { describe, expect, it } from 'vitest';
import { isoWeek, isRaceDay, manilaDate, upcomingRaceDays } from './schedule.ts';

describe('race-day schedule', () => {
  it('races on Wednesday, Friday, Saturday and Sunday', () => {
    // 2026-11-16 is a Monday (ISO week 47).
    const week = [16, 17, 18, 19, 20, 21, 22].map((day) => isRaceDay({ year: 2026, month: 11, day }));
    expect(week).toEqual([false, false, true, false, true, true, true]);
  });

  it('races on Tuesday, Wednesday, Saturday and Sunday in ISO week 16', () => {
    // 2026-04-13 is the Monday of ISO week 16.
    expect(isoWeek({ year: 2026, month: 4, day: 13 })).toBe(16);
    const week = [13, 14, 15, 16, 17, 18, 19].map((day) => isRaceDay({ year: 2026, month: 4, day }));
    expect(week).toEqual([false, true, true, false, false, true, true]);
  });

  it('counts ISO weeks across year ends', () => {
    expect(isoWeek({ year: 2026, month: 1, day: 1 })).toBe(1);
    expect(isoWeek({ year: 2027, month: 1, day: 1 })).toBe(53);
  });

  it('lists upcoming race days', () => {
    expect(upcomingRaceDays({ year: 2026, month: 11, day: 21 }, 3)).toEqual([
      { year: 2026, month: 11, day: 21 },
      { year: 2026, month: 11, day: 22 },
      { year: 2026, month: 11, day: 25 },
    ]);
  });

  it('reads days in Manila time', () => {
    // 17:00 UTC on the 20th is 01:00 on the 21st in Manila.
    expect(manilaDate(new Date('2026-11-20T17:00:00Z'))).toEqual({ year: 2026, month: 11, day: 21 });
  });
});
