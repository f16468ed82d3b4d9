import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PromoBackofficeRoutes,
  type PromoAdminOperations,
  type PromoDefinitionInput,
  type ResponseOf,
} from '@karera/shared';
import { apiRequest } from '../../../lib/api.ts';
import { approvalsKey } from '../../lib/approvals.ts';

const ROOT = ['backoffice', 'promos'] as const;
const keys = {
  list: [...ROOT, 'list'] as const,
  detail: (id: number) => [...ROOT, 'detail', id] as const,
};

/** The answers of the promo calls, as the API's contract declares them. */
type Answer<K extends keyof typeof PromoAdminOperations> = ResponseOf<(typeof PromoAdminOperations)[K]>;

export function usePromosQuery() {
  return useQuery({
    queryKey: keys.list,
    queryFn: ({ signal }) => apiRequest<Answer<'list'>>(PromoBackofficeRoutes.promos, { signal }),
  });
}

export function usePromoQuery(id: number) {
  return useQuery({
    queryKey: keys.detail(id),
    queryFn: ({ signal }) => apiRequest<Answer<'detail'>>(PromoBackofficeRoutes.promo(id), { signal }),
  });
}

/** Create (id null) or edit a promo; the list and its detail are read again after. */
export function useSavePromoMutation(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PromoDefinitionInput) =>
      apiRequest<Answer<'create' | 'update'>>(
        id === null ? PromoBackofficeRoutes.promos : PromoBackofficeRoutes.promo(id),
        {
          method: 'POST',
          body,
        },
      ),
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
      apiRequest<Answer<'setActive'>>(PromoBackofficeRoutes.active(id), { method: 'POST', body: { active } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ROOT }),
        queryClient.invalidateQueries({ queryKey: approvalsKey }),
      ]),
  });
}
