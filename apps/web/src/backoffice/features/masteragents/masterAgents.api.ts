import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  IDEMPOTENCY_KEY_HEADER,
  MasterAgentBackofficeRoutes,
  MasterAgentOperations,
  type MasterAgentApplicationStatus,
  type MasterAgentPhotoKind,
} from '@karera/shared';
import { callOperation } from '../../../lib/callOperation.ts';
import { fetchBlob } from '../../lib/fetchBlob.ts';

const ROOT = ['backoffice', 'master-agent-applications'] as const;
const keys = {
  list: (status: MasterAgentApplicationStatus | null, page: number) => [...ROOT, 'list', { status, page }] as const,
  detail: (id: number) => [...ROOT, 'detail', id] as const,
  photo: (id: number, kind: MasterAgentPhotoKind) => [...ROOT, 'photo', id, kind] as const,
};

export function useApplicationsQuery(status: MasterAgentApplicationStatus | null, page: number) {
  return useQuery({
    queryKey: keys.list(status, page),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page) });
      if (status) params.set('status', status);
      return callOperation(MasterAgentOperations.list, { query: params, signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function useApplicationQuery(id: number) {
  return useQuery({
    queryKey: keys.detail(id),
    queryFn: ({ signal }) => callOperation(MasterAgentOperations.detail, { params: { id }, signal }),
  });
}

/** A photo's bytes, read with the staff cookie (the route answers admins only, never cached). */
export function fetchPhoto(id: number, kind: MasterAgentPhotoKind, signal?: AbortSignal): Promise<Blob> {
  return fetchBlob(MasterAgentBackofficeRoutes.photo(id, kind), signal);
}

export function usePhotoQuery(id: number, kind: MasterAgentPhotoKind) {
  return useQuery({
    queryKey: keys.photo(id, kind),
    queryFn: ({ signal }) => fetchPhoto(id, kind, signal),
    // An identity document: kept in memory only while its page shows it.
    gcTime: 0,
    staleTime: Infinity,
  });
}

export type Decision = { decision: 'approve' } | { decision: 'decline'; reason: string };

export function useDecisionMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, idempotencyKey }: { decision: Decision; idempotencyKey: string }) =>
      decision.decision === 'approve'
        ? callOperation(MasterAgentOperations.approve, {
            params: { id },
            body: {},
            headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
          })
        : callOperation(MasterAgentOperations.decline, {
            params: { id },
            body: { reason: decision.reason },
            headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
          }),
    onSuccess: (answer) =>
      queryClient.setQueryData(keys.detail(id), { statusCode: 200, application: answer.application }),
    // Decided or refused (someone else was first): the lists, this detail and the staff list are read again.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...ROOT, 'list'] }),
        queryClient.invalidateQueries({ queryKey: keys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: ['backoffice', 'staff'] }),
      ]),
  });
}

/** A new one-time sign-in link for the approved account, by SMS (never a password). */
export function useSendSignInLinkMutation(id: number) {
  return useMutation({
    mutationFn: () => callOperation(MasterAgentOperations.sendSignInLink, { params: { id }, body: {} }),
  });
}
