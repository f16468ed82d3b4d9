import { describe, expect, it } from 'vitest';
import {
  MAX_FAVOURITE_STAKES,
  parseFavourites,
  parseLastBets,
  readFavourites,
  readLastBet,
  readStreamHidden,
  rememberLastBet,
  toggleFavourite,
  writeFavourites,
  writeStreamHidden,
} from './deviceMemory.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

const blocked = {
  getItem: () => {
    throw new Error('blocked');
  },
  setItem: () => {
    throw new Error('blocked');
  },
};

describe('favourite stakes', () => {
  it('keep valid whole-peso amounts once each, at most four, the newest kept', () => {
    expect(parseFavourites('[5, 10, 10, 0, -2, 1.5, "20", 20, 50, 100]')).toEqual([10, 20, 50, 100]);
    expect(parseFavourites('[10000000, 9999999]')).toEqual([9999999]);
    expect(parseFavourites('{"a":1}')).toEqual([]);
    expect(parseFavourites('not json')).toEqual([]);
    expect(parseFavourites(null)).toEqual([]);
  });

  it('star an amount to keep it (the oldest goes past four) and again to let it go', () => {
    expect(toggleFavourite([], 20)).toEqual([20]);
    expect(toggleFavourite([5, 10, 20], 10)).toEqual([5, 20]);
    expect(toggleFavourite([5, 10, 20, 50], 100)).toEqual([10, 20, 50, 100]);
    expect(toggleFavourite([5], 0)).toEqual([5]);
    expect(toggleFavourite([1, 2, 3, 4], 5)).toHaveLength(MAX_FAVOURITE_STAKES);
  });

  it('are stored per player on the device, and a blocked storage reads as none', () => {
    const storage = memoryStorage();
    writeFavourites(storage, '7', [5, 20]);
    expect(readFavourites(storage, '7')).toEqual([5, 20]);
    expect(readFavourites(storage, '8')).toEqual([]);
    expect(readFavourites(blocked, '7')).toEqual([]);
    expect(() => writeFavourites(blocked, '7', [5])).not.toThrow();
  });
});

describe('last bets', () => {
  it('read only entries shaped like a bet: places of runner numbers and a whole-peso amount', () => {
    const raw = JSON.stringify({
      TRI: { selections: [[1, 2], [3], [4]], pesos: 5 },
      W: { selections: [[0]], pesos: 5 },
      FC: { selections: [[1], [2]], pesos: 2.5 },
      DD: { selections: 'x', pesos: 1 },
      'DD+1': { selections: [[1], [2], [3]], pesos: 2 },
      '<script>': { selections: [[1]], pesos: 1 },
    });
    expect(parseLastBets(raw)).toEqual({
      TRI: { selections: [[1, 2], [3], [4]], pesos: 5 },
      'DD+1': { selections: [[1], [2], [3]], pesos: 2 },
    });
    expect(parseLastBets('[1,2]')).toEqual({});
    expect(parseLastBets(null)).toEqual({});
  });

  it('are remembered per player and bet type, a newer bet replacing the older of its type', () => {
    const storage = memoryStorage();
    rememberLastBet(storage, '7', 'W', { selections: [[2]], pesos: 20 });
    rememberLastBet(storage, '7', 'TRI', { selections: [[1], [2], [3]], pesos: 5 });
    rememberLastBet(storage, '7', 'W', { selections: [[4]], pesos: 10 });
    expect(readLastBet(storage, '7', 'W')).toEqual({ selections: [[4]], pesos: 10 });
    expect(readLastBet(storage, '7', 'TRI')).toEqual({ selections: [[1], [2], [3]], pesos: 5 });
    expect(readLastBet(storage, '8', 'W')).toBeNull();
    expect(readLastBet(blocked, '7', 'W')).toBeNull();
  });
});

describe('the stream toggle', () => {
  it('is remembered on the device, shown unless hidden', () => {
    const storage = memoryStorage();
    expect(readStreamHidden(storage)).toBe(false);
    writeStreamHidden(storage, true);
    expect(readStreamHidden(storage)).toBe(true);
    writeStreamHidden(storage, false);
    expect(readStreamHidden(storage)).toBe(false);
    expect(readStreamHidden(blocked)).toBe(false);
  });
});
