import { centavos, type Centavos } from '@karera/shared';

/**
 * The login state kept in the browser (docs/product/accounts.md#sessions), one localStorage entry per field under its
 * own name. Balances are stored as whole centavos. Login writes it (see login.ts: sessionId holds
 * only a marker, the token stays in the HttpOnly cookie); logout and status 107 clear it.
 */
export const SESSION_KEYS = [
  'sessionId',
  'playerId',
  'mobileNo',
  'firstName',
  'lastName',
  'creditBalance',
  'bonusBalance',
  'agentId',
] as const;
export type SessionKey = (typeof SESSION_KEYS)[number];

export interface StoredSession {
  sessionId: string | null;
  playerId: string | null;
  mobileNo: string | null;
  firstName: string | null;
  lastName: string | null;
  creditBalance: Centavos | null;
  bonusBalance: Centavos | null;
  agentId: string | null;
}

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const EMPTY_SESSION: StoredSession = Object.freeze({
  sessionId: null,
  playerId: null,
  mobileNo: null,
  firstName: null,
  lastName: null,
  creditBalance: null,
  bonusBalance: null,
  agentId: null,
});

function text(value: string | null): string | null {
  if (value === null) return null;
  const trimmed = value.trim();
  return trimmed === '' || trimmed === 'null' || trimmed === 'undefined' ? null : trimmed;
}

/** A stored balance is a whole number of centavos; anything else reads as unknown. */
export function parseStoredCentavos(value: string | null): Centavos | null {
  const raw = text(value);
  if (raw === null || !/^-?\d+$/.test(raw)) return null;
  const parsed = Number(raw);
  return Number.isSafeInteger(parsed) ? centavos(parsed) : null;
}

function safeGet(storage: Pick<Storage, 'getItem'>, key: SessionKey): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

export function readSession(storage: Pick<Storage, 'getItem'> | null): StoredSession {
  if (!storage) return EMPTY_SESSION;
  return {
    sessionId: text(safeGet(storage, 'sessionId')),
    playerId: text(safeGet(storage, 'playerId')),
    mobileNo: text(safeGet(storage, 'mobileNo')),
    firstName: text(safeGet(storage, 'firstName')),
    lastName: text(safeGet(storage, 'lastName')),
    creditBalance: parseStoredCentavos(safeGet(storage, 'creditBalance')),
    bonusBalance: parseStoredCentavos(safeGet(storage, 'bonusBalance')),
    agentId: text(safeGet(storage, 'agentId')),
  };
}

/** Logged in means a stored player id and session id (docs/product/accounts.md#sessions). */
export function isLoggedIn(session: StoredSession): boolean {
  return session.playerId !== null && session.sessionId !== null;
}

/** Player screens also need a stored mobile number (docs/product/screens.md#routes). */
export function canOpenPlayerScreens(session: StoredSession): boolean {
  return isLoggedIn(session) && session.mobileNo !== null;
}

export function displayNameOf(session: StoredSession): string {
  return [session.firstName, session.lastName].filter((part) => part !== null).join(' ');
}

function sameSession(a: StoredSession, b: StoredSession): boolean {
  return SESSION_KEYS.every((key) => a[key] === b[key]);
}

export interface SessionStore {
  getSnapshot(): StoredSession;
  subscribe(listener: () => void): () => void;
  /** Writes the given fields (null removes one) and notifies: login, balance refresh, profile update. */
  save(values: Partial<StoredSession>): void;
  /** Removes every stored login field (logout, or status 107). */
  clear(): void;
  /** Re-reads storage, e.g. after another tab changed it. */
  refresh(): void;
}

export function createSessionStore(storage: StorageLike | null): SessionStore {
  let snapshot = readSession(storage);
  const listeners = new Set<() => void>();

  function refresh(): void {
    const next = readSession(storage);
    if (sameSession(snapshot, next)) return;
    snapshot = next;
    for (const listener of listeners) listener();
  }

  function write(key: SessionKey, value: string | number | null): void {
    if (!storage) return;
    try {
      if (value === null) storage.removeItem(key);
      else storage.setItem(key, String(value));
    } catch {
      // Storage full or blocked (private mode): the in-memory snapshot still follows the change.
    }
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    save(values) {
      for (const key of SESSION_KEYS) {
        if (key in values) write(key, values[key] ?? null);
      }
      const next = storage ? readSession(storage) : { ...snapshot, ...values };
      if (!sameSession(snapshot, next)) {
        snapshot = next;
        for (const listener of listeners) listener();
      }
    },
    clear() {
      for (const key of SESSION_KEYS) write(key, null);
      if (!sameSession(snapshot, EMPTY_SESSION)) {
        snapshot = EMPTY_SESSION;
        for (const listener of listeners) listener();
      }
    },
    refresh,
  };
}
