import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { BET_TYPES, MAX_COMBINATIONS, type BetTypeDefinition } from '@karera/shared';
import { i18next } from '../../i18n/index.ts';
import './tutorialI18n.ts';
import { TourMock } from './mocks/TourMock.tsx';
import { sampleBetType, sampleRebate, sampleSlip } from './sampleData.ts';
import {
  ACTIVE_TOURS,
  DISABLED_TOURS,
  TOUR_PATHS,
  tourOfPath,
  tourSteps,
  type TourId,
  type TourStepDef,
} from './tours.ts';

const WIN = sampleBetType('W');

const translate = i18next.t as unknown as (key: string, values: object) => string;

function text(key: string, values?: Record<string, string | number>): string {
  return translate(`tutorials.${key}`, values ?? {});
}

function said(step: TourStepDef) {
  return { title: text(step.title, step.values), body: text(step.body, step.values) };
}

function everyTour(): { tour: TourId; type: BetTypeDefinition }[] {
  return [
    ...ACTIVE_TOURS.filter((tour) => tour !== 'bet').map((tour) => ({ tour, type: WIN })),
    ...BET_TYPES.map((type) => ({ tour: 'bet' as const, type: type as BetTypeDefinition })),
  ];
}

describe('tours', () => {
  it('six active tours on their routes, four shown but not startable', () => {
    expect(ACTIVE_TOURS).toEqual(['changepassword', 'bet', 'deposit', 'withdraw', 'promo', 'rebate']);
    expect(Object.values(TOUR_PATHS)).toEqual([
      '/tutorial-changepassword',
      '/tutorial-bet',
      '/tutorial-deposit',
      '/tutorial-withdraw',
      '/tutorial-promo',
      '/tutorial-rebate',
    ]);
    expect(DISABLED_TOURS).toEqual(['updateAccount', 'walletHistory', 'betHistory', 'bonusBalance']);
    for (const id of DISABLED_TOURS) expect(Object.keys(TOUR_PATHS)).not.toContain(id);
  });

  it('finds the tour of a location the way the router matches it', () => {
    expect(tourOfPath('/tutorial-bet')).toBe('bet');
    expect(tourOfPath('/Tutorial-Deposit/')).toBe('deposit');
    expect(tourOfPath('/tutorial')).toBeNull();
    expect(tourOfPath('/live')).toBeNull();
  });

  it('every step has a unique id and a title and body in the tutorial texts, every value filled in', () => {
    for (const { tour, type } of everyTour()) {
      const steps = tourSteps(tour, type);
      expect(steps.length, tour).toBeGreaterThanOrEqual(5);
      expect(new Set(steps.map((s) => s.id)).size, tour).toBe(steps.length);
      for (const step of steps) {
        const { title, body } = said(step);
        for (const words of [title, body]) {
          expect(words, `${tour} ${step.id}`).not.toMatch(/^tutorials\./);
          expect(words, `${tour} ${step.id}`).not.toMatch(/\{\{|\$t\(/);
          expect(words.length).toBeGreaterThan(3);
        }
      }
    }
  });

  it("every step's element is on its mock at that step", () => {
    for (const { tour, type } of everyTour()) {
      for (const step of tourSteps(tour, type)) {
        const html = renderToStaticMarkup(<TourMock tour={tour} stepId={step.id} betType={type} />);
        const found = html.match(new RegExp(`data-tour="${step.target}"`, 'g')) ?? [];
        expect(found.length, `${tour} (${type.code}) step ${step.id}: [data-tour="${step.target}"]`).toBe(1);
      }
    }
  });

  it('the mocks are not forms and link nowhere: nothing on them can be submitted', () => {
    for (const { tour, type } of everyTour()) {
      for (const step of tourSteps(tour, type)) {
        const html = renderToStaticMarkup(<TourMock tour={tour} stepId={step.id} betType={type} />);
        expect(html).not.toMatch(/<form|<a |type="submit"|type="file"/);
      }
    }
  });
});

describe('the bet tour', () => {
  it('starts on the ?type= bet type; an unknown one on Win; QUAR is Quartet', () => {
    expect(sampleBetType('PICK4').code).toBe('PICK4');
    expect(sampleBetType('pick4').code).toBe('PICK4');
    expect(sampleBetType('QUAR').code).toBe('QRT');
    expect(sampleBetType('NOPE').code).toBe('W');
    expect(sampleBetType(null).code).toBe('W');
  });

  it("names the type, its rule and its minimum, and shows the type's races for a multi-race pool", () => {
    const pick4 = sampleBetType('PICK4');
    const steps = tourSteps('bet', pick4);
    const byId = new Map(steps.map((s) => [s.id, said(s)]));
    expect(byId.get('betType')?.title).toBe('Bet type: Pick4');
    expect(byId.get('betType')?.body).toContain(pick4.rule);
    expect(byId.get('legs')?.body).toContain('4 races');
    expect(byId.get('amount')?.body).toContain('₱2.00');
    expect(tourSteps('bet', WIN).map((s) => s.id)).not.toContain('legs');
    expect(said(tourSteps('bet', sampleBetType('XD')).find((s) => s.id === 'legs') as TourStepDef).body).toContain(
      'races 1 and 3',
    );
    expect(said(tourSteps('bet', sampleBetType('WTA')).find((s) => s.id === 'amount') as TourStepDef).body).toContain(
      'even',
    );
  });

  it('a sample slip of every type is a valid bet: its minimum met, even for WTA, few combinations', () => {
    for (const type of BET_TYPES) {
      const slip = sampleSlip(type);
      expect(slip.combinations, type.code).toBeGreaterThan(0);
      expect(slip.combinations).toBeLessThan(MAX_COMBINATIONS);
      expect(slip.amount).toBeGreaterThanOrEqual(type.minBet);
      if (type.evenAmountOnly) expect((slip.amount / 100) % 2).toBe(0);
      expect(slip.total).toBe(slip.combinations * slip.amount);
    }
    const summary = tourSteps('bet', WIN).find((s) => s.id === 'summary') as TourStepDef;
    expect(said(summary).body).toContain('2 x ₱10.00 = ₱20.00');
  });

  it('the Pick4 mock shows Pick4 pressed and a row for each of its 4 races', () => {
    const html = renderToStaticMarkup(<TourMock tour="bet" stepId="betType" betType={sampleBetType('PICK4')} />);
    expect(html).toMatch(/aria-pressed="true"[^>]*data-code="PICK4"/);
    expect(html.match(/class="bet-slip__place"/g)).toHaveLength(4);
  });
});

describe('the processing times and the rebate example', () => {
  it('the deposit tour says credited within 5 minutes; the withdraw tour 30 minutes to 1 hour', () => {
    const deposit = said(tourSteps('deposit', WIN).at(-1) as TourStepDef).body;
    expect(deposit).toContain('within 5 minutes');
    const withdraw = said(tourSteps('withdraw', WIN).at(-1) as TourStepDef).body;
    expect(withdraw).toContain('30 minutes to 1 hour');
  });

  it('the rebate tour: 5% of a ₱100.00 bet is ₱5.00 of bonus; bonus money earns none', () => {
    expect(sampleRebate()).toEqual({ percent: 5, stake: 10_000, earned: 500, earnedOnBonus: 0 });
    const steps = new Map(tourSteps('rebate', WIN).map((s) => [s.id, said(s).body]));
    expect(steps.get('card')).toContain('5%');
    expect(steps.get('earned')).toContain('₱5.00');
    expect(steps.get('bonusBet')).toContain('₱0.00');
  });

  it("the promo tour's success step quotes the claim's success text", () => {
    const success = tourSteps('promo', WIN).find((s) => s.id === 'success') as TourStepDef;
    expect(said(success).body).toContain('You have successfully claim the promo');
  });
});
