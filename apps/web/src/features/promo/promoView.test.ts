import { describe, expect, it } from 'vitest';
import { PromoMessages, remainingText, validityText, type PromoClaimView, type PromoView } from '@karera/shared';
import { i18next } from '../../i18n/index.ts';
import {
  accountAgeText,
  activePromoOf,
  claimButtonState,
  claimStatusOf,
  durationText,
  expiryText,
  percentText,
  promoFieldTexts,
  refusalText,
  rewardText,
} from './promoView.ts';

const t = i18next.t;

const welcome: PromoView = {
  promoCode: 'WELCOME',
  name: 'Welcome bonus',
  description: '₱100 bonus for new players',
  creditTo: 'BONUS',
  kind: 'fixed',
  remaining: 999,
  playerRemaining: 1,
  dailyDepositReq: 0,
  accountDaysReq: 0,
  validityInHours: 0,
  rewardAmount: 100_00,
  rateBasisPoints: 0,
  rewardCap: 0,
};

function claim(fields: Partial<PromoClaimView>): PromoClaimView {
  return {
    ...welcome,
    claimId: 1,
    claimDate: '2026-11-21T07:05:00.000Z',
    expiryDate: null,
    totalEarnings: 100_00,
    status: 'X',
    ...fields,
  };
}

describe('activePromoOf', () => {
  it('is the first claim with status A, newest claim first', () => {
    const older = claim({ promoCode: 'OLD', status: 'A' });
    const newer = claim({ promoCode: 'NEW', status: 'A' });
    expect(activePromoOf([claim({ promoCode: 'EXPIRED' }), newer, older])?.promoCode).toBe('NEW');
  });

  it('is none without an active claim', () => {
    expect(activePromoOf([])).toBeNull();
    expect(activePromoOf([claim({ status: 'X' }), claim({ status: 'X' })])).toBeNull();
  });
});

describe('claimButtonState', () => {
  it('reads Claim Promo when nothing is active and claims are left', () => {
    expect(claimButtonState({ playerRemaining: 1 }, false)).toBe('claim');
    expect(claimButtonState({ playerRemaining: 999 }, false)).toBe('claim');
  });

  it('reads Has Active Promo on every card while a promo is active', () => {
    expect(claimButtonState({ playerRemaining: 1 }, true)).toBe('hasActive');
    expect(claimButtonState({ playerRemaining: 999 }, true)).toBe('hasActive');
  });

  it('reads Claimed when the player has no claim left, active promo or not', () => {
    expect(claimButtonState({ playerRemaining: 0 }, false)).toBe('claimed');
    expect(claimButtonState({ playerRemaining: 0 }, true)).toBe('claimed');
  });

  it('labels the three states with the spec texts', () => {
    expect(t('promo.button.claim')).toBe('Claim Promo');
    expect(t('promo.button.hasActive')).toBe('Has Active Promo');
    expect(t('promo.button.claimed')).toBe('Claimed');
  });
});

describe('field texts', () => {
  it('shows every field of a card', () => {
    expect(promoFieldTexts(welcome, t)).toEqual({
      reward: '₱100.00',
      creditTo: 'Promo Balance',
      remaining: 'Unlimited',
      unused: '1',
      dailyDeposit: '₱0.00',
      accountAge: '--',
      duration: 'No Duration',
    });
    expect(
      promoFieldTexts(
        {
          ...welcome,
          creditTo: 'CREDIT',
          remaining: 40,
          playerRemaining: 999,
          dailyDepositReq: 1_000_00,
          accountDaysReq: 30,
          validityInHours: 30,
        },
        t,
      ),
    ).toMatchObject({
      creditTo: 'Credit Balance',
      remaining: '40',
      unused: 'Unlimited',
      dailyDeposit: '₱1,000.00',
      accountAge: '30 days',
      duration: '1 day 6 hours',
    });
  });

  it('says 999 as the shared remainingText does', () => {
    for (const count of [0, 1, 998, 999, 1000]) {
      expect(promoFieldTexts({ ...welcome, remaining: count }, t).remaining).toBe(remainingText(count));
    }
  });

  it('says a duration as the shared validityText does', () => {
    for (const hours of [0, 1, 2, 12, 23, 24, 25, 30, 47, 48, 49, 72, 168, 8784]) {
      expect(durationText(hours, t)).toBe(validityText(hours));
    }
  });

  it('says an account age in days, -- when none', () => {
    expect(accountAgeText(0, t)).toBe('--');
    expect(accountAgeText(1, t)).toBe('1 day');
    expect(accountAgeText(7, t)).toBe('7 days');
  });

  it('says what each kind of promo pays', () => {
    expect(rewardText({ kind: 'fixed', rewardAmount: 50_00, rateBasisPoints: 0, rewardCap: 0 }, t)).toBe('₱50.00');
    expect(rewardText({ kind: 'depositPercent', rewardAmount: 0, rateBasisPoints: 1000, rewardCap: 500_00 }, t)).toBe(
      '10% of your deposits today, up to ₱500.00',
    );
    expect(rewardText({ kind: 'depositPercent', rewardAmount: 0, rateBasisPoints: 1000, rewardCap: 0 }, t)).toBe(
      '10% of your deposits today',
    );
    expect(rewardText({ kind: 'rebate', rewardAmount: 0, rateBasisPoints: 500, rewardCap: 0 }, t)).toBe(
      '5% back as bonus on every settled bet',
    );
  });

  it('writes basis points as a plain percentage', () => {
    expect(percentText(500)).toBe('5');
    expect(percentText(250)).toBe('2.5');
    expect(percentText(1234)).toBe('12.34');
    expect(percentText(5)).toBe('0.05');
    expect(percentText(10_000)).toBe('100');
  });
});

describe('history cards', () => {
  it('reads Claimed without an expiry date, else Active or Expired', () => {
    expect(claimStatusOf({ status: 'A', expiryDate: null })).toBe('claimed');
    expect(claimStatusOf({ status: 'X', expiryDate: null })).toBe('claimed');
    expect(claimStatusOf({ status: 'A', expiryDate: '2026-11-22T07:05:00.000Z' })).toBe('A');
    expect(claimStatusOf({ status: 'X', expiryDate: '2026-11-22T07:05:00.000Z' })).toBe('X');
    expect([t('promo.status.claimed'), t('promo.status.A'), t('promo.status.X')]).toEqual([
      'Claimed',
      'Active',
      'Expired',
    ]);
  });

  it('shows the expiry in Manila time, -- when none', () => {
    expect(expiryText('2026-11-21T07:05:00.000Z', t)).toBe('Nov 21, 2026 03:05 PM');
    expect(expiryText(null, t)).toBe('--');
  });
});

describe('refusalText', () => {
  it('shows a known refusal through i18n and any other as the server sent it', () => {
    expect(refusalText(PromoMessages.activePromo, t)).toBe(PromoMessages.activePromo);
    expect(refusalText(PromoMessages.dailyDeposit('500.00'), t)).toBe(PromoMessages.dailyDeposit('500.00'));
    expect(refusalText('Something else', t)).toBe('Something else');
  });
});
