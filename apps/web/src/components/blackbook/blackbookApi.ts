import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BlackbookOperations, type BlackbookFollowInput, type FollowKind } from '@karera/shared';
import { callOperation } from '../../lib/callOperation.ts';
import { offerPushNotifications } from '../../lib/push/pushOffer.ts';

/** The blackbook's query keys: every change to the list refreshes them all. */
export const blackbookQueryKeys = {
  all: ['blackbook'] as const,
  list: ['blackbook', 'list'] as const,
  race: (raceId: number) => ['blackbook', 'race', raceId] as const,
};

/** The player's blackbook and their followed runners in today's races. */
export function useBlackbook() {
  return useQuery({
    queryKey: blackbookQueryKeys.list,
    queryFn: ({ signal }) => callOperation(BlackbookOperations.list, { signal }),
  });
}

/** What of each runner of a race the player follows, with the runners' horse, jockey and trainer ids. */
export function useRaceFollows(raceId: number) {
  return useQuery({
    queryKey: blackbookQueryKeys.race(raceId),
    queryFn: ({ signal }) => callOperation(BlackbookOperations.raceFollows, { params: { raceId }, signal }),
    staleTime: 60_000,
    retry: false,
  });
}

/** Follows (or changes the note of) a horse, jockey or trainer; the lists refresh. */
export function useFollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BlackbookFollowInput) => callOperation(BlackbookOperations.follow, { body: input }),
    onSuccess: () => offerPushNotifications('follow'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: blackbookQueryKeys.all }),
  });
}

export function useUnfollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { kind: FollowKind; id: number }) =>
      callOperation(BlackbookOperations.unfollow, { body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: blackbookQueryKeys.all }),
  });
}
