import { describe, expect, it } from 'vitest';
import { minutesOfDay, quietHoursEnd } from './quietHours.ts';

/** An instant given in Manila time (UTC+8). */
const manila = (text: string) => Date.parse(`${text}+08:00`);

describe('quiet hours (Manila time)', () => {
  const night = { from: '22:00', to: '07:00' };

  it('across midnight: held from 22:00 until 07:00 the next morning', () => {
    expect(quietHoursEnd(night, manila('2026-11-28T23:30:00'))).toBe(manila('2026-11-29T07:00:00'));
    expect(quietHoursEnd(night, manila('2026-11-29T03:00:00'))).toBe(manila('2026-11-29T07:00:00'));
    expect(quietHoursEnd(night, manila('2026-11-28T22:00:00'))).toBe(manila('2026-11-29T07:00:00'));
  });

  it('outside them: nothing held', () => {
    expect(quietHoursEnd(night, manila('2026-11-28T07:00:00'))).toBeNull();
    expect(quietHoursEnd(night, manila('2026-11-28T21:59:00'))).toBeNull();
    expect(quietHoursEnd(night, manila('2026-11-28T12:00:00'))).toBeNull();
  });

  it('within one day', () => {
    const siesta = { from: '13:00', to: '15:30' };
    expect(quietHoursEnd(siesta, manila('2026-11-28T14:00:00'))).toBe(manila('2026-11-28T15:30:00'));
    expect(quietHoursEnd(siesta, manila('2026-11-28T15:30:00'))).toBeNull();
    expect(quietHoursEnd(siesta, manila('2026-11-28T12:59:00'))).toBeNull();
  });

  it('none, equal ends or a malformed time hold nothing', () => {
    expect(quietHoursEnd(null, manila('2026-11-28T23:00:00'))).toBeNull();
    expect(quietHoursEnd({ from: '08:00', to: '08:00' }, manila('2026-11-28T08:00:00'))).toBeNull();
    expect(quietHoursEnd({ from: '24:00', to: '07:00' }, manila('2026-11-28T23:00:00'))).toBeNull();
    expect(minutesOfDay('7:00')).toBeNull();
    expect(minutesOfDay('07:05')).toBe(425);
  });
});
