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

// PromoRoutes is built from its operations: api/operations/promo.ts.

// PromoBackofficeRoutes is built from its operations: api/operations/promo.ts.

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
