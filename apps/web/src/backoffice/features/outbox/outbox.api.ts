import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BackofficeRoutes, type BackofficeOperations, type ResponseOf } from '@karera/shared';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../lib/queryKeys.ts';

/** The answers of the back office's calls, as the API's contract declares them. */
type Answer<K extends keyof typeof BackofficeOperations> = ResponseOf<(typeof BackofficeOperations)[K]>;

/** One page of the SMS outbox, newest first; q filters by mobile number. */
export function useSmsOutboxQuery(q: string, page: number) {
  return useQuery({
    queryKey: queryKeys.smsOutbox(q, page),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page) });
      if (q) params.set('q', q);
      return apiRequest<Answer<'smsOutbox'>>(`${BackofficeRoutes.smsOutbox}?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}
