import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BackofficeRoutes, type SmsOutboxResponse } from '@karera/shared';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../lib/queryKeys.ts';

/** One page of the SMS outbox, newest first; q filters by mobile number. */
export function useSmsOutboxQuery(q: string, page: number) {
  return useQuery({
    queryKey: queryKeys.smsOutbox(q, page),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page) });
      if (q) params.set('q', q);
      return apiRequest<SmsOutboxResponse>(`${BackofficeRoutes.smsOutbox}?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}
