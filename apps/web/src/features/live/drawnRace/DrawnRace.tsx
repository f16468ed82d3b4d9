import { Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { GameEvent, Race, RaceInfoResponse } from '@karera/shared';
import { RaceDrawing } from '../../../components/drawnRace/RaceDrawing.tsx';
import { liveQueryKeys } from '../useLiveRaceDay.ts';
import { knownRuns, subscribeRuns } from './runStore.ts';
import { sceneOf } from './scene.ts';

/** The card on screen as the live screen keeps it (useLiveRaceDay), without asking the server again. */
function useCardRaces(eventId: number): readonly Race[] | undefined {
  const queryClient = useQueryClient();
  const key = liveQueryKeys.raceInfo(eventId);
  return useSyncExternalStore(
    (onChange) => queryClient.getQueryCache().subscribe(onChange),
    () => queryClient.getQueryData<RaceInfoResponse>(key)?.races,
  );
}

/**
 * The stream area of a race day without a stream: the demo race being run, drawn (runners in their
 * saddle cloths from the start to the line, ending in the order the result records, then the result);
 * the poster when no race is being drawn.
 */
export function DrawnRaceStage({ event, poster }: { event: GameEvent; poster: ReactNode }) {
  const runs = useSyncExternalStore(subscribeRuns, knownRuns);
  const races = useCardRaces(event.id);
  const scene = races ? sceneOf(races, runs) : null;
  if (!scene) return poster;
  return (
    <Suspense fallback={poster}>
      <RaceDrawing key={scene.race.raceId} race={scene.race} run={scene.run} />
    </Suspense>
  );
}
