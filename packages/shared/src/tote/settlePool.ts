import type { BetTypeDefinition } from '../betTypes.ts';
import { countCombinations, type Selections } from '../betting/combinations.ts';
import { type FinishOrder, winnersOf, winningOrders } from './finish.ts';
import {
  splitGross,
  stampTaxOf,
  winningsTaxOf,
  type PoolShare,
  type PoolShareName,
  type StampTaxRate,
  type WinningsTaxRule,
} from './philippineTaxes.ts';

/**
 * The pari-mutuel settlement of one pool (first race, bet type): pure arithmetic over its tickets and
 * the results of its legs, so the server, the back office preview and the tests share one definition.
 * Amounts are centavos; a dividend is centavos paid per 1.00 (100 centavos) staked.
 */

/** Pools whose unwon net pool is a jackpot: 75% carried to the next pool of the type, 25% consolation. */
export const JACKPOT_BET_TYPES: readonly string[] = ['WTA', 'PICK4', 'PICK5', 'PICK6'];
export const MINIMUM_DIVIDEND = 100;
export const CONSOLATION_SHARE_PERCENT = 25;
/** Marks a cancelled leg treated as won by every runner. */
export const ALL_RUNNERS = 0;

export interface PoolPolicy {
  /**
   * The named shares of the pool's gross (after partial refunds), each to its own ledger account: EO 194 §1's
   * franchise commission, prize fund and regulator share, or the one house takeout of pools before them.
   */
  shares: readonly PoolShare[];
  /** The documentary stamp tax on each ticket's stake, out of the gross (EO 194 §2); null where none is due. */
  stampTax: StampTaxRate | null;
  /** What is withheld from each winning ticket's dividend (PD 1157, EO 194 §3). */
  winningsTax: WinningsTaxRule;
  /** Pools other than jackpots when no combination with bets wins. */
  noWinner: 'refund' | 'carryover';
  /** A scratched runner in a multi-race bet: replaced by the leg's favourite at close, or refunded. */
  multiRaceScratch: 'favourite' | 'refund';
  /** A cancelled leg of a multi-race pool: every ticket refunded, or the leg counts as won by all. */
  cancelledLeg: 'refund' | 'allwin';
}

/** No tax withheld: pools settled before the winnings tax, and policies that set none. */
export const NO_WINNINGS_TAX: WinningsTaxRule = { rateBp: 0, base: 'winnings' };

/** A policy with one house takeout and no taxes: how every pool was split before EO 194's shares. */
export function takeoutPolicy(
  takeoutBp: number,
  rules: Pick<PoolPolicy, 'noWinner' | 'multiRaceScratch' | 'cancelledLeg'>,
): PoolPolicy {
  return { shares: [{ name: 'takeout', rateBp: takeoutBp }], stampTax: null, winningsTax: NO_WINNINGS_TAX, ...rules };
}

/**
 * A policy as stored with a pool or a setting: today's shape, or the single `takeoutBp` of pools settled
 * before the shares, read as a one-share policy so their history reads the same.
 */
export function policyFromStored(
  stored: PoolPolicy | (Omit<PoolPolicy, 'shares' | 'stampTax' | 'winningsTax'> & { takeoutBp: number }),
): PoolPolicy {
  if ('shares' in stored) return stored;
  const { takeoutBp, ...rules } = stored;
  return takeoutPolicy(takeoutBp, rules);
}

/** The total rate of a policy's shares, in basis points of the gross. */
export function sharesRateBp(policy: Pick<PoolPolicy, 'shares'>): number {
  return policy.shares.reduce((sum, share) => sum + share.rateBp, 0);
}

export interface PoolTicket {
  id: number;
  /** Stake per combination. */
  amount: number;
  total: number;
  fromBonus: number;
  selections: Selections;
}

export interface PoolLeg {
  status: 'D' | 'X';
  finish: FinishOrder;
  scratched: readonly number[];
  /** The leg's favourite at close (most Win stake), the substitute for scratched picks. */
  favourite: number | null;
}

export interface PoolInput {
  betType: Pick<BetTypeDefinition, 'code' | 'raceType' | 'selector' | 'winLimit'>;
  tickets: readonly PoolTicket[];
  legs: readonly PoolLeg[];
  policy: PoolPolicy;
  carryIn: number;
  /** The track's official dividends by winning combination (as `comboKey` writes it); they win over ours. */
  officialDividends?: ReadonlyMap<string, number>;
}

export interface Substitution {
  leg: number;
  scratched: number;
  favourite: number;
}

export interface TicketSettlement {
  id: number;
  payout: number;
  refund: number;
  /** The part of the refund that returns to the bonus balance it came from. */
  refundToBonus: number;
  /**
   * The tax withheld from the payout (PD 1157): the policy's rate of the winnings, the payout less the stake
   * on the winning combinations (so nothing at the 1.00 minimum dividend). Never on a refund.
   */
  winningsTax: number;
  /**
   * The part of the payout that reaches the player's credit: the payout less the tax, all of it unless
   * bonus funded the ticket, whose bonus-funded share pays its winnings without the stake
   * (`splitBonusWinnings`, decision 016).
   */
  winningsToCredit: number;
  /** The bonus stake inside the payout, not returned to the player: payout - winningsTax - winningsToCredit. */
  bonusStakeRetained: number;
  outcome: 'won' | 'lost' | 'refunded';
  capped: boolean;
  substitutions: Substitution[];
}

export interface DividendLine {
  combination: number[];
  /** Centavos per 1.00; null when no bet was on the combination. */
  dividend: number | null;
  /** Centavos staked on the combination. */
  stake: number;
  consolation: boolean;
}

export type PoolResult = 'paid' | 'consolation' | 'carryover' | 'refunded';

/** A share of the pool's gross in centavos. */
export interface ShareAmount {
  name: PoolShareName;
  amount: number;
}

export interface PoolOutcome {
  result: PoolResult;
  stakes: number;
  refunds: number;
  /** What leaves the pool before dividends: the shares and the stamp tax together. */
  takeout: number;
  /** Each share of the gross, in the policy's order. */
  shares: ShareAmount[];
  /** The tickets' documentary stamp tax, out of the gross. */
  stampTax: number;
  /** The tax withheld from the winning tickets' payouts (inside `payouts`). */
  winningsTax: number;
  carryIn: number;
  carryOut: number;
  net: number;
  /** What the winning tickets won, bonus stake included (the pool's side: what leaves it as winnings). */
  payouts: number;
  /** The part of `payouts` that is bonus stake not returned (decision 016): the house keeps it. */
  bonusRetained: number;
  /** What rounding and caps leave to the house: never negative (the minimum dividend's cost is `minusPool`). */
  breakage: number;
  /**
   * What the house adds so that every computed dividend reaches the 1.00 minimum (a minus pool): paid in
   * from house:minus-pool before the winners are paid. Official dividends never draw on it.
   */
  minusPool: number;
  /**
   * How much the track's official dividends would pay above what the pool holds (net pool plus carryover
   * in, less carryover out): 0 when they fit. A pool with an excess is refused, never paid (decision 046).
   */
  officialExcess: number;
  dividends: DividendLine[];
  tickets: TicketSettlement[];
}

/** How the results page writes a combination: places by '-', legs by '/', a won-by-all leg as ALL. */
export function comboKey(raceType: BetTypeDefinition['raceType'], combination: readonly number[]): string {
  const parts = combination.map((r) => (r === ALL_RUNNERS ? 'ALL' : String(r)));
  return parts.join(raceType === 'single' ? '-' : '/');
}

/** floor(a / b) for non-negative safe integers, exact even where a float quotient would round up. */
export function floorDiv(a: number, b: number): number {
  let q = Math.floor(a / b);
  if (q * b > a) q -= 1;
  else if ((q + 1) * b <= a) q += 1;
  return q;
}

/** Dividend per 1.00 for `share` of a pool on `stake`: down to 10 centavos, never below 1.00. */
export function dividendFor(share: number, stake: number): number {
  return Math.max(MINIMUM_DIVIDEND, floorDiv(share * 100, stake * 10) * 10);
}

/** A ticket as it stands after scratches and cancelled legs: what it covers and what it gets back. */
export interface LiveTicket {
  ticket: PoolTicket;
  liveCombinations: number;
  substitutions: Substitution[];
  /** Single-race: the runners per place still running. */
  places: Set<number>[];
  /** Multi-race: how many of the ticket's combinations each runner stands for, per leg. */
  legCounts: Map<number, number>[];
}

function liveSingle(ticket: PoolTicket, leg: PoolLeg): LiveTicket {
  const scratched = new Set(leg.scratched);
  const places = ticket.selections.map((picks) => new Set(picks.filter((r) => !scratched.has(r))));
  const liveCombinations = countCombinations(
    { raceType: 'single' },
    places.map((p) => [...p]),
  );
  return { ticket, liveCombinations, substitutions: [], places, legCounts: [] };
}

function liveMulti(ticket: PoolTicket, legs: readonly PoolLeg[], policy: PoolPolicy): LiveTicket {
  const substitutions: Substitution[] = [];
  const legCounts = ticket.selections.map((picks, index) => {
    const leg = legs[index];
    const counts = new Map<number, number>();
    const scratched = new Set(leg?.scratched ?? []);
    for (const runner of new Set(picks)) {
      if (!scratched.has(runner)) {
        counts.set(runner, (counts.get(runner) ?? 0) + 1);
        continue;
      }
      const favourite = leg?.favourite;
      if (policy.multiRaceScratch === 'favourite' && favourite != null && !scratched.has(favourite)) {
        counts.set(favourite, (counts.get(favourite) ?? 0) + 1);
        substitutions.push({ leg: index, scratched: runner, favourite });
      }
    }
    return counts;
  });
  const liveCombinations = legCounts.reduce((product, counts) => product * sumOf(counts.values()), 1);
  return { ticket, liveCombinations, substitutions, places: [], legCounts };
}

function sumOf(values: Iterable<number>): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum;
}

/** How many of a live ticket's combinations are the winning combination. */
function coverage(live: LiveTicket, single: boolean, combination: readonly number[]): number {
  if (single) return combination.every((runner, i) => live.places[i]?.has(runner)) ? 1 : 0;
  let product = 1;
  for (const [i, runner] of combination.entries()) {
    const counts = live.legCounts[i];
    if (!counts) return 0;
    product *= runner === ALL_RUNNERS ? sumOf(counts.values()) : (counts.get(runner) ?? 0);
    if (product === 0) return 0;
  }
  return product;
}

/** Counts of a multi-race ticket's combinations by legs won: index m holds those winning exactly m legs. */
function combinationsByLegsWon(live: LiveTicket, legWinners: readonly (readonly number[])[]): number[] {
  let polynomial = [1];
  for (const [i, counts] of live.legCounts.entries()) {
    const winners = legWinners[i] ?? [];
    const all = sumOf(counts.values());
    const won = winners.includes(ALL_RUNNERS) ? all : sumOf(winners.map((w) => counts.get(w) ?? 0));
    const next = new Array<number>(polynomial.length + 1).fill(0);
    for (const [m, ways] of polynomial.entries()) {
      next[m] = (next[m] ?? 0) + ways * (all - won);
      next[m + 1] = (next[m + 1] ?? 0) + ways * won;
    }
    polynomial = next;
  }
  return polynomial;
}

function winningCombinations(input: PoolInput): number[][] {
  const { betType, legs } = input;
  if (betType.raceType === 'single') return legs[0] ? winningOrders(legs[0].finish, betType.selector) : [];
  let combos: number[][] = [[]];
  for (const leg of legs) {
    const winners = leg.status === 'X' ? [ALL_RUNNERS] : winnersOf(leg.finish);
    combos = combos.flatMap((combo) => winners.map((w) => [...combo, w]));
  }
  return combos;
}

function refundAll(input: PoolInput, stakes: number): PoolOutcome {
  return {
    result: 'refunded',
    stakes,
    refunds: stakes,
    takeout: 0,
    shares: [],
    stampTax: 0,
    winningsTax: 0,
    carryIn: input.carryIn,
    carryOut: input.carryIn,
    net: 0,
    payouts: 0,
    bonusRetained: 0,
    breakage: 0,
    minusPool: 0,
    officialExcess: 0,
    dividends: [],
    tickets: input.tickets.map((t) => ({
      id: t.id,
      payout: 0,
      refund: t.total,
      refundToBonus: t.fromBonus,
      winningsTax: 0,
      winningsToCredit: 0,
      bonusStakeRetained: 0,
      outcome: 'refunded',
      capped: false,
      substitutions: [],
    })),
  };
}

/** The payout of `units` combinations at `dividend` on a stake of `amount` each, floored to the centavo. */
function payoutOf(amount: number, units: number, dividend: number): number {
  return Number((BigInt(amount) * BigInt(units) * BigInt(dividend)) / 100n);
}

export interface BonusWinningsInput {
  /** The ticket's winning payout (after the cap), centavos. */
  payout: number;
  /** The ticket's stake still riding: its total less any refund. */
  stake: number;
  /** The bonus-funded part of that stake: the ticket's bonus less what a refund returned to bonus. */
  bonusStake: number;
}

export interface BonusWinningsSplit {
  /** What the player's credit receives of the payout. */
  toCredit: number;
  /** The bonus stake inside the payout, not returned: payout - toCredit, never above the bonus stake. */
  retained: number;
}

/**
 * "Stake not returned" (docs/decisions/016-bonus-stake-not-returned.md): bonus is for betting only, so a winning ticket
 * funded partly or wholly by bonus splits its payout in proportion to its funding. The credit-funded
 * share pays in full; the bonus-funded share pays its winnings without the stake,
 * max(0, bonus share - bonus stake). Both go to credit; the bonus stake inside the payout (at most the
 * ticket's bonus stake) is kept by the house.
 *
 * Rounding is in the house's favour: the credit-funded share is rounded down, so the bonus share rounds
 * up. A ticket without bonus gets its whole payout.
 *
 * Example: ₱10 on a winner, ₱3 from bonus and ₱7 from credit, pays ₱50: the credit share ₱35 pays in
 * full, the bonus share ₱15 pays ₱15 - ₱3 = ₱12; credit receives ₱47 and the house keeps ₱3.
 */
export function splitBonusWinnings({ payout, stake, bonusStake }: BonusWinningsInput): BonusWinningsSplit {
  if (payout <= 0) return { toCredit: 0, retained: 0 };
  const bonus = Math.min(Math.max(bonusStake, 0), Math.max(stake, 0));
  if (bonus === 0) return { toCredit: payout, retained: 0 };
  // payout x credit stake can pass 2^53 (a capped payout on a large ticket): exact in BigInt.
  const creditShare = Number((BigInt(payout) * BigInt(stake - bonus)) / BigInt(stake));
  const bonusShare = payout - creditShare;
  const bonusWinnings = Math.max(0, bonusShare - bonus);
  return { toCredit: creditShare + bonusWinnings, retained: bonusShare - bonusWinnings };
}

/**
 * A pool as it stands before its winners are known: every ticket after scratches and cancelled legs,
 * the partial refunds, and the net pool the winners share. Settlement and the live will-pays and
 * probables (`willPays.ts`) both start here, so they cannot disagree on takeout or refunds.
 */
export interface LivePool {
  single: boolean;
  live: LiveTicket[];
  refundsByTicket: number[];
  stakes: number;
  /** The shares and the stamp tax together. */
  takeout: number;
  shares: ShareAmount[];
  stampTax: number;
  /** Gross after partial refunds, less the shares and the stamp tax, plus the carryover in. */
  net: number;
}

/** The pool's live state, or 'refund' when every ticket gets its stake back (cancelled, or nothing left). */
export function livePoolOf(input: Omit<PoolInput, 'officialDividends'>): LivePool | 'refund' {
  const { betType, legs, policy, tickets } = input;
  const single = betType.raceType === 'single';
  const stakes = sumOf(tickets.map((t) => t.total));
  const anyCancelled = legs.some((leg) => leg.status === 'X');
  if (legs.length === 0 || (anyCancelled && (single || policy.cancelledLeg === 'refund'))) return 'refund';

  const live = tickets.map((t) => (single ? liveSingle(t, legs[0] as PoolLeg) : liveMulti(t, legs, policy)));
  const refundOf = (l: LiveTicket): number => {
    const original = countCombinations(betType, l.ticket.selections);
    return Math.max(0, original - l.liveCombinations) * l.ticket.amount;
  };
  const refundsByTicket = live.map(refundOf);
  const gross = stakes - sumOf(refundsByTicket);
  if (gross <= 0) return 'refund';
  // The stamp tax is due on the stake a ticket keeps in the pool: none on a ticket refunded in full.
  let stampTax = 0;
  if (policy.stampTax) {
    for (const [i, l] of live.entries()) {
      const riding = l.ticket.total - (refundsByTicket[i] ?? 0);
      if (riding > 0) stampTax += stampTaxOf(riding, policy.stampTax);
    }
  }
  // Never more than the shares leave: a pool of a few centavos (below any real minimum stake) pays what it can.
  const shareTotal = sumOf(policy.shares.map((share) => floorDiv(gross * share.rateBp, 10_000)));
  stampTax = Math.min(stampTax, Math.max(0, gross - shareTotal));
  const split = splitGross(gross, stampTax, policy.shares);
  return {
    single,
    live,
    refundsByTicket,
    stakes,
    takeout: gross - split.netPool,
    shares: split.shares,
    stampTax,
    net: split.netPool + input.carryIn,
  };
}

/** Centavos the live tickets have on one combination (a multi-race leg as ALL_RUNNERS counts every pick). */
export function liveStakeOn(pool: LivePool, combination: readonly number[]): number {
  return sumOf(pool.live.map((l) => coverage(l, pool.single, combination) * l.ticket.amount));
}

export function settlePool(input: PoolInput): PoolOutcome {
  const { betType, legs, tickets } = input;
  const stakes = sumOf(tickets.map((t) => t.total));
  const pool = livePoolOf(input);
  if (pool === 'refund') return refundAll(input, stakes);
  const { single, live, refundsByTicket, takeout, net } = pool;
  const policy = input.policy;

  const winners = winningCombinations(input);
  const stakeOn = winners.map((combo) => sumOf(live.map((l) => coverage(l, single, combo) * l.ticket.amount)));
  const withBets = winners.filter((_, i) => (stakeOn[i] ?? 0) > 0).length;

  const payoutByTicket = new Array<number>(live.length).fill(0);
  // Each ticket's stake on the combinations it won: what its payout returns before the winnings.
  const winningStakeByTicket = new Array<number>(live.length).fill(0);
  const dividends: DividendLine[] = [];
  let result: PoolResult = 'paid';
  let carryOut = 0;
  let paysOfficial = false;

  if (withBets > 0) {
    const share = floorDiv(net, withBets);
    for (const [i, combo] of winners.entries()) {
      const stake = stakeOn[i] ?? 0;
      const official = input.officialDividends?.get(comboKey(betType.raceType, combo));
      const dividend = stake > 0 ? (official ?? dividendFor(share, stake)) : null;
      if (stake > 0 && official !== undefined) paysOfficial = true;
      dividends.push({ combination: combo, dividend, stake, consolation: false });
      if (dividend == null) continue;
      for (const [t, l] of live.entries()) {
        const units = coverage(l, single, combo);
        if (units > 0) {
          payoutByTicket[t] = (payoutByTicket[t] ?? 0) + payoutOf(l.ticket.amount, units, dividend);
          winningStakeByTicket[t] = (winningStakeByTicket[t] ?? 0) + units * l.ticket.amount;
        }
      }
    }
  } else if (JACKPOT_BET_TYPES.includes(betType.code)) {
    const legWinners = legs.map((leg) => (leg.status === 'X' ? [ALL_RUNNERS] : winnersOf(leg.finish)));
    const byLegsWon = live.map((l) => combinationsByLegsWon(l, legWinners));
    let mostLegs = 0;
    for (const counts of byLegsWon) {
      for (const [m, ways] of counts.entries()) if (ways > 0 && m > mostLegs) mostLegs = m;
    }
    const consolationStake = sumOf(live.map((l, t) => (byLegsWon[t]?.[mostLegs] ?? 0) * l.ticket.amount));
    for (const combo of winners) dividends.push({ combination: combo, dividend: null, stake: 0, consolation: false });
    const consolationPool = floorDiv(net * CONSOLATION_SHARE_PERCENT, 100);
    // A consolation pays from its own share only: the 1.00 minimum is for winning tickets (decision 046),
    // so it may pay less than the stake, down to 10 centavos; a share too small for that is carried too.
    const dividend = consolationStake > 0 ? floorDiv(consolationPool * 100, consolationStake * 10) * 10 : 0;
    if (mostLegs > 0 && dividend > 0) {
      for (const [t, l] of live.entries()) {
        const units = byLegsWon[t]?.[mostLegs] ?? 0;
        if (units > 0) {
          payoutByTicket[t] = payoutOf(l.ticket.amount, units, dividend);
          winningStakeByTicket[t] = units * l.ticket.amount;
        }
      }
      dividends.push({ combination: [], dividend, stake: consolationStake, consolation: true });
      carryOut = net - consolationPool;
      result = 'consolation';
    } else {
      carryOut = net;
      result = 'carryover';
    }
  } else if (policy.noWinner === 'carryover') {
    for (const combo of winners) dividends.push({ combination: combo, dividend: null, stake: 0, consolation: false });
    carryOut = net;
    result = 'carryover';
  } else {
    return refundAll(input, stakes);
  }

  const settlements: TicketSettlement[] = live.map((l, t) => {
    const refund = refundsByTicket[t] ?? 0;
    const raw = payoutByTicket[t] ?? 0;
    const payout = Math.min(raw, betType.winLimit);
    const outcome = payout > 0 ? 'won' : refund === l.ticket.total ? 'refunded' : 'lost';
    const refundToBonus = l.ticket.total > 0 ? floorDiv(refund * l.ticket.fromBonus, l.ticket.total) : 0;
    // The tax is withheld from the dividend as the tote pays it, however the stake was funded; the bonus
    // rule (stake not returned) then splits what is left.
    const winningsTax = payout > 0 ? winningsTaxOf(payout, winningStakeByTicket[t] ?? 0, policy.winningsTax) : 0;
    // The stake still riding after the refund, and its bonus-funded part.
    const split = splitBonusWinnings({
      payout: payout - winningsTax,
      stake: l.ticket.total - refund,
      bonusStake: l.ticket.fromBonus - refundToBonus,
    });
    return {
      id: l.ticket.id,
      payout,
      refund,
      refundToBonus,
      winningsTax,
      winningsToCredit: split.toCredit,
      bonusStakeRetained: split.retained,
      outcome,
      capped: raw > payout,
      substitutions: l.substitutions,
    };
  });
  const payouts = sumOf(settlements.map((s) => s.payout));
  const refunds = sumOf(settlements.map((s) => s.refund));
  // Below zero only when dividends pay more than the pool holds: computed ones lifted to the 1.00
  // minimum (the house tops the pool up), or official ones entered too high (refused).
  const left = stakes + input.carryIn - payouts - refunds - takeout - carryOut;
  const shortfall = Math.max(0, -left);
  return {
    result,
    stakes,
    refunds,
    takeout,
    shares: pool.shares,
    stampTax: pool.stampTax,
    winningsTax: sumOf(settlements.map((s) => s.winningsTax)),
    carryIn: input.carryIn,
    carryOut,
    net,
    payouts,
    bonusRetained: sumOf(settlements.map((s) => s.bonusStakeRetained)),
    breakage: Math.max(0, left),
    minusPool: paysOfficial ? 0 : shortfall,
    officialExcess: paysOfficial ? shortfall : 0,
    dividends,
    tickets: settlements,
  };
}

/** An official dividend that is not what the tote computed for its combination (decision 046). */
export interface OfficialDividendDifference {
  combination: string;
  official: number;
  /** The tote's own dividend for the combination. */
  computed: number;
}

/**
 * The official dividends that would change what a winning combination with bets pays: each needs a
 * second admin before it is paid. A line for a combination nobody backed pays nothing and differs from
 * nothing: the results page only shows it.
 */
export function officialDividendDifferences(input: PoolInput): OfficialDividendDifference[] {
  const official = input.officialDividends;
  if (!official || official.size === 0) return [];
  const computed = settlePool({ ...input, officialDividends: undefined });
  return computed.dividends.flatMap((line) => {
    if (line.consolation || line.dividend === null) return [];
    const combination = comboKey(input.betType.raceType, line.combination);
    const entered = official.get(combination);
    return entered === undefined || entered === line.dividend
      ? []
      : [{ combination, official: entered, computed: line.dividend }];
  });
}
