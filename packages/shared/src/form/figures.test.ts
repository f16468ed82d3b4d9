import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  daysSinceLastRun,
  distanceRecord,
  formatRecord,
  formRecord,
  horseForm,
  isFirstStarter,
  lastFinishes,
  strikeRate,
  trackRecord,
  type PastRun,
} from './figures.ts';

const run = (raceDate: string, over: Partial<PastRun> = {}): PastRun => ({
  raceDate,
  track: 'San Lazaro',
  distanceM: 1200,
  raceClass: 'Class 3',
  outcome: 'finished',
  position: 1,
  marginHundredths: null,
  fieldSize: 10,
  ...over,
});
const finished = (raceDate: string, position: number, over: Partial<PastRun> = {}) =>
  run(raceDate, { position, ...over });
const scratched = (raceDate: string, over: Partial<PastRun> = {}) =>
  run(raceDate, { outcome: 'scratched', position: null, ...over });
const disqualified = (raceDate: string, over: Partial<PastRun> = {}) =>
  run(raceDate, { outcome: 'disqualified', position: null, ...over });
const didNotFinish = (raceDate: string, over: Partial<PastRun> = {}) =>
  run(raceDate, { outcome: 'didNotFinish', position: null, ...over });

/**
 * Worked by hand (given out of order, as a file may list them):
 *   2026-06-01 San Lazaro 1200 4th of 9
 *   2026-06-20 Metro Turf 1400 1st (dead heat with another: both 1st)
 *   2026-07-05 San Lazaro 1200 scratched          -> not a start, no figure
 *   2026-07-18 San Lazaro 1200 2nd, 1.25 lengths
 *   2026-08-02 Metro Turf 1200 disqualified (passed the post 1st)  -> D, a start, no win
 *   2026-08-30 San Lazaro 1400 3rd (dead heat for 3rd)
 *   2026-09-14 San Lazaro 1200 did not finish     -> F
 *   2026-10-01 Metro Turf 1200 1st
 *   2026-10-20 San Lazaro 1200 scratched           -> not a start: the last run stays 2026-10-01
 * Starts 7: wins 2 (the dead heat and 2026-10-01), seconds 1, thirds 1, places 2.
 * Last five starts, oldest first: 2nd, D, 3rd, F, 1st -> 2-D-3-F-1.
 */
const history: PastRun[] = [
  finished('2026-10-01', 1, { track: 'Metro Turf' }),
  finished('2026-06-01', 4, { fieldSize: 9, marginHundredths: 350 }),
  scratched('2026-10-20'),
  finished('2026-06-20', 1, { track: 'Metro Turf', distanceM: 1400 }),
  scratched('2026-07-05'),
  finished('2026-07-18', 2, { marginHundredths: 125 }),
  disqualified('2026-08-02', { track: 'Metro Turf' }),
  finished('2026-08-30', 3, { distanceM: 1400 }),
  didNotFinish('2026-09-14'),
];

describe('last finishes', () => {
  it('shows the last five starts oldest first, the latest last, skipping scratchings', () => {
    expect(lastFinishes(history)).toBe('2-D-3-F-1');
  });

  it('shows fewer figures for fewer starts, and a dead heat as its shared position', () => {
    expect(lastFinishes([finished('2026-01-02', 1), finished('2026-01-01', 3)])).toBe('3-1');
    expect(lastFinishes(history, 7)).toBe('4-1-2-D-3-F-1');
  });

  it('is empty for a horse that was only ever scratched', () => {
    expect(lastFinishes([scratched('2026-01-01'), scratched('2026-02-01')])).toBe('');
  });

  it('writes double-figure positions whole', () => {
    expect(lastFinishes([finished('2026-01-01', 12), finished('2026-02-01', 10)])).toBe('12-10');
  });
});

describe('records', () => {
  it('counts starts, wins, seconds and thirds; places are the seconds and thirds', () => {
    const career = formRecord(history);
    expect(career).toEqual({ starts: 7, wins: 2, seconds: 1, thirds: 1, places: 2 });
    expect(formatRecord(career)).toBe('7: 2-1-1');
  });

  it('counts a disqualified winner as a start without a win or a place', () => {
    expect(formRecord([disqualified('2026-01-01')])).toEqual({
      starts: 1,
      wins: 0,
      seconds: 0,
      thirds: 0,
      places: 0,
    });
  });

  it('counts a dead heat for second as a place for both', () => {
    const a = formRecord([finished('2026-01-01', 2)]);
    expect(a.places).toBe(1);
    expect(a.seconds).toBe(1);
  });

  it('keeps the record at exactly the distance', () => {
    // 1200 m starts: 4th, 2nd, D, F, 1st (the scratchings at 1200 are not starts).
    expect(distanceRecord(history, 1200)).toEqual({ starts: 5, wins: 1, seconds: 1, thirds: 0, places: 1 });
    expect(distanceRecord(history, 1400)).toEqual({ starts: 2, wins: 1, seconds: 0, thirds: 1, places: 1 });
    expect(distanceRecord(history, 1300).starts).toBe(0);
  });

  it('keeps the record on a track whatever the case of its name', () => {
    // Metro Turf: 1st (dead heat), D, 1st.
    expect(trackRecord(history, ' metro turf')).toEqual({ starts: 3, wins: 2, seconds: 0, thirds: 0, places: 0 });
    // San Lazaro: 4th, 2nd, 3rd, F.
    expect(trackRecord(history, 'San Lazaro')).toEqual({ starts: 4, wins: 0, seconds: 1, thirds: 1, places: 2 });
  });
});

describe('days since the last run and first starters', () => {
  it('counts calendar days from the latest start, not the latest scratching', () => {
    expect(daysBetween('2026-10-01', '2026-11-28')).toBe(58);
    expect(daysSinceLastRun(history, '2026-11-28')).toBe(58);
    expect(daysBetween('2026-02-28', '2026-03-01')).toBe(1);
  });

  it('is a first starter until it starts; scratchings do not count', () => {
    expect(isFirstStarter([])).toBe(true);
    expect(isFirstStarter([scratched('2026-01-01')])).toBe(true);
    expect(daysSinceLastRun([scratched('2026-01-01')], '2026-02-01')).toBeNull();
    expect(isFirstStarter([didNotFinish('2026-01-01')])).toBe(false);
  });

  it('puts the figures together for a race', () => {
    expect(horseForm(history, { asOf: '2026-11-28', track: 'Metro Turf', distanceM: 1400 })).toEqual({
      lastFinishes: '2-D-3-F-1',
      daysSinceLastRun: 58,
      firstStarter: false,
      career: { starts: 7, wins: 2, seconds: 1, thirds: 1, places: 2 },
      atDistance: { starts: 2, wins: 1, seconds: 0, thirds: 1, places: 1 },
      atTrack: { starts: 3, wins: 2, seconds: 0, thirds: 0, places: 0 },
    });
    const firstStarter = horseForm([], { asOf: '2026-11-28', track: 'Metro Turf', distanceM: null });
    expect(firstStarter).toMatchObject({ lastFinishes: '', daysSinceLastRun: null, firstStarter: true });
    expect(firstStarter.atDistance).toBeNull();
  });
});

describe("a jockey's or trainer's wins out of rides in the last 30 days", () => {
  /**
   * As of 2026-11-28, the window is 2026-10-30 .. 2026-11-28 (30 days, the day itself included):
   *   2026-10-29 won        -> 30 days before: out
   *   2026-10-30 won        -> in: win
   *   2026-11-05 5th        -> in
   *   2026-11-10 scratched  -> not a ride
   *   2026-11-12 1st (dead heat) -> in: win
   *   2026-11-20 disqualified    -> in: a ride, no win
   *   2026-11-28 2nd        -> in (the day itself)
   *   2026-11-29 won        -> after the day: out
   * Rides 5, wins 2.
   */
  const rides = [
    finished('2026-10-29', 1),
    finished('2026-10-30', 1),
    finished('2026-11-05', 5),
    scratched('2026-11-10'),
    finished('2026-11-12', 1),
    disqualified('2026-11-20'),
    finished('2026-11-28', 2),
    finished('2026-11-29', 1),
  ];

  it('counts wins out of rides in the window', () => {
    expect(strikeRate(rides, '2026-11-28')).toEqual({ wins: 2, rides: 5 });
  });

  it('is nothing out of nothing without rides', () => {
    expect(strikeRate([], '2026-11-28')).toEqual({ wins: 0, rides: 0 });
  });

  it('takes a shorter window when asked', () => {
    // 7 days: 2026-11-22 .. 2026-11-28 -> the 2nd only.
    expect(strikeRate(rides, '2026-11-28', 7)).toEqual({ wins: 0, rides: 1 });
  });
});
