import { useQuery } from '@tanstack/react-query';
import { RacingAdminRoutes, type GameEvent, type Race } from '@karera/shared';
import { apiRequest } from '../../lib/api.ts';
import { queryKeys } from './queryKeys.ts';

export interface EventDetailResponse {
  statusCode: 200;
  event: GameEvent;
  /** By race number, each with its runners by runner number. */
  races: Race[];
}

/** One race day with its races and runners; kept fresh while the operator watches it. */
export function useRacingEventQuery(eventId: number) {
  return useQuery({
    queryKey: queryKeys.racingEvent(eventId),
    queryFn: ({ signal }) => apiRequest<EventDetailResponse>(RacingAdminRoutes.event(eventId), { signal }),
    refetchInterval: 15_000,
  });
}
