import { BettingRoutes, type BetReceipt, type PlaceBetInput } from '@karera/shared';
import { gameRequest } from '../../lib/userApi.ts';

/**
 * placeBet (docs/product/betting.md#placing-a-bet): the session in its HttpOnly cookie; a 107 logs out like every
 * player call.
 */
export function placeBet(body: PlaceBetInput): Promise<BetReceipt> {
  return gameRequest(BettingRoutes.placeBet, body);
}
