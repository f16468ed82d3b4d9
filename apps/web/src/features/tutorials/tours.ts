import {
  DEPOSIT_FOLLOW_UP_MINUTES,
  formatPeso,
  legRaceNumbers,
  MAX_COMBINATIONS,
  type BetTypeDefinition,
  type PlayerRoutePath,
} from '@karera/shared';
import { sampleRebate, sampleSlip } from './sampleData.ts';
import type { TutorialKey } from './tutorialI18n.ts';

/*
 * The tours (docs/product/screens.md#tutorials): which are active and which are only shown, their routes, and the
 * steps of each — the mock element a step highlights (its data-tour name) and the texts it says.
 */

export const ACTIVE_TOURS = ['changepassword', 'bet', 'deposit', 'withdraw', 'promo', 'rebate'] as const;
export type TourId = (typeof ACTIVE_TOURS)[number];

/** Shown on /tutorial, not startable: they have no route. */
export const DISABLED_TOURS = ['updateAccount', 'walletHistory', 'betHistory', 'bonusBalance'] as const;
export type DisabledTourId = (typeof DISABLED_TOURS)[number];

export const TOUR_PATHS = {
  changepassword: '/tutorial-changepassword',
  bet: '/tutorial-bet',
  deposit: '/tutorial-deposit',
  withdraw: '/tutorial-withdraw',
  promo: '/tutorial-promo',
  rebate: '/tutorial-rebate',
} as const satisfies Record<TourId, PlayerRoutePath>;

/** Where skip, finish and stop return. */
export const TUTORIAL_LIST_PATH = '/tutorial' satisfies PlayerRoutePath;

/** The tour of a location, matched like the router does (case-insensitive, trailing slash ignored). */
export function tourOfPath(pathname: string): TourId | null {
  const wanted = pathname.replace(/\/+$/, '').toLowerCase();
  return ACTIVE_TOURS.find((id) => TOUR_PATHS[id] === wanted) ?? null;
}

export type StepValues = Record<string, string | number>;

export interface TourStepDef {
  id: string;
  /** The data-tour name of the mock element the step highlights. */
  target: string;
  title: TutorialKey;
  body: TutorialKey;
  values?: StepValues;
}

function step(id: string, title: TutorialKey, body: TutorialKey, values?: StepValues, target = id): TourStepDef {
  return values ? { id, target, title, body, values } : { id, target, title, body };
}

function changePasswordSteps(): TourStepDef[] {
  return [
    step('tab', 'steps.changepassword.tab.title', 'steps.changepassword.tab.body'),
    step('current', 'steps.changepassword.current.title', 'steps.changepassword.current.body'),
    step('new', 'steps.changepassword.new.title', 'steps.changepassword.new.body'),
    step('confirm', 'steps.changepassword.confirm.title', 'steps.changepassword.confirm.body'),
    step('submit', 'steps.changepassword.submit.title', 'steps.changepassword.submit.body'),
    step('done', 'steps.changepassword.done.title', 'steps.changepassword.done.body'),
  ];
}

/** The bet tour on one bet type (?type=): its rule, its places or races, its minimum and the sample slip. */
export function betSteps(type: BetTypeDefinition): TourStepDef[] {
  const slip = sampleSlip(type);
  const single = type.raceType === 'single';
  const [first = 1, second = 3] = legRaceNumbers(type, 1);
  const steps = [
    step('raceTabs', 'steps.bet.raceTabs.title', 'steps.bet.raceTabs.body'),
    step('betType', 'steps.bet.betTypes.title', 'steps.bet.betTypes.body', {
      type: type.name,
      code: type.code,
      rule: type.rule,
    }),
  ];
  if (!single) {
    steps.push(
      step(
        'legs',
        'steps.bet.legs.title',
        type.raceType === 'alternate' ? 'steps.bet.legs.alternate' : 'steps.bet.legs.consecutive',
        { type: type.name, count: type.selector, first, second },
      ),
    );
  }
  steps.push(
    step('runners', 'steps.bet.runners.title', 'steps.bet.runners.body'),
    step(
      'places',
      'steps.bet.places.title',
      !single ? 'steps.bet.places.legs' : type.selector === 1 ? 'steps.bet.places.winner' : 'steps.bet.places.places',
      { count: type.selector },
    ),
    step('amount', 'steps.bet.amount.title', type.evenAmountOnly ? 'steps.bet.amount.even' : 'steps.bet.amount.body', {
      type: type.name,
      minimum: formatPeso(type.minBet),
    }),
    step('summary', 'steps.bet.summary.title', 'steps.bet.summary.body', {
      combinations: slip.combinations,
      amount: formatPeso(slip.amount),
      total: formatPeso(slip.total),
      limit: MAX_COMBINATIONS.toLocaleString('en-PH'),
    }),
    step('useBonus', 'steps.bet.useBonus.title', 'steps.bet.useBonus.body'),
    step('submit', 'steps.bet.submit.title', 'steps.bet.submit.body'),
    step('receipt', 'steps.bet.receipt.title', 'steps.bet.receipt.body'),
  );
  return steps;
}

function depositSteps(): TourStepDef[] {
  return [
    step('tab', 'steps.deposit.tab.title', 'steps.deposit.tab.body'),
    step('channel', 'steps.deposit.channel.title', 'steps.deposit.channel.body'),
    step('account', 'steps.deposit.account.title', 'steps.deposit.account.body'),
    step('receipt', 'steps.deposit.receipt.title', 'steps.deposit.receipt.body'),
    step('amount', 'steps.deposit.amount.title', 'steps.deposit.amount.body'),
    step('details', 'steps.deposit.details.title', 'steps.deposit.details.body'),
    step('submit', 'steps.deposit.submit.title', 'steps.deposit.submit.body'),
    step('success', 'steps.deposit.success.title', 'steps.deposit.success.body', {
      minutes: DEPOSIT_FOLLOW_UP_MINUTES,
    }),
  ];
}

function withdrawSteps(): TourStepDef[] {
  return [
    step('tab', 'steps.withdraw.tab.title', 'steps.withdraw.tab.body'),
    step('balance', 'steps.withdraw.balance.title', 'steps.withdraw.balance.body'),
    step('amount', 'steps.withdraw.amount.title', 'steps.withdraw.amount.body'),
    step('company', 'steps.withdraw.company.title', 'steps.withdraw.company.body'),
    step('account', 'steps.withdraw.account.title', 'steps.withdraw.account.body'),
    step('submit', 'steps.withdraw.submit.title', 'steps.withdraw.submit.body'),
    step('success', 'steps.withdraw.success.title', 'steps.withdraw.success.body'),
  ];
}

function promoSteps(): TourStepDef[] {
  return [
    step('active', 'steps.promo.active.title', 'steps.promo.active.body'),
    step('code', 'steps.promo.code.title', 'steps.promo.code.body'),
    step('card', 'steps.promo.card.title', 'steps.promo.card.body'),
    step('claim', 'steps.promo.claim.title', 'steps.promo.claim.body'),
    step('confirm', 'steps.promo.confirm.title', 'steps.promo.confirm.body'),
    step('success', 'steps.promo.success.title', 'steps.promo.success.body'),
    step('after', 'steps.promo.after.title', 'steps.promo.after.body', undefined, 'active'),
  ];
}

/**
 * The rebate example (docs/product/promos.md#rebates): 5% of a bet back as bonus; bonus money used in a bet earns none.
 */
function rebateSteps(): TourStepDef[] {
  const rebate = sampleRebate();
  const money = { percent: rebate.percent, stake: formatPeso(rebate.stake) };
  return [
    step('card', 'steps.rebate.card.title', 'steps.rebate.card.body', { percent: rebate.percent }),
    step('claim', 'steps.rebate.claim.title', 'steps.rebate.claim.body'),
    step('active', 'steps.rebate.active.title', 'steps.rebate.active.body'),
    step('bet', 'steps.rebate.bet.title', 'steps.rebate.bet.body', money),
    step('earned', 'steps.rebate.earned.title', 'steps.rebate.earned.body', {
      ...money,
      rebate: formatPeso(rebate.earned),
    }),
    step('bonusBet', 'steps.rebate.bonusBet.title', 'steps.rebate.bonusBet.body', {
      ...money,
      zero: formatPeso(rebate.earnedOnBonus),
    }),
    step('balance', 'steps.rebate.balance.title', 'steps.rebate.balance.body'),
  ];
}

/** The steps of a tour; the bet tour's depend on the bet type it starts on. */
export function tourSteps(id: TourId, betType: BetTypeDefinition): TourStepDef[] {
  switch (id) {
    case 'changepassword':
      return changePasswordSteps();
    case 'bet':
      return betSteps(betType);
    case 'deposit':
      return depositSteps();
    case 'withdraw':
      return withdrawSteps();
    case 'promo':
      return promoSteps();
    case 'rebate':
      return rebateSteps();
  }
}
