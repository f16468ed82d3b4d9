import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DualControlOperations} from '@karera/shared';
import { DualControlRoutes, IDEMPOTENCY_KEY_HEADER, type ResponseOf } from '@karera/shared';
import { apiRequest } from '../../lib/api.ts';

type Answer<K extends keyof typeof DualControlOperations> = ResponseOf<(typeof DualControlOperations)[K]>;

/** Changes waiting for a second admin (decision 045); the forms that propose them invalidate this too. */
export const approvalsKey = ['backoffice', 'dual-control'] as const;

export function useApprovalsQuery(enabled = true) {
  return useQuery({
    queryKey: approvalsKey,
    queryFn: ({ signal }) => apiRequest<Answer<'list'>>(DualControlRoutes.list, { signal }),
    enabled,
  });
}

export function useApproveMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: number; idempotencyKey: string }) =>
      apiRequest<Answer<'approve'>>(DualControlRoutes.approve(id), {
        method: 'POST',
        body: {},
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      }),
    // What an approval applied shows everywhere: settings, limits, promos.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['backoffice'] }),
  });
}

export function useRejectMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) =>
      apiRequest<Answer<'reject'>>(DualControlRoutes.reject(id), { method: 'POST', body: { note } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: approvalsKey }),
  });
}
