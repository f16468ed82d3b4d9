import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

/**
 * Retry a failed read once, but not when the server answered with a refusal (4xx, or a player-API status code such as
 * 107).
 */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.statusCode !== 0 && error.statusCode < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
