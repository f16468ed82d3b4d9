import type { z } from 'zod';
import type {
  backofficePromoClaimSchema,
  backofficePromoDetailResponseSchema,
  backofficePromoResponseSchema,
  backofficePromoListResponseSchema,
  backofficePromoSchema,
  promoClaimResponseSchema,
  promoClaimViewSchema,
  promoHistoryResponseSchema,
  promoListResponseSchema,
  promoViewSchema,
} from './schemas/promo.ts';

/** Promo calls (promo/*, docs/product/promos.md): POST JSON with the player's session. Money in centavos. */
export const PromoRoutes = {
  list: '/api/promo/list', // {} -> PromoListResponse
  history: '/api/promo/history', // {} -> PromoHistoryResponse
  claim: '/api/promo/claim', // PromoClaimInput -> PromoClaimResponse
} as const;

export const PromoBackofficeRoutes = {
  promos: '/api/backoffice/promos', // GET -> BackofficePromoListResponse; POST PromoDefinitionInput -> { promo } (admin)
  promo: (id: number) => `/api/backoffice/promos/${id}`, // GET -> BackofficePromoDetailResponse; POST PromoDefinitionInput -> { promo } (admin)
  active: (id: number) => `/api/backoffice/promos/${id}/active`, // POST { active: boolean } -> { promo } (admin): pause or resume
} as const;

export type PromoView = z.infer<typeof promoViewSchema>;

export type PromoListResponse = z.infer<typeof promoListResponseSchema>;

export type PromoClaimView = z.infer<typeof promoClaimViewSchema>;

export type PromoHistoryResponse = z.infer<typeof promoHistoryResponseSchema>;

export type PromoClaimResponse = z.infer<typeof promoClaimResponseSchema>;

// Back office.

export type BackofficePromo = z.infer<typeof backofficePromoSchema>;

export type BackofficePromoListResponse = z.infer<typeof backofficePromoListResponseSchema>;

export type BackofficePromoClaim = z.infer<typeof backofficePromoClaimSchema>;

export type BackofficePromoDetailResponse = z.infer<typeof backofficePromoDetailResponseSchema>;
export type BackofficePromoResponse = z.infer<typeof backofficePromoResponseSchema>;
