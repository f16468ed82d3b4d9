import { PaymentRoutes, type HistoryStatusFilter, type HistoryTypeFilter } from '@karera/shared';
import { PLAYER_QUERY_ROOT } from '../../lib/queryKeys.ts';
import { paymentRequest } from '../../lib/userApi.ts';

/** Under the player's root (dropped on logout); the payment page and the balance push refresh it. */
export function walletHistoryQuery(type: HistoryTypeFilter, status: HistoryStatusFilter) {
  return {
    queryKey: [...PLAYER_QUERY_ROOT, 'walletHistory', { type, status }] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      paymentRequest(PaymentRoutes.getTransactionHistory, { type, status }, signal),
  };
}
