import { describe, expect, it } from 'vitest';
import { DEPOSIT_LATE_AFTER_MS, formatCountdown, isDepositLate } from './rules.ts';

describe('the race-day dashboard rules', () => {
  it('a deposit is late after the spec’s 5 minutes, not at exactly 5', () => {
    const createdAt = '2026-11-27T02:00:00.000Z';
    const at = (ms: number) => Date.parse(createdAt) + ms;
    expect(DEPOSIT_LATE_AFTER_MS).toBe(300_000);
    expect(isDepositLate(createdAt, at(299_999))).toBe(false);
    expect(isDepositLate(createdAt, at(300_000))).toBe(false);
    expect(isDepositLate(createdAt, at(300_001))).toBe(true);
  });

  it('counts down in minutes and seconds, hours when far, and shows time past post with a minus', () => {
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(65_400)).toBe('1:05');
    expect(formatCountdown(3_723_000)).toBe('1:02:03');
    expect(formatCountdown(-90_000)).toBe('-1:30');
  });
});
