import { describe, expect, it } from 'vitest';
import type { DayCard } from '@karera/shared';
import { cardsByArena, formatPostTime } from './cardSwitcher.ts';

const card = (id: number, arena: string, phase: DayCard['phase']): DayCard => ({
  id,
  name: `Card ${id}`,
  arena,
  streamUrl: '',
  raceDate: '2026-11-23',
  enabledBetTypes: [],
  phase,
  nextPostTime: null,
  lastPostTime: null,
  raceCount: 10,
});

describe('cardsByArena', () => {
  it('groups the cards by arena, the arena of the card in play first, keeping the order within each', () => {
    const groups = cardsByArena([
      card(3, 'Carmona', 'open'),
      card(4, 'Naic', 'upcoming'),
      card(2, 'Carmona', 'finished'),
      card(1, 'Naic', 'finished'),
    ]);
    expect(groups.map((g) => [g.arena, g.cards.map((c) => c.id)])).toEqual([
      ['Carmona', [3, 2]],
      ['Naic', [4, 1]],
    ]);
  });
});

describe('formatPostTime', () => {
  it('shows a post time in Manila whatever the device zone', () => {
    expect(formatPostTime('2026-11-23T06:05:00Z')).toBe('2:05 PM');
    expect(formatPostTime(null)).toBe('');
  });
});
