import { describe, expect, it } from 'vitest';
import { clearBakasDraft, readBakasDraft, saveBakasDraft, type BakasDraft } from './bakasDraft.ts';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

const draft: BakasDraft = {
  raceId: 7,
  eventId: 3,
  betType: 'PICK4',
  selections: [[1, 2], [3], [4], [5, 6]],
  amount: 200,
  raceNos: [2, 3, 4, 5],
};

describe('the bet slip hands its bet to the group ticket sheet', () => {
  it('reads back what the slip saved, and nothing once cleared', () => {
    const storage = memoryStorage();
    expect(readBakasDraft(storage)).toBeNull();
    saveBakasDraft(draft, storage);
    expect(readBakasDraft(storage)).toEqual(draft);
    clearBakasDraft(storage);
    expect(readBakasDraft(storage)).toBeNull();
  });

  it('refuses a stored value that is not a draft (tampered, another version, not JSON)', () => {
    const storage = memoryStorage();
    for (const stored of [
      '{',
      'null',
      JSON.stringify({ ...draft, amount: '200' }),
      JSON.stringify({ ...draft, selections: [['1']] }),
      JSON.stringify({ ...draft, raceNos: undefined }),
      JSON.stringify({ ...draft, raceId: 1.5 }),
    ]) {
      storage.setItem('karera.bakasDraft', stored);
      expect(readBakasDraft(storage), stored).toBeNull();
    }
  });

  it('goes without storage (a browser that refuses it)', () => {
    expect(() => saveBakasDraft(draft, null)).not.toThrow();
    expect(readBakasDraft(null)).toBeNull();
  });
});
