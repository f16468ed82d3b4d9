import { describe, expect, it } from 'vitest';
import { BETTING_OPEN_STATUSES, canTransition, isBettingOpen, RACE_STATUSES, type RaceStatus } from './status.ts';

const allowed: [RaceStatus, RaceStatus][] = [
  ['A', 'O'],
  ['A', 'X'],
  ['O', 'L'],
  ['O', 'C'],
  ['O', 'X'],
  ['L', 'C'],
  ['L', 'X'],
  ['C', 'D'],
  ['C', 'X'],
];

describe('race status machine', () => {
  it.each(allowed)('allows %s -> %s', (from, to) => {
    expect(canTransition(from, to)).toBe(true);
  });

  const refused = RACE_STATUSES.flatMap((from) =>
    RACE_STATUSES.map((to) => [from, to] as [RaceStatus, RaceStatus]),
  ).filter(([from, to]) => !allowed.some(([a, b]) => a === from && b === to));
  it.each(refused)('refuses %s -> %s', (from, to) => {
    expect(canTransition(from, to)).toBe(false);
  });

  it('takes bets only when open or on last call', () => {
    expect(RACE_STATUSES.filter(isBettingOpen)).toEqual(['O', 'L']);
    // The list queries use is the same rule.
    expect(BETTING_OPEN_STATUSES).toEqual(RACE_STATUSES.filter(isBettingOpen));
  });
});
