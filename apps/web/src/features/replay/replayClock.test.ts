import { describe, expect, it } from 'vitest';
import { minutesSeconds, ReplayClock } from './replayClock.ts';

describe('the replay clock', () => {
  it('runs at its speed, holds while paused, and restarts from the off', () => {
    let wall = 1_000;
    const clock = new ReplayClock(() => wall);
    wall += 2_000;
    expect(clock.now()).toBe(2_000);
    clock.setSpeed(2);
    wall += 1_000;
    expect(clock.now()).toBe(4_000);
    clock.pause();
    wall += 5_000;
    expect(clock.now()).toBe(4_000);
    expect(clock.paused).toBe(true);
    clock.setSpeed(0.5);
    clock.play();
    wall += 2_000;
    expect(clock.now()).toBe(5_000);
    clock.restart();
    expect(clock.now()).toBe(0);
    expect(clock.speed).toBe(0.5);
    expect(clock.paused).toBe(false);
  });

  it('writes times as m:ss', () => {
    expect(minutesSeconds(0)).toBe('0:00');
    expect(minutesSeconds(65_400)).toBe('1:05');
  });
});
