import { useSyncExternalStore } from 'react';
import type { LoginResponse } from '@karera/shared';
import { loginFieldsOf } from './login.ts';
import { playerState } from './playerState.ts';
import { createSessionStore, isLoggedIn, SESSION_KEYS, type StorageLike, type StoredSession } from './store.ts';

export {
  SESSION_KEYS,
  EMPTY_SESSION,
  canOpenPlayerScreens,
  displayNameOf,
  isLoggedIn,
  readSession,
  type SessionKey,
  type StoredSession,
} from './store.ts';
export { guardDecision, returnPathOf, type GuardDecision } from './guard.ts';
export { COOKIE_SESSION, loginFieldsOf } from './login.ts';
export {
  INITIAL_PLAYER_STATE,
  playerState,
  toggleUseBonus,
  usePlayerState,
  type PlayerState,
  type UseBonusDecision,
} from './playerState.ts';

function browserStorage(): StorageLike | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage blocked by the browser
  }
}

const storage = browserStorage();
const STORED_KEYS: ReadonlySet<string> = new Set(SESSION_KEYS);

/** The app's one session store, over localStorage. */
export const sessionStore = createSessionStore(storage);

if (typeof window !== 'undefined') {
  // Another tab logged in or out: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key === null || STORED_KEYS.has(event.key)) sessionStore.refresh();
  });
}

export function useSession(): StoredSession {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot, sessionStore.getSnapshot);
}

/**
 * One value derived from the session (a primitive: compared with Object.is): the component renders again
 * only when that value changes, not when another stored field (e.g. a balance) does.
 */
export function useSessionValue<T extends string | number | boolean | null>(select: (session: StoredSession) => T): T {
  const getSnapshot = () => select(sessionStore.getSnapshot());
  return useSyncExternalStore(sessionStore.subscribe, getSnapshot, getSnapshot);
}

export function useIsLoggedIn(): boolean {
  return isLoggedIn(useSession());
}

/** A successful login (login, OTP type P, login link): store its fields, the token excepted. */
export function saveLogin(response: Omit<LoginResponse, 'sessionId'> & { sessionId?: string }): void {
  sessionStore.save(loginFieldsOf(response));
}

/** Logout or status 107: forget every stored login field and the shared in-memory state. The caller navigates to '/'. */
export function clearSession(): void {
  sessionStore.clear();
  playerState.reset();
}
