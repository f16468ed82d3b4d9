import { z } from 'zod';
import { PROMO_CREDIT_TO, PROMO_KINDS } from '../../promos/rules.ts';
import { dualControlRequestViewSchema } from './dualControl.ts';

const claimStatus = z.enum(['A', 'X']);

/** A promo as the player sees it (docs/product/promos.md#promos-on-offer). */
export const promoViewSchema = z.object({
  promoCode: z.string(),
  name: z.string(),
  description: z.string(),
  creditTo: z.enum(PROMO_CREDIT_TO),
  kind: z.enum(PROMO_KINDS),
  /** Claims left in total; 999 means Unlimited. */
  remaining: z.number().int(),
  /** Claims left for this player; 999 means Unlimited; 0 reads 'Claimed'. */
  playerRemaining: z.number().int(),
  /** Approved deposits needed today (Manila day), centavos; 0 for none. */
  dailyDepositReq: z.number().int(),
  /** Account age needed in days; 0 for none ('--'). */
  accountDaysReq: z.number().int(),
  /** 0: 'No Duration'. */
  validityInHours: z.number().int(),
  /** Fixed reward in centavos (kind fixed); 0 otherwise. */
  rewardAmount: z.number().int(),
  /** Percentage in basis points (kinds depositPercent and rebate): 500 is 5%. */
  rateBasisPoints: z.number().int(),
  /** Cap of a depositPercent reward, centavos; 0 for none. */
  rewardCap: z.number().int(),
});

export const promoListResponseSchema = z.object({ statusCode: z.literal(200), promos: z.array(promoViewSchema) });

/** A claim in the player's promo history (docs/product/promos.md#history). */
export const promoClaimViewSchema = promoViewSchema.extend({
  claimId: z.number().int(),
  claimDate: z.string(),
  /** ISO; null when the promo has no duration ('Claimed'). */
  expiryDate: z.string().nullable(),
  /** What the claim has paid so far: the reward, plus rebates earned, centavos. */
  totalEarnings: z.number().int(),
  status: claimStatus,
});

export const promoHistoryResponseSchema = z.object({
  statusCode: z.literal(200),
  /** Newest claim first; the first with status A is the active promo. */
  promos: z.array(promoClaimViewSchema),
});

export const promoClaimResponseSchema = z.object({
  statusCode: z.literal(200),
  promoCode: z.string(),
  /** The promo's name, for the success popup (a code-only promo is not in the list). */
  name: z.string(),
  /** Balances after the claim, centavos. */
  bonusBalance: z.number().int(),
  creditBalance: z.number().int(),
  expiryDate: z.string().nullable(),
  statusMessage: z.string(),
  /** What this claim paid now, centavos: 0 for a rebate, which pays as bonus on settled bets later. */
  reward: z.number().int(),
});

// Back office.

export const backofficePromoSchema = promoViewSchema.omit({ playerRemaining: true }).extend({
  id: z.number().int(),
  perPlayerLimit: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  active: z.boolean(),
  /** Only reachable by typing its code: not listed in promo/list. */
  codeOnly: z.boolean(),
  claims: z.number().int(),
  /** Bonus or credit granted by claims, centavos. */
  granted: z.number().int(),
  /** Rebates paid while it was the active promo, centavos. */
  rebatesPaid: z.number().int(),
  createdAt: z.string(),
  /** Its going live waits for a second admin (decision 045): it cannot be claimed until approved. */
  awaitingApproval: z.boolean(),
});

export const backofficePromoListResponseSchema = z.object({
  statusCode: z.literal(200),
  promos: z.array(backofficePromoSchema),
});

export const backofficePromoClaimSchema = z.object({
  id: z.number().int(),
  playerId: z.number().int(),
  playerName: z.string(),
  mobileNo: z.string(),
  claimDate: z.string(),
  expiryDate: z.string().nullable(),
  status: claimStatus,
  reward: z.number().int(),
  rebates: z.number().int(),
});

export const backofficePromoDetailResponseSchema = z.object({
  statusCode: z.literal(200),
  promo: backofficePromoSchema,
  claims: z.array(backofficePromoClaimSchema),
});

export const backofficePromoResponseSchema = z.object({
  statusCode: z.literal(200),
  promo: backofficePromoSchema,
  /** Set when saving or resuming it proposed its going live to a second admin instead (decision 045). */
  approvalRequest: dualControlRequestViewSchema.nullable(),
  statusMessage: z.string(),
});
