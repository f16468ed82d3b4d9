import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KycOperations, KycRoutes, type KycPhotoKind, type KycSubmissionStatus } from '@karera/shared';
import { callOperation } from '../../../lib/callOperation.ts';
import { fetchBlob } from '../../lib/fetchBlob.ts';

const ROOT = ['backoffice', 'kyc'] as const;
const keys = {
  queue: (status: KycSubmissionStatus) => [...ROOT, 'queue', status] as const,
  detail: (id: number) => [...ROOT, 'detail', id] as const,
  player: (playerId: number) => [...ROOT, 'player', playerId] as const,
  photo: (id: number, kind: KycPhotoKind) => [...ROOT, 'photo', id, kind] as const,
};

export function useKycQueueQuery(status: KycSubmissionStatus) {
  return useQuery({
    queryKey: keys.queue(status),
    queryFn: ({ signal }) => callOperation(KycOperations.queue, { query: `status=${status}`, signal }),
  });
}

export function useKycSubmissionQuery(id: number) {
  return useQuery({
    queryKey: keys.detail(id),
    queryFn: ({ signal }) => callOperation(KycOperations.detail, { params: { id }, signal }),
  });
}

export function usePlayerKycQuery(playerId: number) {
  return useQuery({
    queryKey: keys.player(playerId),
    queryFn: ({ signal }) => callOperation(KycOperations.player, { params: { playerId }, signal }),
  });
}

/** A photo's bytes, read with the staff cookie (admins only, never cached). */
function fetchPhoto(id: number, kind: KycPhotoKind, signal?: AbortSignal): Promise<Blob> {
  return fetchBlob(KycRoutes.photo(id, kind), signal);
}

export function useKycPhotoQuery(id: number, kind: KycPhotoKind) {
  return useQuery({
    queryKey: keys.photo(id, kind),
    queryFn: ({ signal }) => fetchPhoto(id, kind, signal),
    // An identity document: kept in memory only while its page shows it.
    gcTime: 0,
    staleTime: Infinity,
  });
}

export type KycDecision = { decision: 'approve' } | { decision: 'reject' | 'ask-again'; reason: string };

export function useKycDecisionMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: KycDecision) =>
      decision.decision === 'approve'
        ? callOperation(KycOperations.approve, { params: { id }, body: {} })
        : callOperation(decision.decision === 'reject' ? KycOperations.reject : KycOperations.askAgain, {
            params: { id },
            body: { reason: decision.reason },
          }),
    onSuccess: (answer) => queryClient.setQueryData(keys.detail(id), answer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ROOT }),
  });
}
