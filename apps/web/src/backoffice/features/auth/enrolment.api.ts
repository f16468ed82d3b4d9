import { useMutation, useQuery } from '@tanstack/react-query';
import {
  StaffRequestRoutes,
  type EnrolmentLinkConfirmInput,
  type ResponseOf,
  type StaffRequestOperations,
} from '@karera/shared';
import { apiRequest } from '../../../lib/api.ts';

type Answer<K extends keyof typeof StaffRequestOperations> = ResponseOf<(typeof StaffRequestOperations)[K]>;

/**
 * The account and new secret a live link offers. The secret is a credential: never kept past the page,
 * never asked again on its own (the same link answers the same secret until it is confirmed).
 */
export function useEnrolmentOfferQuery(token: string | null) {
  return useQuery({
    queryKey: ['staff-enrolment', 'offer', token],
    queryFn: ({ signal }) =>
      apiRequest<Answer<'enrolmentLinkOffer'>>(StaffRequestRoutes.linkOffer, {
        method: 'POST',
        body: { token },
        signal,
      }),
    enabled: token !== null,
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useConfirmEnrolmentLinkMutation() {
  return useMutation({
    mutationFn: (body: EnrolmentLinkConfirmInput) =>
      apiRequest<Answer<'enrolmentLinkConfirm'>>(StaffRequestRoutes.linkConfirm, { method: 'POST', body }),
  });
}
