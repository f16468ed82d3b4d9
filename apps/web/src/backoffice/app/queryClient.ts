import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isClientError, isUnauthorized } from '../lib/errors.ts';
import { queryKeys } from '../lib/queryKeys.ts';

/**
 * Server state of the back office. A 401 on any call means the session ended: the session query
 * becomes null and the login screen replaces the shell (the session query maps its own 401 to null).
 */
export function createBackofficeQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (isUnauthorized(error) && queryClient.getQueryData(queryKeys.session)) {
      queryClient.setQueryData(queryKeys.session, null);
    }
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        retry: (failureCount, error) => !isClientError(error) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
