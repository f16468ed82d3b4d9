import type { TFunction } from 'i18next';
import {
  formatManilaDateTime,
  formatPeso,
  PromoMessages,
  UNLIMITED,
  type PromoClaimView,
  type PromoView,
} from '@karera/shared';

/*
 * What the promo page shows, worked out from the calls' answers (docs/product/promos.md): the
 * active promo, each claim button's state and every field's text. Pure, so it is unit tested.
 */

/**
 * The active promo: the first history entry (newest claim first) with status A
 * (docs/product/promos.md#the-active-promo).
 */
export function activePromoOf(history: readonly PromoClaimView[]): PromoClaimView | null {
  return history.find((claim) => claim.status === 'A') ?? null;
}

export type ClaimButtonState = 'claim' | 'hasActive' | 'claimed';

/**
 * 'Claimed' when the player has no claim of it left; otherwise 'Has Active Promo' while any promo is
 * active (only one at a time); otherwise 'Claim Promo' (docs/product/promos.md#the-active-promo). Only 'claim' can be
 * pressed.
 */
export function claimButtonState(promo: Pick<PromoView, 'playerRemaining'>, hasActivePromo: boolean): ClaimButtonState {
  if (promo.playerRemaining <= 0) return 'claimed';
  return hasActivePromo ? 'hasActive' : 'claim';
}

/** A rate in basis points as a percentage without trailing zeros: 500 → '5', 250 → '2.5', 1234 → '12.34'. */
export function percentText(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 100);
  const rest = Math.abs(basisPoints % 100);
  if (rest === 0) return String(whole);
  return `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/** A count of claims: 999 is 'Unlimited'. */
export function countText(count: number, t: TFunction): string {
  return count === UNLIMITED ? t('promo.unlimited') : String(count);
}

/** 'No Duration' for 0 hours, else days and hours, as the shared validityText says it. */
export function durationText(hours: number, t: TFunction): string {
  if (hours <= 0) return t('promo.noExpiry');
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  const dayText = t('promo.days', { count: days });
  const hourText = t('promo.hours', { count: rest });
  if (days === 0) return hourText;
  if (rest === 0) return dayText;
  return t('promo.daysAndHours', { days: dayText, hours: hourText });
}

/** The account age a promo needs: '--' when none. */
export function accountAgeText(days: number, t: TFunction): string {
  return days > 0 ? t('promo.days', { count: days }) : t('promo.none');
}

/** What a claim pays: a fixed amount, a capped share of the day's deposits, or a rebate on settled bets. */
export function rewardText(
  promo: Pick<PromoView, 'kind' | 'rewardAmount' | 'rateBasisPoints' | 'rewardCap'>,
  t: TFunction,
): string {
  const percent = percentText(promo.rateBasisPoints);
  switch (promo.kind) {
    case 'fixed':
      return t('promo.reward.fixed', { amount: formatPeso(promo.rewardAmount) });
    case 'depositPercent':
      return promo.rewardCap > 0
        ? t('promo.reward.depositPercentCapped', { percent, cap: formatPeso(promo.rewardCap) })
        : t('promo.reward.depositPercent', { percent });
    case 'rebate':
      return t('promo.reward.rebate', { percent });
  }
}

export interface PromoFieldTexts {
  reward: string;
  creditTo: string;
  remaining: string;
  unused: string;
  dailyDeposit: string;
  accountAge: string;
  duration: string;
}

/** Every field of a promo card (docs/product/promos.md#promos-on-offer), as the player reads it. */
export function promoFieldTexts(promo: PromoView, t: TFunction): PromoFieldTexts {
  return {
    reward: rewardText(promo, t),
    creditTo: t(`promo.creditTo.${promo.creditTo}`),
    remaining: countText(promo.remaining, t),
    unused: countText(promo.playerRemaining, t),
    dailyDeposit: formatPeso(promo.dailyDepositReq),
    accountAge: accountAgeText(promo.accountDaysReq, t),
    duration: durationText(promo.validityInHours, t),
  };
}

export type ClaimStatus = 'A' | 'X' | 'claimed';

/**
 * A history card's status: 'Claimed' when the claim has no expiry date, else Active (A) or Expired (X)
 * (docs/product/promos.md#history).
 */
export function claimStatusOf(claim: Pick<PromoClaimView, 'status' | 'expiryDate'>): ClaimStatus {
  return claim.expiryDate === null ? 'claimed' : claim.status;
}

/** A claim's expiry in Manila time, or '--' when it has none. */
export function expiryText(expiryDate: string | null, t: TFunction): string {
  return expiryDate === null ? t('promo.none') : formatManilaDateTime(expiryDate);
}

type RefusalKey = keyof typeof REFUSAL_KEYS;
const REFUSAL_KEYS = {
  notFound: PromoMessages.notFound,
  notAvailable: PromoMessages.notAvailable,
  soldOut: PromoMessages.soldOut,
  playerLimit: PromoMessages.playerLimit,
  activePromo: PromoMessages.activePromo,
  noQualifyingDeposit: PromoMessages.noQualifyingDeposit,
} as const;
const KEY_BY_REFUSAL = new Map<string, RefusalKey>(
  Object.entries(REFUSAL_KEYS).map(([key, text]) => [text, key as RefusalKey]),
);

/** A claim refusal in the reader's language: a known promo message through i18n, any other as returned. */
export function refusalText(statusMessage: string, t: TFunction): string {
  const key = KEY_BY_REFUSAL.get(statusMessage);
  return key === undefined ? statusMessage : t(`promo.refusals.${key}`);
}
