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
 * Sign out: ends the session on the server (which also drops the cookie), then forgets the stored
 * login state and goes to the landing page. A failed call still signs out of this browser.
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const pending = useRef(false);
  return useCallback(() => {
    if (pending.current) return;
    pending.current = true;
    void userRequest(UserRoutes.logout, {})
      .catch(() => undefined)
      .finally(() => {
        pending.current = false;
        forgetPlayer();
        void navigate('/', { replace: true });
      });
  }, [navigate]);
}
