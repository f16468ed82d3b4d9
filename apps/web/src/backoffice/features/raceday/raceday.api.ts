import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  RacingAdminOperations,
  type EventInput,
  type Race,
  type RaceInput,
  type RaceStatus,
  type RaceUpdateInput,
  type ResponseOf,
  type RunnerInput,
} from '@karera/shared';
import { callOperation } from '../../../lib/callOperation.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import { useRacingEventQuery, type EventDetailResponse } from '../../lib/racingEvent.ts';

export { useRacingEventQuery, type EventDetailResponse };

/** The answers of the race-day calls, as the API's contract declares them. */
type Answer<K extends keyof typeof RacingAdminOperations> = ResponseOf<(typeof RacingAdminOperations)[K]>;

export type EventListResponse = Answer<'listEvents'>;
/** A race day in the list, with its race count. */
export type EventListItem = EventListResponse['events'][number];

export function raceCountOf(event: EventListItem): number | null {
  return event.raceCount;
}

export function useRacingEventsQuery() {
  return useQuery({
    queryKey: queryKeys.racingEvents,
    queryFn: ({ signal }) => callOperation(RacingAdminOperations.listEvents, { signal }),
  });
}

function refreshEvent(queryClient: QueryClient, eventId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.racingEvent(eventId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.racingEvents }),
  ]);
}

/**
 * After a change to a race: the answer replaces the race on screen at once, then the event and the
 * list are fetched again (the mutation stays pending until they are, so its button cannot be pressed
 * twice against a stale screen).
 */
function applyRace(queryClient: QueryClient, race: Race) {
  queryClient.setQueryData<EventDetailResponse>(queryKeys.racingEvent(race.eventId), (current) => {
    if (!current) return current;
    const exists = current.races.some((r) => r.raceId === race.raceId);
    const races = exists ? current.races.map((r) => (r.raceId === race.raceId ? race : r)) : [...current.races, race];
    return { ...current, races: races.toSorted((a, b) => a.raceNo - b.raceNo) };
  });
  return refreshEvent(queryClient, race.eventId);
}

export function useCreateEventMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EventInput) => callOperation(RacingAdminOperations.createEvent, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.racingEvents }),
  });
}

export function useUpdateEventMutation(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EventInput) => callOperation(RacingAdminOperations.updateEvent, { params: { eventId }, body }),
    onSuccess: (answer) => {
      queryClient.setQueryData<EventDetailResponse>(queryKeys.racingEvent(eventId), (current) =>
        current ? { ...current, event: answer.event } : current,
      );
      return refreshEvent(queryClient, eventId);
    },
  });
}

export function useCreateRaceMutation(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RaceInput) => callOperation(RacingAdminOperations.createRace, { params: { eventId }, body }),
    onSuccess: (answer) => applyRace(queryClient, answer.race),
    // A refusal often means the screen is behind (another operator, the simulator): catch up.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.racingEventAll }),
  });
}

export function useUpdateRaceMutation(raceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RaceUpdateInput) =>
      callOperation(RacingAdminOperations.updateRace, { params: { raceId }, body }),
    onSuccess: (answer) => applyRace(queryClient, answer.race),
  });
}

export function useRaceStatusMutation(raceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: RaceStatus) =>
      callOperation(RacingAdminOperations.raceStatus, { params: { raceId }, body: { status } }),
    onSuccess: (answer) => applyRace(queryClient, answer.race),
    // A refusal often means the screen is behind (another operator, the simulator): catch up.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.racingEventAll }),
  });
}

export function useAddRunnerMutation(raceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RunnerInput) => callOperation(RacingAdminOperations.addRunner, { params: { raceId }, body }),
    onSuccess: (answer) => applyRace(queryClient, answer.race),
    // A refusal often means the screen is behind (another operator, the simulator): catch up.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.racingEventAll }),
  });
}

export function useUpdateRunnerMutation(runnerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RunnerInput) =>
      callOperation(RacingAdminOperations.updateRunner, { params: { runnerId }, body }),
    onSuccess: (answer) => applyRace(queryClient, answer.race),
    // A refusal often means the screen is behind (another operator, the simulator): catch up.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.racingEventAll }),
  });
}

export function useScratchMutation(runnerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scratched: boolean) =>
      callOperation(RacingAdminOperations.scratch, { params: { runnerId }, body: { scratched } }),
    onSuccess: (answer) => applyRace(queryClient, answer.race),
    // A refusal often means the screen is behind (another operator, the simulator): catch up.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.racingEventAll }),
  });
}
