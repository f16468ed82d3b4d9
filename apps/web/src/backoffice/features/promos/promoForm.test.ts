import { describe, expect, it } from 'vitest';
import { PromoMessages, type BackofficePromo } from '@karera/shared';
import { en } from '../../i18n/en.ts';
import {
  checkPromo,
  isoToManilaLocal,
  manilaLocalToIso,
  newPromoDraft,
  parsePercent,
  percentText,
  promoDraftOf,
  promoState,
  serverFieldMessages,
  withKind,
  type PromoDraft,
  type PromoFormMessageKey,
} from './promoForm.ts';

const draft: PromoDraft = {
  ...newPromoDraft(new Date('2026-11-21T00:00:00.000Z')),
  promoCode: ' karera50 ',
  name: 'Karera 50',
  description: '₱50 bonus with a code',
  rewardPesos: '50',
};

describe('checkPromo', () => {
  it('sends pesos as centavos, the code uppercase and Manila times as instants', () => {
    expect(checkPromo({ ...draft, dailyDepositPesos: '1,000.50', endsLocal: '2026-12-01T00:00' })).toEqual({
      ok: true,
      body: {
        promoCode: 'KARERA50',
        name: 'Karera 50',
        description: '₱50 bonus with a code',
        creditTo: 'BONUS',
        kind: 'fixed',
        rewardAmount: 50_00,
        rateBasisPoints: 0,
        rewardCap: 0,
        remaining: 999,
        perPlayerLimit: 1,
        dailyDepositReq: 1_000_50,
        accountDaysReq: 0,
        validityInHours: 0,
        startsAt: '2026-11-21T00:00:00.000Z',
        endsAt: '2026-11-30T16:00:00.000Z',
        codeOnly: false,
      },
    });
  });

  it('sends a percentage as basis points and the amounts a kind does not use as 0', () => {
    const deposit = { ...withKind(draft, 'depositPercent'), ratePercent: '12.5', capPesos: '500', rewardPesos: '50' };
    expect(checkPromo(deposit)).toMatchObject({
      ok: true,
      body: { kind: 'depositPercent', rewardAmount: 0, rateBasisPoints: 1250, rewardCap: 500_00 },
    });
    const rebate = { ...withKind({ ...draft, creditTo: 'CREDIT' }, 'rebate'), ratePercent: '5', capPesos: '500' };
    expect(checkPromo(rebate)).toMatchObject({
      ok: true,
      body: { kind: 'rebate', creditTo: 'BONUS', rewardAmount: 0, rateBasisPoints: 500, rewardCap: 0 },
    });
  });

  it('puts the form and schema messages beside their fields', () => {
    expect(
      checkPromo({
        ...draft,
        promoCode: 'x',
        name: ' ',
        rewardPesos: '12.345',
        remaining: 'lots',
        perPlayerLimit: '0',
        accountDaysReq: '5000',
        startsLocal: '2026-02-30T10:00',
      }),
    ).toEqual({
      ok: false,
      fieldErrors: {
        promoCode: { text: 'Promo code: 3-20 letters, digits, - or _.' },
        name: { text: 'Name cannot be empty.' },
        rewardAmount: { key: 'pesos' },
        remaining: { key: 'wholeNumber' },
        perPlayerLimit: { key: 'atLeast', limit: '1' },
        accountDaysReq: { key: 'atMost', limit: '3650' },
        startsAt: { key: 'dateTime' },
      },
    });
  });

  it('says the limits in the units typed', () => {
    expect(checkPromo({ ...draft, rewardPesos: '100001' })).toEqual({
      ok: false,
      fieldErrors: { rewardAmount: { key: 'atMost', limit: '₱100,000.00' } },
    });
    expect(checkPromo({ ...withKind(draft, 'rebate'), ratePercent: '150' })).toEqual({
      ok: false,
      fieldErrors: { rateBasisPoints: { key: 'atMost', limit: '100%' } },
    });
    expect(checkPromo({ ...draft, remaining: '1000' })).toEqual({
      ok: false,
      fieldErrors: { remaining: { key: 'atMost', limit: '999' } },
    });
  });

  it('keeps the rules of the shared schema', () => {
    expect(checkPromo({ ...draft, rewardPesos: '' })).toEqual({
      ok: false,
      fieldErrors: { rewardAmount: { text: 'A fixed promo needs a reward amount.' } },
    });
    expect(checkPromo({ ...withKind(draft, 'rebate'), ratePercent: '' })).toEqual({
      ok: false,
      fieldErrors: { rateBasisPoints: { text: 'This promo needs a percentage.' } },
    });
    expect(checkPromo({ ...withKind(draft, 'rebate'), ratePercent: '5', creditTo: 'CREDIT' })).toEqual({
      ok: false,
      fieldErrors: { creditTo: { text: 'A rebate is paid as bonus.' } },
    });
    expect(checkPromo({ ...draft, endsLocal: '2026-11-20T08:00' })).toEqual({
      ok: false,
      fieldErrors: { endsAt: { text: 'The end must come after the start.' } },
    });
  });

  it('has an English text for each of its own messages', () => {
    const keys: PromoFormMessageKey[] = ['pesos', 'percent', 'wholeNumber', 'dateTime'];
    for (const key of keys) expect(en.promos.form.messages[key]).toBeTruthy();
  });
});

describe('editing', () => {
  it('fills the form from a saved promo and sends it back unchanged', () => {
    const promo: BackofficePromo = {
      id: 7,
      promoCode: 'DEPOSIT10',
      name: 'Deposit 10%',
      description: '10% of today’s deposits',
      creditTo: 'BONUS',
      kind: 'depositPercent',
      remaining: 40,
      perPlayerLimit: 1,
      dailyDepositReq: 500_00,
      accountDaysReq: 7,
      validityInHours: 72,
      rewardAmount: 0,
      rateBasisPoints: 1000,
      rewardCap: 500_00,
      startsAt: '2026-11-21T00:00:00.000Z',
      endsAt: null,
      active: true,
      codeOnly: false,
      claims: 3,
      granted: 150_00,
      rebatesPaid: 0,
      awaitingApproval: false,
      createdAt: '2026-11-20T00:00:00.000Z',
    };
    const form = promoDraftOf(promo);
    expect(form).toMatchObject({
      rewardPesos: '',
      ratePercent: '10',
      capPesos: '500.00',
      dailyDepositPesos: '500.00',
      startsLocal: '2026-11-21T08:00',
      endsLocal: '',
    });
    const check = checkPromo(form);
    expect(check.ok && check.body).toMatchObject({
      promoCode: 'DEPOSIT10',
      rateBasisPoints: 1000,
      rewardCap: 500_00,
      dailyDepositReq: 500_00,
      accountDaysReq: 7,
      validityInHours: 72,
      startsAt: promo.startsAt,
      endsAt: null,
    });
  });

  it('maps server field errors to fields', () => {
    // The 409 of a code another promo has: its shared message beside the code field.
    expect(serverFieldMessages({ promoCode: PromoMessages.codeTaken, 'endsAt.0': 'Bad.', other: 'x' })).toEqual({
      promoCode: { text: PromoMessages.codeTaken },
      endsAt: { text: 'Bad.' },
    });
  });
});

describe('units', () => {
  it('reads percentages without floating point', () => {
    expect(parsePercent('5')).toBe(500);
    expect(parsePercent('2.5')).toBe(250);
    expect(parsePercent('12.34 %')).toBe(1234);
    expect(parsePercent('0.07')).toBe(7);
    expect(parsePercent('1.234')).toBeNull();
    expect(parsePercent('-1')).toBeNull();
    for (const bp of [1, 7, 250, 500, 1234, 10_000]) expect(parsePercent(percentText(bp))).toBe(bp);
  });

  it('converts Manila wall time both ways', () => {
    expect(manilaLocalToIso('2026-11-21T15:05')).toBe('2026-11-21T07:05:00.000Z');
    expect(isoToManilaLocal('2026-11-21T07:05:00.000Z')).toBe('2026-11-21T15:05');
    expect(manilaLocalToIso('2026-04-31T10:00')).toBeNull();
    expect(manilaLocalToIso('')).toBeNull();
  });
});

describe('promoState', () => {
  it('is live, paused, or waiting for a second admin before it can be claimed', () => {
    expect(promoState({ active: true, awaitingApproval: false })).toBe('active');
    expect(promoState({ active: false, awaitingApproval: false })).toBe('paused');
    expect(promoState({ active: false, awaitingApproval: true })).toBe('awaitingApproval');
  });

  it('reads a live promo as live even while a change to it waits', () => {
    expect(promoState({ active: true, awaitingApproval: true })).toBe('active');
  });
});
