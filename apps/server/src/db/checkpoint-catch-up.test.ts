import { describe, expect, it } from 'vitest';
import { nextCatchUp, RUSH_OVER_AFTER_MS } from './checkpoint-catch-up.mjs';

const FROM = 40_000;

describe('the checkpointer catching up near the fallback', () => {
  it('waits for the next interval while the log is below the catch-up size', () => {
    expect(nextCatchUp(undefined, FROM - 1, 0, FROM)).toBeUndefined();
    // The log started over since the last round.
    expect(nextCatchUp({ log: 45_000, grewAt: 0 }, 120, 1, FROM)).toBeUndefined();
  });

  it('starts at the catch-up size and goes on while the log grows', () => {
    const first = nextCatchUp(undefined, FROM, 100, FROM);
    expect(first).toEqual({ log: FROM, grewAt: 100 });
    expect(nextCatchUp(first, FROM + 40, 101.2, FROM)).toEqual({ log: FROM + 40, grewAt: 101.2 });
  });

  it('goes on when a round right after another finds no new commit', () => {
    const grown = { log: 45_767, grewAt: 1_000 };
    expect(nextCatchUp(grown, 45_767, 1_000.05, FROM)).toEqual(grown);
    expect(nextCatchUp(grown, 45_767, 1_000 + RUSH_OVER_AFTER_MS, FROM)).toEqual(grown);
  });

  it('stops once the log has not grown for a while: the rush is over', () => {
    expect(nextCatchUp({ log: 45_767, grewAt: 1_000 }, 45_767, 1_000 + RUSH_OVER_AFTER_MS + 1, FROM)).toBeUndefined();
  });
});
