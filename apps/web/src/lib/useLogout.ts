import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router';
import { UserRoutes } from '@karera/shared';
import { forgetPlayerQueries } from './queryClientRef.ts';
import { clearSession } from './session/index.ts';
import { userRequest } from './userApi.ts';

/** Forgets everything about the player in this browser: stored login, shared state, cached player data. */
export function forgetPlayer(): void {
  clearSession();
  forgetPlayerQueries();
}

/**
 * Where this browser was given notifications, it stops receiving the player's (its own chunk, loaded only
 * then); at most a few seconds, and never a reason not to sign out.
 */
function unsubscribePush(): Promise<void> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted' || !('serviceWorker' in navigator)) {
    return Promise.resolve();
  }
  const unsubscribing = import('./push/pushSubscription.ts').then((m) => m.unsubscribeThisBrowser());
  const limit = new Promise<void>((resolve) => window.setTimeout(resolve, 3_000));
  return Promise.race([unsubscribing, limit]).catch(() => undefined);
}

/**
 * Sign out: ends the session on the server (which also drops the cookie), then forgets the stored
 * login state and goes to the landing page. A failed call still signs out of this browser.
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const pending = useRef(false);
  return useCallback(() => {
    if (pending.current) return;
    pending.current = true;
    void unsubscribePush()
      .then(() => userRequest(UserRoutes.logout, {}))
      .catch(() => undefined)
      .finally(() => {
        pending.current = false;
        forgetPlayer();
        void navigate('/', { replace: true });
      });
  }, [navigate]);
}
