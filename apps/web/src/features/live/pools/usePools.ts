import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PoolsOperations } from '@karera/shared';
import { callOperation } from '../../../lib/callOperation.ts';
import { tapRealtimeFrames } from '../../../lib/realtime.ts';
import { poolsVersionsIn, type RacePools } from './poolsData.ts';

const poolsKey = (raceId: number) => ['live', 'pools', raceId] as const;

/**
 * A race's pools while the panel is open: read once, then again whenever the live socket announces a
 * version the screen does not hold (POOLS_UPDATED, at most about every 2 s per race).
 */
export function usePools(raceId: number, enabled: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: poolsKey(raceId),
    queryFn: ({ signal }) => callOperation(PoolsOperations.racePools, { params: { raceId }, signal }),
    enabled,
    staleTime: 0,
    // Without a socket (signed out, reconnecting) the panel still moves, slowly.
    refetchInterval: 30_000,
  });

  useEffect(() => {
    if (!enabled) return undefined;
    return tapRealtimeFrames((frame) => {
      const versions = poolsVersionsIn(frame, raceId);
      const held = queryClient.getQueryData<RacePools>(poolsKey(raceId))?.version;
      if (versions.some((version) => version !== held)) {
        void queryClient.invalidateQueries({ queryKey: poolsKey(raceId), exact: true });
      }
    });
  }, [enabled, raceId, queryClient]);

  return query;
}
