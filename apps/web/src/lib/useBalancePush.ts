import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { balanceChangesIn, encodeMessage } from '@karera/shared';
import { connectRealtime, socketUrlFor } from './realtime.ts';
import { balanceStore } from './balance.ts';
import { COOKIE_SESSION, useSessionValue } from './session/index.ts';
import { PLAYER_QUERY_ROOT } from './queryKeys.ts';
import { reportSessionInvalid } from './userApi.ts';

/**
 * Listens on the live socket for BALANCE_CHANGED (staff approved or declined one of the player's
 * requests) and then reads the balance and wallet history again, so the header is right without a
 * reload. The live screen keeps its own socket, so this one stays closed there (one socket per tab).
 */
export function useBalancePush(): void {
  const { pathname } = useLocation();
  // The player id alone, and no balance read here: the layout that calls this renders again only on a navigation.
  const playerId = useSessionValue((session) => session.playerId);
  const queryClient = useQueryClient();
  // A group ticket's page keeps its own socket too (it follows the group's count and reads these notices).
  const onLiveScreen =
    pathname === '/live' ||
    pathname.startsWith('/live/') ||
    (pathname.startsWith('/bakas/') && pathname !== '/bakas/new');

  useEffect(() => {
    if (playerId === null || onLiveScreen || typeof WebSocket === 'undefined') return undefined;
    const url = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/ws`;
    const connection = connectRealtime({
      url: socketUrlFor(url, window.location.protocol),
      hello: () => {
        try {
          return encodeMessage({ type: 'GAME_CONNECT', playerId, sessionId: COOKIE_SESSION });
        } catch {
          return null;
        }
      },
      // Race messages are the live screen's business; this hook only reads the raw frames' balance notices.
      onMessages: () => undefined,
      onFrame: (frame) => {
        if (balanceChangesIn(frame).some((message) => message.playerId === Number(playerId))) {
          void balanceStore.reload({ fresh: true });
          void queryClient.invalidateQueries({ queryKey: [...PLAYER_QUERY_ROOT, 'walletHistory'] });
        }
      },
      onInvalidAuth: () => reportSessionInvalid('realtime'),
    });
    return () => connection.close();
  }, [playerId, onLiveScreen, queryClient]);
}
