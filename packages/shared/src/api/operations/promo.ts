import { defineOperations } from '../contract.ts';
import { PromoRoutes } from '../promo.ts';
import { promoClaimResponseSchema, promoHistoryResponseSchema, promoListResponseSchema } from '../schemas/promo.ts';
import { promoClaimSchema, promoSessionSchema } from '../../validation/promo.ts';

/** Promo calls (spec §7 promo/*) with the player's session. */
export const PromoOperations = defineOperations({
  list: {
    method: 'POST',
    path: PromoRoutes.list,
    auth: 'player',
    summary: 'The promos on offer, with what is left for this player',
    body: promoSessionSchema.optional(),
    response: promoListResponseSchema,
  },
  history: {
    method: 'POST',
    path: PromoRoutes.history,
    auth: 'player',
    summary: "The player's claims, newest first (the first active one is the active promo)",
    body: promoSessionSchema.optional(),
    response: promoHistoryResponseSchema,
  },
  claim: {
    method: 'POST',
    path: PromoRoutes.claim,
    auth: 'player',
    summary: 'Claims a promo by code (rate limited)',
    body: promoClaimSchema,
    response: promoClaimResponseSchema,
  },
});
