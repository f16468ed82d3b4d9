import { BettingRoutes } from '@karera/shared';
import { PLAYER_QUERY_ROOT } from '../../lib/queryKeys.ts';
import { gameRequest } from '../../lib/userApi.ts';

/**
 * The player's tickets, newest first (docs/product/screens.md#transaction-history); dropped with the player's data on
 * logout.
 */
export const betHistoryQuery = {
  queryKey: [...PLAYER_QUERY_ROOT, 'betHistory'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => gameRequest(BettingRoutes.getBetHistory, {}, signal),
};
