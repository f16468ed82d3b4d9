import { describe, expect, it } from 'vitest';
import { RACE_STATUSES } from '@karera/shared';
import { hasResult, raceNotice, runnerMark, winnersOf } from './raceDisplay.ts';
import { race, runner } from './testRaces.ts';

describe('raceNotice', () => {
  it('maps every status', () => {
    const notices = Object.fromEntries(
      RACE_STATUSES.map((status) => [status, raceNotice(race(1, status))?.kind ?? null]),
    );
    expect(notices).toEqual({
      A: 'awaiting',
      O: null,
      L: 'lastCall',
      C: 'closed',
      D: 'resultPending',
      X: 'cancelled',
    });
  });

  it('gives the start time while waiting to open bet', () => {
    expect(raceNotice(race(1, 'A'))).toEqual({ kind: 'awaiting', startDateTime: '2026-11-25T05:00:00.000Z' });
  });

  it('has no notice once a done race has its places', () => {
    const done = race(1, 'D', [runner('1', { finishPosition: 2 }), runner('2', { finishPosition: 1 })]);
    expect(hasResult(done)).toBe(true);
    expect(raceNotice(done)).toBeNull();
  });
});

describe('runnerMark', () => {
  const scratched = runner('3', { status: 'S' });

  it('offers the Bet toggle while the pool is on sale, never to a scratched runner', () => {
    for (const status of RACE_STATUSES) {
      const open = status === 'O' || status === 'L';
      expect(runnerMark(race(1, status), runner('1'), open)).toBe(open ? 'bet' : 'none');
      expect(runnerMark(race(1, status), scratched, open)).toBe('scratched');
    }
    // A later leg of a multi-race pool on sale: pickable before its own race opens.
    expect(runnerMark(race(3, 'A'), runner('1'), true)).toBe('bet');
  });

  it('tells a later leg of a pool on sale when it starts, without waiting to open bet', () => {
    expect(raceNotice(race(3, 'A'), true)).toEqual({ kind: 'legStarts', startDateTime: race(3, 'A').startDateTime });
  });

  it('marks the winner 1st and the others X once places exist', () => {
    const winner = runner('2', { finishPosition: 1 });
    const second = runner('1', { finishPosition: 2 });
    const unplaced = runner('4');
    const done = race(1, 'D', [second, winner, unplaced, scratched]);
    expect(runnerMark(done, winner, false)).toBe('first');
    expect(runnerMark(done, second, false)).toBe('unplaced');
    expect(runnerMark(done, unplaced, false)).toBe('unplaced');
    expect(runnerMark(done, scratched, false)).toBe('scratched');
  });

  it('marks nothing while the result is pending', () => {
    const pending = race(1, 'D', [runner('1'), runner('2')]);
    expect(pending.runners.map((r) => runnerMark(pending, r, false))).toEqual(['none', 'none']);
  });

  it('marks every winner of a dead heat', () => {
    const a = runner('1', { finishPosition: 1 });
    const b = runner('2', { finishPosition: 1 });
    const done = race(1, 'D', [a, b]);
    expect([runnerMark(done, a, false), runnerMark(done, b, false)]).toEqual(['first', 'first']);
  });
});

describe('winnersOf', () => {
  it('is empty before the race has run or before its places are in', () => {
    expect(winnersOf(race(1, 'O', [runner('1'), runner('2')]))).toEqual([]);
    expect(winnersOf(race(1, 'D', [runner('1'), runner('2')]))).toEqual([]);
  });

  it('names the runner placed first, and every one of a dead heat', () => {
    const done = race(1, 'D', [
      runner('1', { finishPosition: 2 }),
      runner('2', { finishPosition: 1 }),
      runner('3', { finishPosition: 1 }),
    ]);
    expect(winnersOf(done)).toEqual(['2 Horse 2', '3 Horse 3']);
  });
});
