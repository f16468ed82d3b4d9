import {
  BET_TYPES,
  betTypeByCode,
  countCombinations,
  formatPicks,
  legRaceNumbers,
  rebateOf,
  type BetTypeDefinition,
  type Runner,
} from '@karera/shared';

/*
 * The sample data the tours show (docs/product/screens.md#tutorials). Never the player's
 * own: no balance, name or account of the session reaches a mock. Amounts are centavos.
 */

export const SAMPLE_BALANCES = { credit: 150_000, bonus: 10_000 } as const;

/** The sample card's races: race 1 open, the rest waiting, enough for a WTA ticket (7 races) and XD. */
export const SAMPLE_RACE_COUNT = 8;

const HORSES = [
  ['Bagyo', 'J. Santos'],
  ['Kidlat', 'R. Cruz'],
  ['Tala', 'M. Reyes'],
  ['Agila', 'P. Garcia'],
  ['Bituin', 'A. Mendoza'],
  ['Hangin', 'L. Bautista'],
  ['Alon', 'D. Aquino'],
  ['Sinag', 'E. Ramos'],
] as const;

/** Runner 4 is scratched: it shows 'Scratched' and cannot be picked. */
export const SAMPLE_SCRATCHED = '4';

export const SAMPLE_RUNNERS: readonly Runner[] = HORSES.map(([horseName, jockeyName], index) => {
  const runnerNo = String(index + 1);
  const scratched = runnerNo === SAMPLE_SCRATCHED;
  return {
    id: index + 1,
    runnerNo,
    horseName,
    jockeyName,
    status: scratched ? 'S' : 'A',
    odds: scratched ? null : ['3.20', '5.10', '2.40', '', '6.80', '4.50', '9.00', '12.60'][index] || null,
    finishPosition: null,
  };
});

/** Every bet type; an unknown or missing ?type= starts on Win. QUAR is Quartet's other code. */
export function sampleBetType(code: string | null): BetTypeDefinition {
  const wanted = (code ?? '').trim().toUpperCase();
  const found = betTypeByCode(wanted === 'QUAR' ? 'QRT' : wanted);
  return found ?? (BET_TYPES[0] as BetTypeDefinition);
}

/** The sample amount per combination: ₱10, an even amount above every type's minimum. */
export const SAMPLE_AMOUNT = 1_000;

/**
 * The sample ticket of a type starting at race 1: runners 3 and 5 for the first place (or race), then
 * one different runner for each further place or race, so every type makes 2 combinations.
 */
export function sampleSelections(type: Pick<BetTypeDefinition, 'selector' | 'raceType'>): number[][] {
  const places = type.raceType === 'single' ? type.selector : legRaceNumbers(type, 1).length;
  const others = [1, 2, 6, 7, 8, 1, 2];
  return Array.from({ length: places }, (_, place) => (place === 0 ? [3, 5] : [others[place - 1] ?? 1]));
}

export interface SampleSlip {
  selections: number[][];
  /** The race number of each place (single-race types: race 1 throughout). */
  raceNumbers: number[];
  combinations: number;
  amount: number;
  total: number;
  picks: string;
}

export function sampleSlip(type: BetTypeDefinition): SampleSlip {
  const selections = sampleSelections(type);
  const combinations = countCombinations(type, selections);
  const raceNumbers =
    type.raceType === 'single' ? selections.map(() => 1) : legRaceNumbers(type, 1).slice(0, selections.length);
  return {
    selections,
    raceNumbers,
    combinations,
    amount: SAMPLE_AMOUNT,
    total: combinations * SAMPLE_AMOUNT,
    picks: formatPicks(type.raceType, selections),
  };
}

/** The rebate example (docs/product/promos.md#rebates): a 5% rebate promo and a ₱100 Win bet. */
export const SAMPLE_REBATE = { rateBasisPoints: 500, stake: 10_000 } as const;

export function sampleRebate() {
  return {
    percent: SAMPLE_REBATE.rateBasisPoints / 100,
    stake: SAMPLE_REBATE.stake,
    /** From the credit balance: 5% of it comes back as bonus. */
    earned: rebateOf(SAMPLE_REBATE.stake, SAMPLE_REBATE.rateBasisPoints),
    /** From the bonus balance: bonus money earns no rebate, so the credit-funded stake is 0. */
    earnedOnBonus: rebateOf(0, SAMPLE_REBATE.rateBasisPoints),
  };
}

/** Sample numbers shown on the payment mocks. */
export const SAMPLE_PAYMENT = {
  depositAmount: 50_000,
  withdrawAmount: 50_000,
  receiverNumber: '09170000000',
  senderNumber: '09171234567',
  reference: 'SAMPLE123456',
  holderNumber: '09179876543',
  transactionId: 'SAMPLE-1001',
} as const;

export const SAMPLE_TICKET_NO = 'SAMPLE-0001';
