import { useQuery } from '@tanstack/react-query';
import { RacingAdminOperations, type ResponseOf } from '@karera/shared';
import { callOperation } from '../../lib/callOperation.ts';
import { queryKeys } from './queryKeys.ts';

/** A race day with its races by race number, each with its runners by runner number (the contract's answer). */
export type EventDetailResponse = ResponseOf<typeof RacingAdminOperations.event>;

/** One race day with its races and runners; kept fresh while the operator watches it. */
export function useRacingEventQuery(eventId: number) {
  return useQuery({
    queryKey: queryKeys.racingEvent(eventId),
    queryFn: ({ signal }) => callOperation(RacingAdminOperations.event, { params: { eventId }, signal }),
    refetchInterval: 15_000,
  });
}
