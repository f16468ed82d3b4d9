import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  balanceChangesIn,
  encodeMessage,
  GameRoutes,
  type DayCard,
  type GameInfoResponse,
  type RaceInfoResponse,
  type RaceStatus,
  type RealtimeMessage,
} from '@karera/shared';
import { ApiError } from '../../lib/api.ts';
import { connectRealtime, socketUrlFor, type RealtimeState } from '../../lib/realtime.ts';
import { COOKIE_SESSION, useSession } from '../../lib/session/index.ts';
import { publicRequest, reportSessionInvalid } from '../../lib/userApi.ts';
import { PLAYER_QUERY_ROOT } from '../../lib/queryKeys.ts';
import { useBalanceRefresh } from '../../lib/useBalanceRefresh.ts';
import { applyRealtime, mergeFetchedRaces, statusChanges, statusesOf, type StatusChange } from './raceState.ts';
import { noteRaceRuns } from './drawnRace/runStore.ts';
import { createFrameBatch } from './frameBatch.ts';

export const liveQueryKeys = {
  gameInfo: ['live', 'game-info'] as const,
  raceInfo: (eventId: number) => ['live', 'race-info', eventId] as const,
};

export type LiveView =
  { kind: 'loading' } | { kind: 'error'; code: number } | { kind: 'empty' } | { kind: 'ready'; info: RaceInfoResponse };

export interface LiveRaceDay {
  view: LiveView;
  connection: RealtimeState;
  /** The latest status changes the socket delivered, for the screen reader announcement. */
  changes: readonly StatusChange[];
  /** The day's cards, the card in play first (the card switcher). */
  cards: readonly DayCard[];
  /** The card on screen. */
  eventId: number | null;
}

/** How often a screen whose card is over asks which card is in play now. */
const FOLLOW_CARD_MS = 5_000;
/** How long a card's last result stays on screen before the screen moves to the card in play. */
const LAST_RESULT_SHOWN_MS = 10_000;
/** Statuses of a race that keep its card on screen: on sale, to come, or running. */
const CARD_GOING_ON: readonly RaceStatus[] = ['A', 'O', 'L', 'C'];

/** The code of 'Error {code}, please reload page': the answer's statusCode, else the HTTP status. */
export function errorCodeOf(error: unknown): number {
  if (error instanceof ApiError) return error.statusCode || error.httpStatus;
  return 0;
}

/**
 * The race day on screen, kept live: getGameInfo picks the event (unless the link names one),
 * getRaceInfo reads its card, and the socket at its webSocketUrl moves statuses and odds from then on.
 * A result (D), an unknown race or a possible scratching reads the card again; so does every reconnect,
 * since messages may have been missed. A close for an invalid session logs out like a 107.
 */
export function useLiveRaceDay(eventParam: number | null): LiveRaceDay {
  const queryClient = useQueryClient();
  const { playerId } = useSession();
  const { mutate: refreshBalance } = useBalanceRefresh();

  const [following, setFollowing] = useState(false);
  const gameInfo = useQuery({
    queryKey: liveQueryKeys.gameInfo,
    queryFn: ({ signal }) => publicRequest(GameRoutes.getGameInfo, {}, signal),
    staleTime: 0,
    // Without a card named in the link, the screen follows the card in play (the server's first).
    refetchInterval: following ? FOLLOW_CARD_MS : false,
  });
  const firstEvent: DayCard | undefined = gameInfo.data?.events[0];
  const eventId = eventParam ?? firstEvent?.id ?? null;

  const raceInfo = useQuery({
    queryKey: liveQueryKeys.raceInfo(eventId ?? 0),
    queryFn: async ({ signal }) => {
      const key = liveQueryKeys.raceInfo(eventId ?? 0);
      const fresh = await publicRequest(GameRoutes.getRaceInfo, { eventId: eventId ?? 0 }, signal);
      const current = queryClient.getQueryData<RaceInfoResponse>(key);
      return { ...fresh, races: mergeFetchedRaces(current?.races, fresh.races) };
    },
    enabled: eventId !== null,
    staleTime: 0,
  });

  // Once the card on screen is over (no race open, to come or running), the card in play has moved on:
  // look for it, after the last race's result has been on screen a moment. A race still running keeps
  // its card on screen: a player watching it is not taken to another track as that one opens its betting.
  const races = raceInfo.data?.races;
  const cardOver =
    eventParam === null && races !== undefined && !races.some((race) => CARD_GOING_ON.includes(race.status));
  useEffect(() => {
    if (!cardOver) {
      setFollowing(false);
      return undefined;
    }
    const timer = setTimeout(() => {
      setFollowing(true);
      void queryClient.invalidateQueries({ queryKey: liveQueryKeys.gameInfo, exact: true });
    }, LAST_RESULT_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [cardOver, queryClient]);

  const [connection, setConnection] = useState<RealtimeState>('connecting');
  // What the screen reader is told: each race whose status the card on screen moved forward, whether the
  // socket or a reading of the card brought it (on a busy machine a reading asked for by one message can
  // carry a status before the socket's own message of it, which then changes nothing).
  const [changes, setChanges] = useState<readonly StatusChange[]>([]);
  const shownStatuses = useRef<ReadonlyMap<number, RaceStatus> | null>(null);
  useEffect(() => {
    if (races === undefined) return;
    const before = shownStatuses.current;
    shownStatuses.current = statusesOf(races);
    const moved = before === null ? [] : statusChanges(before, races);
    if (moved.length > 0) setChanges(moved);
  }, [races]);
  const webSocketUrl = raceInfo.data?.webSocketUrl ?? null;

  useEffect(() => {
    if (webSocketUrl === null || eventId === null) return undefined;
    const key = liveQueryKeys.raceInfo(eventId);
    const readAgain = () => void queryClient.invalidateQueries({ queryKey: key, exact: true });
    // The socket's frames come in bursts (odds every half second per race on sale, statuses): their
    // messages are applied together, in order, once per frame, so the screen renders once for a burst
    // and shows the last of every value. A batch that changes nothing leaves the card as it is.
    const batch = createFrameBatch<RealtimeMessage>((messages) => {
      const current = queryClient.getQueryData<RaceInfoResponse>(key);
      if (!current) return;
      const applied = applyRealtime(current.races, messages);
      if (applied.changed) queryClient.setQueryData<RaceInfoResponse>(key, { ...current, races: [...applied.races] });
      if (applied.refetch) readAgain();
    });
    const live = connectRealtime({
      url: socketUrlFor(webSocketUrl, window.location.protocol),
      hello: () => {
        if (playerId === null) return null;
        try {
          return encodeMessage({ type: 'GAME_CONNECT', playerId, sessionId: COOKIE_SESSION });
        } catch {
          return null;
        }
      },
      onMessages: (messages) => {
        noteRaceRuns(messages);
        batch.push(messages);
      },
      // Settlement or a payment decision changed this player's balance: the header reads it again.
      onFrame: (frame) => {
        if (playerId !== null && balanceChangesIn(frame).some((notice) => notice.playerId === Number(playerId))) {
          refreshBalance();
          void queryClient.invalidateQueries({ queryKey: [...PLAYER_QUERY_ROOT, 'walletHistory'] });
        }
      },
      onOpen: (reconnected) => {
        if (reconnected) readAgain();
      },
      onStateChange: setConnection,
      onInvalidAuth: () => reportSessionInvalid('realtime'),
    });
    return () => {
      live.close();
      batch.flush();
    };
  }, [webSocketUrl, eventId, playerId, queryClient, refreshBalance]);

  return {
    view: viewOf(eventParam === null, gameInfo, eventId, raceInfo),
    connection,
    changes,
    cards: gameInfo.data?.events ?? [],
    eventId,
  };
}

interface QueryState<T> {
  data: T | undefined;
  error: Error | null;
  isError: boolean;
}

export function viewOf(
  fromGameInfo: boolean,
  gameInfo: QueryState<GameInfoResponse>,
  eventId: number | null,
  raceInfo: QueryState<RaceInfoResponse>,
): LiveView {
  if (fromGameInfo && gameInfo.data === undefined) {
    return gameInfo.isError ? { kind: 'error', code: errorCodeOf(gameInfo.error) } : { kind: 'loading' };
  }
  if (eventId === null) return { kind: 'empty' };
  if (raceInfo.data) return { kind: 'ready', info: raceInfo.data };
  if (raceInfo.isError) return { kind: 'error', code: errorCodeOf(raceInfo.error) };
  return { kind: 'loading' };
}
