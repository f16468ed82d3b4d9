import { legsOf, type BetTypeDefinition } from '../betTypes.ts';
import { countCombinations, MAX_COMBINATIONS, type Selections } from './combinations.ts';

/** Bet messages (docs/product/betting.md#slip-rules-and-refusals), defined once. */
export const BetMessages = {
  tooManyCombinations: 'Bet combination must be less than 2000',
  minBet: (minBetPesos: number) => `The minimum base bet for this race was ${minBetPesos} php.`,
  evenOnly: 'WTA bet should be even amount only.',
  insufficientBalance: 'You have insufficient balance.',
  noBonusBalance: 'You do not have any bonus balance.',
  wholePesos: 'Enter the amount in whole pesos (digits only).',
  pickEveryPosition: 'Please pick at least one runner for every place or race.',
  runnerPickedTwice: 'Pick each runner only once for a place or race.',
  sameRunnerEveryPlace: 'One runner cannot take two places: pick a different runner for each place.',
  serverError: 'Error occured, please try again.',
} as const;

export interface BetCheck {
  combinations: number;
  /** Centavos: combinations x amount. */
  total: number;
}

/**
 * The rules of a bet slip that need no database (docs/product/betting.md#slip-rules-and-refusals): shape, combination
 * count, amount. Returns the first failing message, or the combination count and total.
 */
export function checkBet(
  type: BetTypeDefinition,
  selections: Selections,
  amount: number,
): { ok: true; value: BetCheck } | { ok: false; message: string } {
  const expected = type.raceType === 'single' ? type.selector : legsOf(type);
  if (selections.length !== expected || selections.some((s) => s.length === 0)) {
    return { ok: false, message: BetMessages.pickEveryPosition };
  }
  // A list names each runner once: a repeat would be a second stake the player never meant.
  if (selections.some((runners) => new Set(runners).size !== runners.length)) {
    return { ok: false, message: BetMessages.runnerPickedTwice };
  }
  const combinations = countCombinations(type, selections);
  // A single-race type drops combinations that repeat a runner; when none is left (1-1-2), say why.
  if (combinations === 0 && type.raceType === 'single') return { ok: false, message: BetMessages.sameRunnerEveryPlace };
  if (combinations >= MAX_COMBINATIONS) return { ok: false, message: BetMessages.tooManyCombinations };
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount % 100 !== 0)
    return { ok: false, message: BetMessages.wholePesos };
  if (amount < type.minBet) return { ok: false, message: BetMessages.minBet(type.minBet / 100) };
  if (type.evenAmountOnly && (amount / 100) % 2 !== 0) return { ok: false, message: BetMessages.evenOnly };
  const total = combinations * amount;
  if (combinations === 0 || total <= 0) return { ok: false, message: BetMessages.pickEveryPosition };
  return { ok: true, value: { combinations, total } };
}

export interface Funding {
  /** Centavos taken from the bonus balance. */
  fromBonus: number;
  /** Centavos taken from the credit balance. */
  fromCredit: number;
}

/**
 * Who pays for a ticket. Use-bonus off: credit alone must cover it. On: bonus is spent first and
 * credit covers the rest. Null when the balances cannot cover it.
 */
export function fundBet(total: number, balances: { credit: number; bonus: number }, useBonus: boolean): Funding | null {
  if (!useBonus) return balances.credit >= total ? { fromBonus: 0, fromCredit: total } : null;
  const fromBonus = Math.min(Math.max(balances.bonus, 0), total);
  const fromCredit = total - fromBonus;
  return balances.credit >= fromCredit ? { fromBonus, fromCredit } : null;
}
