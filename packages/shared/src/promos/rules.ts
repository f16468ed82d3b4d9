/**
 * Promo rules (docs/product/promos.md): the vocabulary, the limits and the texts the player and the back
 * office see, once for the server and the web.
 */

/** 999 in a remaining count means Unlimited. */
export const UNLIMITED = 999;

/** Where a promo's reward goes: BONUS is the 'Promo Balance', CREDIT the 'Credit Balance'. */
export const PROMO_CREDIT_TO = ['BONUS', 'CREDIT'] as const;
export type PromoCreditTo = (typeof PROMO_CREDIT_TO)[number];

/**
 * fixed: a set reward; depositPercent: a percentage of the day's approved deposits, capped; rebate: a
 * percentage of each settled credit-funded stake while the promo is the player's active one.
 */
export const PROMO_KINDS = ['fixed', 'depositPercent', 'rebate'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

/** A claim is A (active) until its expiry, then X (expired) (docs/product/promos.md#the-active-promo). */
export type PromoClaimStatus = 'A' | 'X';

export const PROMO_CODE_PATTERN = /^[A-Z0-9_-]{3,20}$/;

/** A code as the player typed it, the way it is compared: trimmed and uppercase. */
export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

/** 'Unlimited' for 999, else the count. */
export function remainingText(remaining: number): string {
  return remaining === UNLIMITED ? 'Unlimited' : String(remaining);
}

/** 'No Duration' for 0 hours, else days and hours ('2 days', '1 day 6 hours', '12 hours'). */
export function validityText(hours: number): string {
  if (hours <= 0) return 'No Duration';
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  const parts: string[] = [];
  if (days > 0) parts.push(`${days} ${days === 1 ? 'day' : 'days'}`);
  if (rest > 0) parts.push(`${rest} ${rest === 1 ? 'hour' : 'hours'}`);
  return parts.join(' ');
}

/** 'Promo Balance' when the reward goes to bonus, else 'Credit Balance'. */
export function creditToText(creditTo: PromoCreditTo): string {
  return creditTo === 'BONUS' ? 'Promo Balance' : 'Credit Balance';
}

/** The rebate a settled ticket earns: the percentage (basis points) of its credit-funded stake, floored. */
export function rebateOf(creditStake: number, rateBasisPoints: number): number {
  if (creditStake <= 0 || rateBasisPoints <= 0) return 0;
  return Math.floor((creditStake * rateBasisPoints) / 10_000);
}

/** What decides whether a promo needs a second admin to go live: its reward rules. */
export interface PromoRewardTerms {
  creditTo: PromoCreditTo;
  kind: PromoKind;
  rewardAmount: number;
  rewardCap: number;
  perPlayerLimit: number;
}

/**
 * The most one player could be paid by a promo (centavos), or null when nothing bounds it: a fixed reward
 * times the claims a player may make, a deposit percentage's cap times those claims; a rebate follows
 * every settled bet, and an unlimited count (999) or a deposit percentage without a cap has no bound.
 */
export function promoMostPerPlayer(terms: PromoRewardTerms): number | null {
  if (terms.kind === 'rebate' || terms.perPlayerLimit === UNLIMITED) return null;
  if (terms.kind === 'fixed') return terms.rewardAmount * terms.perPlayerLimit;
  return terms.rewardCap > 0 ? terms.rewardCap * terms.perPlayerLimit : null;
}

/**
 * A promo goes live only with a second admin's approval when it pays to credit (withdrawable money) or
 * could pay one player more than the operator's amount (decision 045).
 */
export function promoNeedsSecondAdmin(terms: PromoRewardTerms, secondApprovalAbove: number): boolean {
  if (terms.creditTo === 'CREDIT') return true;
  const most = promoMostPerPlayer(terms);
  return most === null || most > secondApprovalAbove;
}

/** Texts of a claim and its refusals (docs/product/promos.md#claiming). */
export const PromoMessages = {
  codeRequired: 'Please enter promo code',
  claimed: 'You have successfully claim the promo',
  tryAgain: 'Please try again later.',
  notFound: 'This promo code is not valid.',
  notAvailable: 'This promo is not available right now.',
  soldOut: 'This promo has been fully claimed.',
  playerLimit: 'You have already claimed this promo.',
  activePromo: 'You already have an active promo. Only one promo can be active at a time.',
  dailyDeposit: (pesos: string) => `This promo needs approved deposits of at least ₱${pesos} today.`,
  accountAge: (days: number) => `This promo is for accounts at least ${days} days old.`,
  noQualifyingDeposit: 'This promo needs an approved deposit today.',
  codeTaken: 'This promo code is already used by another promo.',
  awaitingApproval:
    'This promo waits for a second admin to approve it going live: approve or reject that first, then edit it.',
  rewardClaimed: 'Players have claimed this promo, so its reward cannot change: create a new promo for new terms.',
} as const;
