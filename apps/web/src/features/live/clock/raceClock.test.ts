import { describe, expect, it } from 'vitest';
import { formatPostTime, hasClock, msToNextSecond, raceClockOf } from './raceClock.ts';

const POST = '2026-11-25T06:30:00.000Z'; // 2:30 PM in Manila
const post = Date.parse(POST);

describe('raceClockOf', () => {
  it('gives an open race its post time in Manila and the countdown to it', () => {
    expect(raceClockOf({ status: 'O', startDateTime: POST }, post - 12 * 60_000 - 5_000)).toEqual({
      postTime: '2:30 PM',
      leftMs: 725_000,
      countdown: '12:05',
      due: false,
      lastCall: false,
    });
  });

  it('counts hours past the first, and shows a part second left as the whole second', () => {
    expect(raceClockOf({ status: 'O', startDateTime: POST }, post - 3_723_000)?.countdown).toBe('1:02:03');
    expect(raceClockOf({ status: 'O', startDateTime: POST }, post - 59_001)?.countdown).toBe('1:00');
    expect(raceClockOf({ status: 'O', startDateTime: POST }, post - 400)?.countdown).toBe('0:01');
  });

  it('counts down each second', () => {
    const at = (ms: number) => raceClockOf({ status: 'O', startDateTime: POST }, post - ms)?.countdown;
    expect([at(3_000), at(2_000), at(1_000)]).toEqual(['0:03', '0:02', '0:01']);
  });

  it('marks a last call, whose countdown blinks', () => {
    expect(raceClockOf({ status: 'L', startDateTime: POST }, post - 45_000)).toMatchObject({
      countdown: '0:45',
      lastCall: true,
      due: false,
    });
  });

  it('stops at 0:00 and says the race is due once the post time has passed and it is still on sale', () => {
    expect(raceClockOf({ status: 'L', startDateTime: POST }, post + 90_000)).toMatchObject({
      leftMs: 0,
      countdown: '0:00',
      due: true,
    });
  });

  it('has no clock for a race not on sale or with an unreadable post time', () => {
    for (const status of ['A', 'C', 'D', 'X'] as const) {
      expect(hasClock({ status })).toBe(false);
      expect(raceClockOf({ status, startDateTime: POST }, post - 60_000)).toBeNull();
    }
    expect(raceClockOf({ status: 'O', startDateTime: 'soon' }, post)).toBeNull();
  });
});

describe('formatPostTime', () => {
  it('reads the time in Manila whatever the device zone, and nothing for a bad time', () => {
    expect(formatPostTime('2026-11-25T00:05:00.000Z')).toBe('8:05 AM');
    expect(formatPostTime(POST)).toBe('2:30 PM');
    expect(formatPostTime('')).toBe('');
  });
});

describe('msToNextSecond', () => {
  it('waits until the next whole second', () => {
    expect(msToNextSecond(10_250)).toBe(750);
    expect(msToNextSecond(10_999)).toBe(1);
    expect(msToNextSecond(10_000)).toBe(1000);
  });
});
