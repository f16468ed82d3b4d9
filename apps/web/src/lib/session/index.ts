import { useSyncExternalStore } from 'react';
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
export { guardDecision, type GuardDecision } from './guard.ts';

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

export function useIsLoggedIn(): boolean {
  return isLoggedIn(useSession());
}

/** Logout: forget every stored login field. The caller navigates to '/'. */
export function clearSession(): void {
  sessionStore.clear();
}
