import { describe, expect, it } from 'vitest';
import { cardProgress, compareCards, type CardProgress } from './cards.ts';
import type { RaceStatus } from './status.ts';

const races = (...entries: [RaceStatus, string][]) =>
  entries.map(([status, hour]) => ({ status, startDateTime: `2026-11-23T${hour}:00:00.000Z` }));

describe('cardProgress', () => {
  it('reads a card open while any race takes bets, running while one awaits its result', () => {
    expect(cardProgress(races(['D', '01'], ['O', '02'], ['A', '03']))).toEqual({
      phase: 'open',
      nextPostTime: '2026-11-23T02:00:00.000Z',
      lastPostTime: '2026-11-23T03:00:00.000Z',
    });
    expect(cardProgress(races(['C', '01'], ['A', '02'])).phase).toBe('running');
    expect(cardProgress(races(['A', '01'], ['A', '02'])).phase).toBe('upcoming');
    expect(cardProgress(races(['D', '01'], ['X', '02']))).toEqual({
      phase: 'finished',
      nextPostTime: null,
      lastPostTime: '2026-11-23T02:00:00.000Z',
    });
    expect(cardProgress([])).toEqual({ phase: 'upcoming', nextPostTime: null, lastPostTime: null });
  });
});

describe('compareCards', () => {
  const card = (id: number, progress: Partial<CardProgress>): CardProgress & { id: number } => ({
    id,
    phase: 'upcoming',
    nextPostTime: null,
    lastPostTime: null,
    ...progress,
  });

  it('puts the card in play first, then the next to start, then the latest finished', () => {
    const cards = [
      card(1, { phase: 'finished', lastPostTime: '01' }),
      card(2, { phase: 'finished', lastPostTime: '05' }),
      card(3, { phase: 'upcoming', nextPostTime: '09' }),
      card(4, { phase: 'upcoming', nextPostTime: '08' }),
      card(5, { phase: 'running', nextPostTime: '06' }),
      card(6, { phase: 'open', nextPostTime: '07' }),
      card(7, { phase: 'open', nextPostTime: '06' }),
      card(8, { phase: 'upcoming' }),
    ];
    expect(cards.sort(compareCards).map((c) => c.id)).toEqual([7, 6, 5, 4, 3, 8, 2, 1]);
  });
});
