import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { balanceChangesIn, encodeMessage } from '@karera/shared';
import { connectRealtime, socketUrlFor } from './realtime.ts';
import { COOKIE_SESSION, useSession } from './session/index.ts';
import { PLAYER_QUERY_ROOT } from './queryKeys.ts';
import { useBalanceRefresh } from './useBalanceRefresh.ts';
import { reportSessionInvalid } from './userApi.ts';

/**
 * Listens on the live socket for BALANCE_CHANGED (staff approved or declined one of the player's
 * requests) and then reads the balance and wallet history again, so the header is right without a
 * reload. The live screen keeps its own socket, so this one stays closed there (one socket per tab).
 */
export function useBalancePush(): void {
  const { pathname } = useLocation();
  const session = useSession();
  const playerId = session.playerId;
  const queryClient = useQueryClient();
  const { mutate: refreshBalance } = useBalanceRefresh();
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
          refreshBalance();
          void queryClient.invalidateQueries({ queryKey: [...PLAYER_QUERY_ROOT, 'walletHistory'] });
        }
      },
      onInvalidAuth: () => reportSessionInvalid('realtime'),
    });
    return () => connection.close();
  }, [playerId, onLiveScreen, queryClient, refreshBalance]);
}
