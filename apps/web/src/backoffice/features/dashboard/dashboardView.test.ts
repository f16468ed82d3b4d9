import { describe, expect, it } from 'vitest';
import { betTypeLabel, formatAge, postCountdown, racePath } from './dashboardView.ts';

describe('dashboard view helpers', () => {
  it('words a waiting time in seconds, minutes, then hours', () => {
    expect(formatAge(-5)).toBe('0 s');
    expect(formatAge(59_999)).toBe('59 s');
    expect(formatAge(5 * 60_000 + 1)).toBe('5 min');
    expect(formatAge(125 * 60_000)).toBe('2 h 05 min');
  });

  it('counts down to post time, and up once it passed', () => {
    const post = '2026-11-27T02:00:00.000Z';
    expect(postCountdown(post, Date.parse(post) - 65_000)).toEqual({ passed: false, countdown: '1:05' });
    expect(postCountdown(post, Date.parse(post) + 30_000)).toEqual({ passed: true, countdown: '0:30' });
  });

  it('names bet types and links races', () => {
    expect(betTypeLabel('W')).toBe('Win (W)');
    expect(betTypeLabel('ZZ')).toBe('ZZ');
    expect(racePath(3, 9)).toBe('/race-day/3/races/9');
    expect(racePath(3, 9, 'report')).toBe('/race-day/3/races/9/report');
  });
});
