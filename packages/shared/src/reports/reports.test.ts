import { describe, expect, it } from 'vitest';
import { addCalendarDays, calendarDaysIncluded, isCalendarDay, manilaDayOf, manilaDaysWindow } from '../datetime.ts';
import { gamingReportQuery, REPORT_MAX_DAYS, reportRangeProblem, ReportMessages } from './reports.ts';

describe('Manila days', () => {
  it('puts 23:59 and 00:01 Manila on different days (UTC+8, all year)', () => {
    expect(manilaDayOf('2026-11-19T15:59:00.000Z')).toBe('2026-11-19');
    expect(manilaDayOf('2026-11-19T16:01:00.000Z')).toBe('2026-11-20');
    expect(manilaDayOf('2026-06-30T16:00:00.000Z')).toBe('2026-07-01');
  });

  it('turns a range of days into the UTC window the database is read with', () => {
    expect(manilaDaysWindow('2026-11-01', '2026-11-30')).toEqual({
      start: '2026-10-31T16:00:00.000Z',
      end: '2026-11-30T16:00:00.000Z',
    });
    expect(manilaDaysWindow('2026-12-31', '2026-12-31').end).toBe('2026-12-31T16:00:00.000Z');
  });

  it('counts days and checks they exist', () => {
    expect(calendarDaysIncluded('2026-11-01', '2026-11-01')).toBe(1);
    expect(calendarDaysIncluded('2026-02-01', '2026-03-01')).toBe(29);
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-1-01')).toBe(false);
  });
});

describe('report ranges', () => {
  it('refuses an end before the start and a range over the limit', () => {
    expect(reportRangeProblem('2026-11-02', '2026-11-01')).toBe(ReportMessages.rangeReversed);
    expect(reportRangeProblem('2026-11-01', addCalendarDays('2026-11-01', REPORT_MAX_DAYS - 1))).toBeNull();
    expect(reportRangeProblem('2026-11-01', addCalendarDays('2026-11-01', REPORT_MAX_DAYS))).toBe(
      ReportMessages.rangeTooLong,
    );
  });

  it('takes a grouping (days by default) and nothing else', () => {
    expect(gamingReportQuery.parse({ from: '2026-11-01', to: '2026-11-30' }).by).toBe('day');
    expect(gamingReportQuery.safeParse({ from: '2026-11-01', to: '2026-11-30', extra: '1' }).success).toBe(false);
    expect(gamingReportQuery.safeParse({ from: '2026-11-01', to: '2026-11-30', by: 'agent' }).success).toBe(false);
  });
});
