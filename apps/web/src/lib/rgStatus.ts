import { ResponsibleGamingOperations } from '@karera/shared';
import { callOperation } from './callOperation.ts';
import { PLAYER_QUERY_ROOT } from './queryKeys.ts';

/**
 * The player's responsible-gaming status (limits, break, reality check), read by the Responsible Gaming
 * page and by the break banner of the betting, payment and promo screens. Under the player's root, so
 * signing out drops it.
 */
export const rgStatusKey = [...PLAYER_QUERY_ROOT, 'responsible-gaming'] as const;

export const rgStatusQuery = {
  queryKey: rgStatusKey,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    callOperation(ResponsibleGamingOperations.status, {
      body: {},
      signal,
    }),
};
