import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BackofficeOperations } from '@karera/shared';
import { callOperation } from '../../../lib/callOperation.ts';
import { queryKeys } from '../../lib/queryKeys.ts';

/** One page of the SMS outbox, newest first; q filters by mobile number. */
export function useSmsOutboxQuery(q: string, page: number) {
  return useQuery({
    queryKey: queryKeys.smsOutbox(q, page),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page) });
      if (q) params.set('q', q);
      return callOperation(BackofficeOperations.smsOutbox, { query: params, signal });
    },
    placeholderData: keepPreviousData,
  });
}
