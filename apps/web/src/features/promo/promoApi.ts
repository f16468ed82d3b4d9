import { PromoRoutes, type PromoClaimInput } from '@karera/shared';
import { PLAYER_QUERY_ROOT } from '../../lib/queryKeys.ts';
import { promoRequest } from '../../lib/userApi.ts';

/** The promo page's queries, under the player's root (dropped on logout and on 107); a claim refreshes them. */
export const PROMO_QUERY_ROOT = [...PLAYER_QUERY_ROOT, 'promo'] as const;

/** The wallet history's queries (features/history reads them): a claim adds a PROMO row. */
export const WALLET_HISTORY_ROOT = [...PLAYER_QUERY_ROOT, 'walletHistory'] as const;

/** promo/list: the promos this player can see (remaining above 0), with their unused count. */
export const promoListQuery = {
  queryKey: [...PROMO_QUERY_ROOT, 'list'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => promoRequest(PromoRoutes.list, {}, signal),
};

/** promo/history: the player's claims, newest first; the first with status A is the active promo. */
export const promoHistoryQuery = {
  queryKey: [...PROMO_QUERY_ROOT, 'history'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => promoRequest(PromoRoutes.history, {}, signal),
};

/** promo/claim: the code (already uppercase) and the action's idempotency key. */
export const claimPromo = (input: Pick<PromoClaimInput, 'promoCode' | 'idempotencyKey'>) =>
  promoRequest(PromoRoutes.claim, input);
