import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PromoAdminOperations, type PromoDefinitionInput } from '@karera/shared';
import { callOperation } from '../../../lib/callOperation.ts';
import { approvalsKey } from '../../lib/approvals.ts';

const ROOT = ['backoffice', 'promos'] as const;
const keys = {
  list: [...ROOT, 'list'] as const,
  detail: (id: number) => [...ROOT, 'detail', id] as const,
};

export function usePromosQuery() {
  return useQuery({
    queryKey: keys.list,
    queryFn: ({ signal }) => callOperation(PromoAdminOperations.list, { signal }),
  });
}

export function usePromoQuery(id: number) {
  return useQuery({
    queryKey: keys.detail(id),
    queryFn: ({ signal }) => callOperation(PromoAdminOperations.detail, { params: { id }, signal }),
  });
}

/** Create (id null) or edit a promo; the list and its detail are read again after. */
export function useSavePromoMutation(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PromoDefinitionInput) =>
      id === null
        ? callOperation(PromoAdminOperations.create, { body })
        : callOperation(PromoAdminOperations.update, { params: { id }, body }),
    // A promo that needs a second admin is proposed too (decision 045): the Approvals list changes.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ROOT }),
        queryClient.invalidateQueries({ queryKey: approvalsKey }),
      ]),
  });
}

/** Pause (active false) or resume a promo. */
export function useSetPromoActiveMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      callOperation(PromoAdminOperations.setActive, { params: { id }, body: { active } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ROOT }),
        queryClient.invalidateQueries({ queryKey: approvalsKey }),
      ]),
  });
}
