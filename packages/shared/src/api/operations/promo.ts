import { z } from 'zod';
import { Audiences, defineOperations, pathOfOne } from '../contract.ts';
import { idParam } from '../params.ts';

import {
  backofficePromoDetailResponseSchema,
  backofficePromoListResponseSchema,
  backofficePromoResponseSchema,
  promoClaimResponseSchema,
  promoHistoryResponseSchema,
  promoListResponseSchema,
} from '../schemas/promo.ts';
import {
  promoActiveSchema,
  promoClaimSchema,
  promoDefinitionSchema,
  promoSessionSchema,
} from '../../validation/promo.ts';

/** Promo calls (promo/*) with the player's session. */
export const PromoOperations = defineOperations({
  list: {
    method: 'POST',
    path: '/api/promo/list',
    audience: Audiences.player,
    summary: 'The promos on offer, with what is left for this player',
    body: promoSessionSchema.optional(),
    response: promoListResponseSchema,
  },
  history: {
    method: 'POST',
    path: '/api/promo/history',
    audience: Audiences.player,
    summary: "The player's claims, newest first (the first active one is the active promo)",
    body: promoSessionSchema.optional(),
    response: promoHistoryResponseSchema,
  },
  claim: {
    method: 'POST',
    path: '/api/promo/claim',
    audience: Audiences.player,
    summary: 'Claims a promo by code (rate limited)',
    body: promoClaimSchema,
    response: promoClaimResponseSchema,
  },
});

const promoParams = z.strictObject({ id: idParam });
const PROMO = '/api/backoffice/promos/:id';

/** The admins' promos (every change audited). */
export const PromoAdminOperations = defineOperations({
  list: {
    method: 'GET',
    path: '/api/backoffice/promos',
    audience: Audiences.admins,
    summary: 'Every promo with its claims, bonus granted and rebates paid (admin)',
    response: backofficePromoListResponseSchema,
  },
  create: {
    method: 'POST',
    path: '/api/backoffice/promos',
    audience: Audiences.admins,
    summary: 'A new promo (admin)',
    body: promoDefinitionSchema,
    response: backofficePromoResponseSchema,
  },
  detail: {
    method: 'GET',
    path: PROMO,
    audience: Audiences.admins,
    summary: 'A promo with its claims (admin)',
    params: promoParams,
    response: backofficePromoDetailResponseSchema,
  },
  update: {
    method: 'POST',
    path: PROMO,
    audience: Audiences.admins,
    summary: "Changes a promo's definition (admin)",
    params: promoParams,
    body: promoDefinitionSchema,
    response: backofficePromoResponseSchema,
  },
  setActive: {
    method: 'POST',
    path: `${PROMO}/active`,
    audience: Audiences.admins,
    summary: 'Pauses or resumes a promo (admin)',
    params: promoParams,
    body: promoActiveSchema,
    response: backofficePromoResponseSchema,
  },
});

/**
 * Promo calls (promo/*, docs/product/promos.md): POST JSON with the player's session. Money in centavos.
 * Built from the operations, so each path is written once.
 */
export const PromoRoutes = {
  list: PromoOperations.list.path, // {} -> PromoListResponse
  history: PromoOperations.history.path, // {} -> PromoHistoryResponse
  claim: PromoOperations.claim.path, // PromoClaimInput -> PromoClaimResponse
} as const;

/** The paths of PromoAdminOperations, for callers. Built from the operations, so each path is written once. */
export const PromoBackofficeRoutes = {
  // GET -> BackofficePromoListResponse; POST PromoDefinitionInput -> { promo } (admin)
  promos: PromoAdminOperations.list.path,
  // GET -> BackofficePromoDetailResponse; POST PromoDefinitionInput -> { promo } (admin)
  promo: pathOfOne(PromoAdminOperations.detail),
  // POST { active: boolean } -> { promo } (admin): pause or resume
  active: pathOfOne(PromoAdminOperations.setActive),
} as const;
