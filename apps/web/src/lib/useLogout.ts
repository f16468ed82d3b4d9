import { useCallback, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { UserRoutes } from '@karera/shared';
import { PLAYER_QUERY_ROOT } from './queryKeys.ts';
import { clearSession } from './session/index.ts';
import { userRequest } from './userApi.ts';

/** Forgets everything about the player in this browser: stored login, shared state, cached player data. */
export function forgetPlayer(queryClient: QueryClient): void {
  clearSession();
  queryClient.removeQueries({ queryKey: PLAYER_QUERY_ROOT });
}

/**
 * Sign out: ends the session on the server (which also drops the cookie), then forgets the stored
 * login state and goes to the landing page. A failed call still signs out of this browser.
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pending = useRef(false);
  return useCallback(() => {
    if (pending.current) return;
    pending.current = true;
    void userRequest(UserRoutes.logout, {})
      .catch(() => undefined)
      .finally(() => {
        pending.current = false;
        forgetPlayer(queryClient);
        void navigate('/', { replace: true });
      });
  }, [navigate, queryClient]);
}
