import { useQueries, useQuery } from '@tanstack/react-query';
import { GameRoutes, ToteRoutes } from '@karera/shared';
import { publicRequest } from '../../lib/userApi.ts';

/** Keys of the results page; the race card keys are its own, so it never shares the live screen's cache. */
export const resultQueryKeys = {
  gameInfo: ['results', 'game-info'] as const,
  raceInfo: (eventId: number) => ['results', 'race-info', eventId] as const,
  result: (raceId: number) => ['results', 'result', raceId] as const,
  carryovers: ['results', 'carryovers'] as const,
};

/** The race days getGameInfo offers (today's first). */
export function useGameInfo() {
  return useQuery({
    queryKey: resultQueryKeys.gameInfo,
    queryFn: ({ signal }) => publicRequest(GameRoutes.getGameInfo, {}, signal),
  });
}

/**
 * The race cards of the given race days. Usually one; when a link names a race without its event,
 * every listed day is read to find the race (there are only a few).
 */
export function useRaceInfos(eventIds: readonly number[]) {
  return useQueries({
    queries: eventIds.map((eventId) => ({
      queryKey: resultQueryKeys.raceInfo(eventId),
      queryFn: ({ signal }: { signal: AbortSignal }) => publicRequest(GameRoutes.getRaceInfo, { eventId }, signal),
    })),
  });
}

/** game/getGameResult of the race being viewed; a refusal is an answer to show, not worth retrying. */
export function useGameResult(race: { raceId: number; eventId: number } | null) {
  return useQuery({
    queryKey: resultQueryKeys.result(race?.raceId ?? 0),
    queryFn: ({ signal }) =>
      publicRequest(ToteRoutes.getGameResult, { raceId: race?.raceId ?? 0, eventId: race?.eventId ?? 0 }, signal),
    enabled: race !== null,
    retry: false,
  });
}

export function useCarryovers() {
  return useQuery({
    queryKey: resultQueryKeys.carryovers,
    queryFn: ({ signal }) => publicRequest(ToteRoutes.getCarryovers, {}, signal),
    retry: false,
  });
}
