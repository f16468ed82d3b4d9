import { describe, expect, it } from 'vitest';
import type { Race, RealtimeMessage } from '@karera/shared';
import { applyRealtime, defaultRace, mergeFetchedRaces, statusChanges, statusesOf } from './raceState.ts';
import { race, runner } from './testRaces.ts';

const status = (raceId: number, to: 'A' | 'O' | 'L' | 'C' | 'D' | 'X'): RealtimeMessage => ({
  type: 'RACE_STATUS',
  raceId,
  status: to,
});
const odds = (raceId: number, values: (string | null)[]): RealtimeMessage => ({
  type: 'UPDATE_ODDS',
  raceId,
  odds: values,
});

describe('applyRealtime: RACE_STATUS', () => {
  const card = [race(1, 'O'), race(2, 'A')];

  it('moves a known race forward', () => {
    const applied = applyRealtime(card, [status(101, 'L')]);
    expect(applied.races.map((r) => r.status)).toEqual(['L', 'A']);
    expect(applied.changed).toBe(true);
    expect(applied.refetch).toBe(false);
    expect(card[0]?.status).toBe('O');
  });

  it('applies several messages of one frame in order', () => {
    const applied = applyRealtime(card, [status(101, 'L'), status(101, 'C'), status(102, 'O')]);
    expect(applied.races.map((r) => r.status)).toEqual(['C', 'O']);
  });

  it('ignores a repeated or backward status (e.g. a reconnect snapshot)', () => {
    const applied = applyRealtime([race(1, 'C')], [status(101, 'C'), status(101, 'O')]);
    expect(applied.races[0]?.status).toBe('C');
    expect(applied.changed).toBe(false);
    expect(applied.refetch).toBe(false);
  });

  it('reads the card again on D, for the finishing places', () => {
    const applied = applyRealtime([race(1, 'C')], [status(101, 'D')]);
    expect(applied.races[0]?.status).toBe('D');
    expect(applied.refetch).toBe(true);
  });

  it('reads the card again for a race it does not know', () => {
    const applied = applyRealtime(card, [status(999, 'O')]);
    expect(applied.races).toEqual(card);
    expect(applied.refetch).toBe(true);
  });

  it('takes a cancellation from any open status', () => {
    expect(applyRealtime([race(1, 'L')], [status(101, 'X')]).races[0]?.status).toBe('X');
  });
});

describe('applyRealtime: UPDATE_ODDS', () => {
  const card = [
    race(1, 'O', [
      runner('1', { odds: '2.10' }),
      runner('2', { odds: '5.00' }),
      runner('3', { status: 'S' }),
      runner('4', { odds: '9.90' }),
    ]),
  ];

  it('sets each runner its odds in card order', () => {
    const applied = applyRealtime(card, [odds(101, ['2.40', '4.50', null, '8.00'])]);
    expect(applied.races[0]?.runners.map((r) => r.odds)).toEqual(['2.40', '4.50', null, '8.00']);
    expect(applied.refetch).toBe(false);
  });

  it('ignores odds of a race not on the card', () => {
    const applied = applyRealtime(card, [odds(555, ['1.10'])]);
    expect(applied.races).toEqual(card);
    expect(applied.refetch).toBe(false);
  });

  it('reads the card again when the line may hide a scratching', () => {
    // A runner lost its odds.
    expect(applyRealtime(card, [odds(101, ['2.40', null, null, '8.00'])]).refetch).toBe(true);
    // A scratched runner got odds (scratch taken back).
    expect(applyRealtime(card, [odds(101, ['2.40', '4.50', '7.00', '8.00'])]).refetch).toBe(true);
    // A line that changes nothing: the news is elsewhere (a runner without odds scratched).
    expect(applyRealtime(card, [odds(101, ['2.10', '5.00', null, '9.90'])]).refetch).toBe(true);
    // A runner more or less.
    expect(applyRealtime(card, [odds(101, ['2.40', '4.50', null])]).refetch).toBe(true);
  });

  it('never gives a scratched runner odds', () => {
    const applied = applyRealtime(card, [odds(101, ['2.40', '4.50', '7.00', '8.00'])]);
    expect(applied.races[0]?.runners[2]?.odds).toBeNull();
  });
});

describe('applyRealtime: what stays the same object', () => {
  const card = [
    race(1, 'O', [runner('1', { odds: '2.10' }), runner('2', { odds: '5.00' }), runner('3', { odds: '9.90' })]),
    race(2, 'A', [runner('1'), runner('2')]),
  ];

  it('copies only the race and the runners whose odds moved', () => {
    const applied = applyRealtime(card, [odds(101, ['2.10', '4.50', '9.90'])]);
    expect(applied.changed).toBe(true);
    expect(applied.races).not.toBe(card);
    expect(applied.races[0]).not.toBe(card[0]);
    expect(applied.races[0]?.runners[0]).toBe(card[0]?.runners[0]);
    expect(applied.races[0]?.runners[1]).not.toBe(card[0]?.runners[1]);
    expect(applied.races[0]?.runners[1]?.odds).toBe('4.50');
    expect(applied.races[0]?.runners[2]).toBe(card[0]?.runners[2]);
    expect(applied.races[1]).toBe(card[1]);
  });

  it('keeps the runners of a race whose status moved', () => {
    const applied = applyRealtime(card, [status(102, 'O')]);
    expect(applied.races[1]?.status).toBe('O');
    expect(applied.races[1]?.runners).toBe(card[1]?.runners);
    expect(applied.races[0]).toBe(card[0]);
  });

  it('gives back the same card when nothing changed', () => {
    const repeated = applyRealtime(card, [status(101, 'O'), status(101, 'A'), odds(555, ['1.10'])]);
    expect(repeated).toEqual({ races: card, changed: false, refetch: false });
    expect(repeated.races).toBe(card);
    // A line that changes nothing asks for the card, and leaves it as it is meanwhile.
    const same = applyRealtime(card, [odds(101, ['2.10', '5.00', '9.90'])]);
    expect(same.races).toBe(card);
    expect(same.changed).toBe(false);
    expect(same.refetch).toBe(true);
  });

  it('gives the last value of a burst, as applying its messages one by one would', () => {
    const burst = [odds(101, ['2.20', '5.00', '9.90']), status(101, 'L'), odds(101, ['2.30', '4.00', '9.90'])];
    const together = applyRealtime(card, burst);
    const oneByOne = burst.reduce<readonly Race[]>((races, message) => applyRealtime(races, [message]).races, card);
    expect(together.races).toEqual(oneByOne);
    expect(together.races[0]?.status).toBe('L');
    expect(together.races[0]?.runners.map((r) => r.odds)).toEqual(['2.30', '4.00', '9.90']);
    expect(together.races[0]?.runners[2]).toBe(card[0]?.runners[2]);
    expect(together.races[1]).toBe(card[1]);
    expect(card[0]?.runners.map((r) => r.odds)).toEqual(['2.10', '5.00', '9.90']);
  });
});

describe('mergeFetchedRaces', () => {
  it('keeps a status the socket already delivered over an older answer', () => {
    const current = [race(1, 'L'), race(2, 'O')];
    const fetched = [race(1, 'O', [runner('1', { odds: '3.00' })]), race(2, 'C'), race(3, 'A')];
    const merged = mergeFetchedRaces(current, fetched);
    expect(merged.map((r) => r.status)).toEqual(['L', 'C', 'A']);
    expect(merged[0]?.runners[0]?.odds).toBe('3.00');
  });

  it('takes the answer as it is the first time', () => {
    const fetched = [race(1, 'O')];
    expect(mergeFetchedRaces(undefined, fetched)).toEqual(fetched);
  });
});

describe('defaultRace', () => {
  it('opens on the first race taking bets, else the first not done or cancelled', () => {
    expect(defaultRace([race(1, 'D'), race(2, 'C'), race(3, 'O'), race(4, 'L')])?.raceNo).toBe(3);
    expect(defaultRace([race(1, 'D'), race(2, 'X'), race(3, 'C'), race(4, 'A')])?.raceNo).toBe(3);
    expect(defaultRace([race(1, 'A'), race(2, 'A')])?.raceNo).toBe(1);
  });

  it('falls back to the last race when all are over, and to nothing without races', () => {
    expect(defaultRace([race(1, 'D'), race(2, 'X')])?.raceNo).toBe(2);
    expect(defaultRace([])).toBeNull();
  });
});

describe('statusChanges: what the screen reader is told', () => {
  it('names each race the card moved forward since it was last shown', () => {
    const before = statusesOf([race(1, 'O'), race(2, 'A'), race(3, 'C')]);
    expect(statusChanges(before, [race(1, 'C'), race(2, 'O'), race(3, 'C')])).toEqual([
      { raceId: 101, raceNo: 1, from: 'O', to: 'C' },
      { raceId: 102, raceNo: 2, from: 'A', to: 'O' },
    ]);
  });

  it('tells a status that a reading of the card brought before the socket did', () => {
    const shown = [race(1, 'L')];
    const read = mergeFetchedRaces(shown, [race(1, 'C')]);
    expect(statusChanges(statusesOf(shown), read)).toEqual([{ raceId: 101, raceNo: 1, from: 'L', to: 'C' }]);
    // The socket's own message of it then changes nothing, and is not told again.
    const afterSocket = applyRealtime(read, [status(101, 'C')]);
    expect(afterSocket.changed).toBe(false);
    expect(statusChanges(statusesOf(read), afterSocket.races)).toEqual([]);
  });

  it('tells nothing of a race the earlier card did not have, nor of one moved back', () => {
    const before = statusesOf([race(1, 'C')]);
    expect(statusChanges(before, [race(1, 'O'), race(2, 'O')])).toEqual([]);
  });
});
