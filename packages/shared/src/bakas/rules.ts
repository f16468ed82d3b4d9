import { countCombinations, type Selections } from '../betting/combinations.ts';
import type { BetTypeDefinition } from '../betTypes.ts';

/**
 * Bakas (group tickets): the pure rules of docs/decisions/056-bakas-group-tickets.md. Money is integer
 * centavos throughout; every function here is exact (no floating point on money).
 */

/** Refusals and notices of group tickets, defined once for the server and the web. */
export const BakasMessages = {
  allSharesSold: 'All shares are sold.',
  notEnoughShares: (left: number) => `Only ${left} ${left === 1 ? 'share is' : 'shares are'} left.`,
  sharesDoNotDivide: 'The ticket cost must divide exactly into the shares.',
  sharesRange: 'A group ticket has 2 to 100 shares.',
  feeRange: 'The organiser fee is 0% to 10% of net winnings.',
  organiserBuysOne: 'The organiser buys at least one share.',
  notFound: 'This group ticket was not found.',
  notOpen: 'This group ticket is no longer open.',
  onlyOrganiser: 'Only the organiser can do this.',
  sharesAlreadySold: 'The ticket cannot change once a share is sold to someone else.',
  titleRequired: 'Give the group ticket a title (1 to 60 characters).',
  creditOnly: 'Shares are paid from credit only, never bonus.',
} as const;

export const BAKAS_MIN_SHARES = 2;
export const BAKAS_MAX_SHARES = 100;
export const BAKAS_MAX_FEE_PERCENT = 10;
export const BAKAS_TITLE_MAX = 60;

/** What happens at last call when not every share is sold. */
export type BakasShortfall = 'smaller' | 'cancel';

/**
 * The price of one share: the ticket's cost divided exactly by the shares, or null when it does not
 * divide (or the share count is out of range). A price is never rounded: every member pays the same.
 */
export function sharePrice(cost: number, shares: number): number | null {
  if (!Number.isSafeInteger(cost) || cost <= 0) return null;
  if (!Number.isInteger(shares) || shares < BAKAS_MIN_SHARES || shares > BAKAS_MAX_SHARES) return null;
  if (cost % shares !== 0) return null;
  return cost / shares;
}

/**
 * The organiser's fee: `feePercent` (a whole 0-10) of the net winnings, that is the payout the group
 * receives (after the winnings tax, decision 049) less the cost of the ticket that was placed; rounded
 * down to the centavo. Nothing on a loss, a refund, or a payout at or below the cost.
 */
export function organiserFee(payout: number, placedCost: number, feePercent: number, refunded = false): number {
  if (refunded || payout <= placedCost) return 0;
  if (!Number.isInteger(feePercent) || feePercent < 0 || feePercent > BAKAS_MAX_FEE_PERCENT) {
    throw new Error(`Organiser fee out of range: ${feePercent}`);
  }
  return Math.floor(((payout - placedCost) * feePercent) / 100);
}

/** One member's holding: how many shares, and the sequence of their earliest share (lower bought first). */
export interface BakasHolding {
  shares: number;
  firstShareSeq: number;
}

/**
 * Splits `amount` centavos over holdings by their shares, to the centavo. Each holding gets the floor of
 * its exact part (amount x shares / total shares); the centavos left (fewer than the holdings) go one each
 * by the largest remainder, ties to the earliest share. The parts always sum to `amount` exactly, and no
 * holding gets more than its exact part plus one centavo nor less than its exact part less one. Answers
 * the parts in the order of `holdings`. Exact in BigInt, whatever the amount.
 */
export function splitByShares(amount: number, holdings: readonly BakasHolding[]): number[] {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new Error(`Amount to split must be whole centavos: ${amount}`);
  const totalShares = holdings.reduce((sum, holding) => sum + holding.shares, 0);
  if (holdings.some((holding) => !Number.isInteger(holding.shares) || holding.shares <= 0) || totalShares <= 0) {
    throw new Error('Every holding needs a whole, positive number of shares.');
  }
  const whole = BigInt(amount);
  const total = BigInt(totalShares);
  const parts = holdings.map((holding) => {
    const exact = whole * BigInt(holding.shares);
    return { floor: exact / total, remainder: exact % total };
  });
  let left = whole - parts.reduce((sum, part) => sum + part.floor, 0n);
  const order = holdings
    .map((holding, index) => ({ index, remainder: parts[index]?.remainder ?? 0n, seq: holding.firstShareSeq }))
    .sort((a, b) =>
      a.remainder === b.remainder ? a.seq - b.seq || a.index - b.index : a.remainder > b.remainder ? -1 : 1,
    );
  const extra = new Array<number>(holdings.length).fill(0);
  for (const { index } of order) {
    if (left <= 0n) break;
    extra[index] = 1;
    left -= 1n;
  }
  return parts.map((part, index) => Number(part.floor) + (extra[index] ?? 0));
}

/**
 * What a settled group ticket pays each holding: the organiser's fee first (on net winnings only), then the
 * rest split by shares. `organiserIndex` is the organiser's place in `holdings`. Sums to `payout` exactly.
 */
export function settleShares(input: {
  payout: number;
  placedCost: number;
  feePercent: number;
  refunded: boolean;
  holdings: readonly BakasHolding[];
  organiserIndex: number;
}): { fee: number; parts: number[] } {
  const fee = organiserFee(input.payout, input.placedCost, input.feePercent, input.refunded);
  const parts = splitByShares(input.payout - fee, input.holdings);
  if (fee > 0) {
    if (input.organiserIndex < 0 || input.organiserIndex >= parts.length)
      throw new Error('The organiser holds no share.');
    parts[input.organiserIndex] = (parts[input.organiserIndex] ?? 0) + fee;
  }
  return { fee, parts };
}

/**
 * The rule for placing a ticket smaller when not every share sold (the organiser sees it when creating):
 * while the ticket costs more than the money sold, drop the last-listed runner of the place or leg that has
 * the most runners (ties: the later place or leg), skipping a cut that would leave no combination; the
 * ticket stays a ticket of runners per place or leg at the same base amount, so it enters the pool and
 * settles like any other. When no cut is left and it still costs too much, it is cancelled (null). The
 * money sold that the smaller ticket does not use is refunded.
 */
export function cutToMoney(
  type: Pick<BetTypeDefinition, 'raceType'>,
  selections: Selections,
  baseAmount: number,
  money: number,
): { selections: number[][]; combinations: number; cost: number } | null {
  let current = selections.map((runners) => [...runners]);
  let combinations = countCombinations(type, current);
  while (combinations * baseAmount > money) {
    const candidates = current
      .map((runners, index) => ({ index, count: runners.length }))
      .filter((candidate) => candidate.count > 1)
      .sort((a, b) => b.count - a.count || b.index - a.index);
    let cut: number[][] | null = null;
    for (const { index } of candidates) {
      const tried = current.map((runners, at) => (at === index ? runners.slice(0, -1) : runners));
      if (countCombinations(type, tried) > 0) {
        cut = tried;
        break;
      }
    }
    if (!cut) return null;
    current = cut;
    combinations = countCombinations(type, current);
  }
  if (combinations <= 0) return null;
  return { selections: current, combinations, cost: combinations * baseAmount };
}
