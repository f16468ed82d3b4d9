import { useMutation, useQuery } from '@tanstack/react-query';
import {
  StaffRequestOperations,
  StaffRequestRoutes,
  type EnrolmentLinkConfirmInput,
  type ResponseOf,
} from '@karera/shared';
import { apiRequest } from '../../../lib/api.ts';
import { callOperation } from '../../../lib/callOperation.ts';

/**
 * The account and new secret a live link offers. The secret is a credential: never kept past the page,
 * never asked again on its own (the same link answers the same secret until it is confirmed).
 */
export function useEnrolmentOfferQuery(token: string | null) {
  return useQuery({
    queryKey: ['staff-enrolment', 'offer', token],
    queryFn: ({ signal }) =>
      // Typed by hand: the query runs only with a token (enabled), which its type does not know.
      apiRequest<ResponseOf<typeof StaffRequestOperations.enrolmentLinkOffer>>(StaffRequestRoutes.linkOffer, {
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
      callOperation(StaffRequestOperations.enrolmentLinkConfirm, { body }),
  });
}
