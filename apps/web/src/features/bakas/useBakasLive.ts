import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  bakasSharesIn,
  balanceChangesIn,
  encodeBakasWatch,
  encodeMessage,
  type BakasGroupResponse,
} from '@karera/shared';
import { connectRealtime, socketUrlFor, type SocketLike } from '../../lib/realtime.ts';
import { balanceStore } from '../../lib/balance.ts';
import { PLAYER_QUERY_ROOT } from '../../lib/queryKeys.ts';
import { COOKIE_SESSION, useSession } from '../../lib/session/index.ts';
import { reportSessionInvalid } from '../../lib/userApi.ts';
import { bakasQueryKeys } from './bakasApi.ts';

/**
 * The shares sold of a group ticket, live (decision 056): the page's socket (the tab's one: the balance
 * notices' socket stays closed on this page and its notices are read here) follows the group with
 * BAKAS_WATCH once each connection is confirmed; each BAKAS_SHARES count goes straight into the group on screen, and the group
 * is read again for its members, or for all of it once its status moves on (placed, cancelled, settled).
 * A reconnect reads it again too, since counts may have been missed; so does a race's result while placed.
 */
const FINAL: ReadonlySet<string> = new Set(['D', 'X']);

export function useBakasLive(code: string | null): void {
  const queryClient = useQueryClient();
  const { playerId } = useSession();

  useEffect(() => {
    if (code === null || playerId === null || typeof WebSocket === 'undefined') return undefined;
    const key = bakasQueryKeys.group(code);
    const refetch = () => void queryClient.invalidateQueries({ queryKey: key, exact: true });
    let socket: SocketLike | null = null;
    let watching = false;
    const url = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/ws`;
    const connection = connectRealtime({
      url: socketUrlFor(url, window.location.protocol),
      createSocket: (address) => {
        socket = new WebSocket(address);
        return socket;
      },
      hello: () => {
        try {
          return encodeMessage({ type: 'GAME_CONNECT', playerId, sessionId: COOKIE_SESSION });
        } catch {
          return null;
        }
      },
      onOpen: (reconnected) => {
        watching = false;
        if (reconnected) refetch();
      },
      // A placed ticket settles when its race (or last leg) is resulted or cancelled: the group is read again
      // then, whether or not its own count message comes.
      onMessages: (messages) => {
        const placed = queryClient.getQueryData<BakasGroupResponse>(key)?.group.status === 'placed';
        if (placed && messages.some((message) => message.type === 'RACE_STATUS' && FINAL.has(message.status)))
          refetch();
      },
      onFrame: (frame) => {
        // The server reads every message before it has confirmed the hello's session as another hello (and
        // refuses it): the watch goes once the socket has heard its first frame, which only a confirmed
        // socket is sent (the race day's state at once, as the group's race is on today's card).
        if (!watching) {
          watching = true;
          socket?.send(encodeBakasWatch(code));
        }
        if (balanceChangesIn(frame).some((message) => message.playerId === Number(playerId))) {
          void balanceStore.reload({ fresh: true });
          void queryClient.invalidateQueries({ queryKey: [...PLAYER_QUERY_ROOT, 'walletHistory'] });
        }
        for (const message of bakasSharesIn(frame)) {
          if (message.code !== code) continue;
          const shown = queryClient.getQueryData<BakasGroupResponse>(key);
          if (shown) {
            queryClient.setQueryData<BakasGroupResponse>(key, {
              ...shown,
              group: {
                ...shown.group,
                sharesSold: message.sharesSold,
                sharesLeft: message.shares - message.sharesSold,
              },
            });
          }
          refetch();
        }
      },
      onInvalidAuth: () => reportSessionInvalid('realtime'),
    });
    return () => connection.close();
  }, [code, playerId, queryClient]);
}
