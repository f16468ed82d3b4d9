import type { PromoClaimStatus, PromoCreditTo, PromoKind } from '../promos/rules.ts';

/** Promo calls (spec §7 promo/*): POST JSON with the player's session. Money in centavos. */
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

/** A promo as the player sees it (spec §2 Promo page, §3 Promo). */
export interface PromoView {
  promoCode: string;
  name: string;
  description: string;
  creditTo: PromoCreditTo;
  kind: PromoKind;
  /** Claims left in total; 999 means Unlimited. */
  remaining: number;
  /** Claims left for this player; 999 means Unlimited; 0 reads 'Claimed'. */
  playerRemaining: number;
  /** Approved deposits needed today (Manila day), centavos; 0 for none. */
  dailyDepositReq: number;
  /** Account age needed in days; 0 for none ('--'). */
  accountDaysReq: number;
  /** 0: 'No Duration'. */
  validityInHours: number;
  /** Fixed reward in centavos (kind fixed); 0 otherwise. */
  rewardAmount: number;
  /** Percentage in basis points (kinds depositPercent and rebate): 500 is 5%. */
  rateBasisPoints: number;
  /** Cap of a depositPercent reward, centavos; 0 for none. */
  rewardCap: number;
}

export interface PromoListResponse {
  statusCode: 200;
  promos: PromoView[];
}

/** A claim in the player's promo history (spec §3 Promo: claimDate, expiryDate, totalEarnings, status). */
export interface PromoClaimView extends PromoView {
  claimId: number;
  claimDate: string;
  /** ISO; null when the promo has no duration ('Claimed'). */
  expiryDate: string | null;
  /** What the claim has paid so far: the reward, plus rebates earned, centavos. */
  totalEarnings: number;
  status: PromoClaimStatus;
}

export interface PromoHistoryResponse {
  statusCode: 200;
  /** Newest claim first; the first with status A is the active promo. */
  promos: PromoClaimView[];
}

export interface PromoClaimResponse {
  statusCode: 200;
  promoCode: string;
  /** The promo's name, for the success popup (a code-only promo is not in the list). */
  name: string;
  /** Balances after the claim, centavos. */
  bonusBalance: number;
  creditBalance: number;
  expiryDate: string | null;
  statusMessage: string;
}

// Back office.

export interface BackofficePromo extends Omit<PromoView, 'playerRemaining'> {
  id: number;
  perPlayerLimit: number;
  startsAt: string;
  endsAt: string | null;
  active: boolean;
  /** Only reachable by typing its code: not listed in promo/list. */
  codeOnly: boolean;
  claims: number;
  /** Bonus or credit granted by claims, centavos. */
  granted: number;
  /** Rebates paid while it was the active promo, centavos. */
  rebatesPaid: number;
  createdAt: string;
}

export interface BackofficePromoListResponse {
  statusCode: 200;
  promos: BackofficePromo[];
}

export interface BackofficePromoClaim {
  id: number;
  playerId: number;
  playerName: string;
  mobileNo: string;
  claimDate: string;
  expiryDate: string | null;
  status: PromoClaimStatus;
  reward: number;
  rebates: number;
}

export interface BackofficePromoDetailResponse {
  statusCode: 200;
  promo: BackofficePromo;
  claims: BackofficePromoClaim[];
}
