import { useQuery } from '@tanstack/react-query';
import { FormOperations } from '@karera/shared';
import { callOperation } from '../../../lib/callOperation.ts';

/** The form guide of a race (GET /api/game/races/:raceId/form): it changes only when a result is confirmed. */
export function useRaceForm(raceId: number) {
  return useQuery({
    queryKey: ['live', 'form', raceId] as const,
    queryFn: ({ signal }) => callOperation(FormOperations.raceFormGuide, { params: { raceId }, signal }),
    staleTime: 60_000,
    retry: 1,
  });
}

export type RaceFormQuery = ReturnType<typeof useRaceForm>;
