import { describe, expect, it, vi } from 'vitest';
import { centavos } from '@karera/shared';
import {
  EMPTY_SESSION,
  canOpenPlayerScreens,
  createSessionStore,
  displayNameOf,
  isLoggedIn,
  parseStoredCentavos,
  readSession,
  type StorageLike,
} from './store.ts';

function memoryStorage(initial: Record<string, string> = {}): StorageLike & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, value);
    },
    removeItem: (key) => {
      data.delete(key);
    },
  };
}

const loggedIn = {
  sessionId: 'sess-1',
  playerId: '1001',
  mobileNo: '09171234567',
  firstName: 'Juan',
  lastName: 'Dela Cruz',
  creditBalance: '123450',
  bonusBalance: '500',
  agentId: '7',
};

describe('session store', () => {
  it('reads every stored field, balances as centavos', () => {
    const session = readSession(memoryStorage(loggedIn));
    expect(session).toEqual({
      sessionId: 'sess-1',
      playerId: '1001',
      mobileNo: '09171234567',
      firstName: 'Juan',
      lastName: 'Dela Cruz',
      creditBalance: 123450,
      bonusBalance: 500,
      agentId: '7',
    });
    expect(isLoggedIn(session)).toBe(true);
    expect(canOpenPlayerScreens(session)).toBe(true);
    expect(displayNameOf(session)).toBe('Juan Dela Cruz');
  });

  it('reads nothing without storage or with empty values', () => {
    expect(readSession(null)).toEqual(EMPTY_SESSION);
    const session = readSession(memoryStorage({ playerId: '', sessionId: 'null', mobileNo: ' ' }));
    expect(session).toEqual(EMPTY_SESSION);
    expect(isLoggedIn(session)).toBe(false);
  });

  it('needs both player id and session id to be logged in, and a mobile number for player screens', () => {
    expect(isLoggedIn(readSession(memoryStorage({ playerId: '1' })))).toBe(false);
    expect(isLoggedIn(readSession(memoryStorage({ sessionId: 's' })))).toBe(false);
    const noMobile = readSession(memoryStorage({ playerId: '1', sessionId: 's' }));
    expect(isLoggedIn(noMobile)).toBe(true);
    expect(canOpenPlayerScreens(noMobile)).toBe(false);
  });

  it('accepts only whole centavos as balances', () => {
    expect(parseStoredCentavos('0')).toBe(0);
    expect(parseStoredCentavos('-250')).toBe(-250);
    expect(parseStoredCentavos('12.50')).toBeNull();
    expect(parseStoredCentavos('abc')).toBeNull();
    expect(parseStoredCentavos('99999999999999999999')).toBeNull();
    expect(parseStoredCentavos(null)).toBeNull();
  });

  it('clears every field and notifies subscribers once', () => {
    const storage = memoryStorage({ ...loggedIn, unrelated: 'keep' });
    const store = createSessionStore(storage);
    const listener = vi.fn();
    store.subscribe(listener);
    store.clear();
    expect(store.getSnapshot()).toEqual(EMPTY_SESSION);
    expect([...storage.data.keys()]).toEqual(['unrelated']);
    expect(listener).toHaveBeenCalledTimes(1);
    store.clear();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('saves fields, keeps the snapshot stable when nothing changed, and follows external changes', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.save({ playerId: '5', sessionId: 'abc', mobileNo: '09170000000', creditBalance: centavos(5000) });
    expect(storage.data.get('creditBalance')).toBe('5000');
    const first = store.getSnapshot();
    expect(first.creditBalance).toBe(5000);
    store.refresh();
    expect(store.getSnapshot()).toBe(first);
    storage.data.delete('sessionId');
    store.refresh();
    expect(store.getSnapshot().sessionId).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.save({ sessionId: 'again' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('keeps working when storage throws', () => {
    const broken: StorageLike = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    const store = createSessionStore(broken);
    expect(store.getSnapshot()).toEqual(EMPTY_SESSION);
    expect(() => store.clear()).not.toThrow();
  });
});
