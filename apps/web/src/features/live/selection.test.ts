import { describe, expect, it } from 'vitest';
import { activeSelection, baseNumber, canPick, toggleRunner } from './selection.ts';
import { runner } from './testRaces.ts';

const card = [
  runner('1'),
  runner('1A'),
  runner('2'),
  runner('3'),
  runner('3A', { status: 'S' }),
  runner('4', { status: 'S' }),
  runner('10'),
];

describe('baseNumber', () => {
  it('drops letter suffixes and leading zeros', () => {
    expect(baseNumber('1')).toBe('1');
    expect(baseNumber('1A')).toBe('1');
    expect(baseNumber('1b')).toBe('1');
    expect(baseNumber('10')).toBe('10');
    expect(baseNumber('01X')).toBe('1');
  });
});

describe('toggleRunner', () => {
  it('picks and drops every runner sharing the number, letters ignored', () => {
    const picked = toggleRunner(new Set(), card, '1A');
    expect([...picked].sort()).toEqual(['1', '1A']);
    expect([...toggleRunner(picked, card, '1')]).toEqual([]);
  });

  it('completes a half-picked entry before dropping it', () => {
    const picked = toggleRunner(new Set(['1']), card, '1');
    expect([...picked].sort()).toEqual(['1', '1A']);
  });

  it('does not confuse 1 with 10', () => {
    expect([...toggleRunner(new Set(), card, '10')]).toEqual(['10']);
  });

  it('never picks a scratched runner, alone or through its entry', () => {
    expect([...toggleRunner(new Set(), card, '4')]).toEqual([]);
    expect([...toggleRunner(new Set(), card, '3A')]).toEqual([]);
    expect([...toggleRunner(new Set(), card, '3')]).toEqual(['3']);
    expect([...toggleRunner(new Set(['2']), card, 'nope')]).toEqual(['2']);
  });

  it('leaves the given set alone', () => {
    const before = new Set(['2']);
    toggleRunner(before, card, '1');
    expect([...before]).toEqual(['2']);
  });
});

describe('activeSelection', () => {
  it('drops picks of runners scratched since, or gone', () => {
    expect([...activeSelection(new Set(['1', '4', '99']), card)]).toEqual(['1']);
  });
});

describe('canPick', () => {
  it('is for available runners only', () => {
    expect(canPick(runner('1'))).toBe(true);
    expect(canPick(runner('1', { status: 'S' }))).toBe(false);
  });
});
