import { describe, expect, it } from 'vitest';
import { BET_TYPES, betTypeByCode, legsOf, type BetTypeDefinition } from '../betTypes.ts';
import { countCombinations } from '../betting/combinations.ts';
import {
  EO194_POOL_SHARES,
  eo194StampTaxRateOf,
  PD1157_WINNINGS_TAX,
  type WinningsTaxRule,
} from './philippineTaxes.ts';
import { settlePool, type PoolLeg, type PoolPolicy, type PoolTicket } from './settlePool.ts';

/**
 * Hand-worked settlements under the legal defaults (decision 049): EO 194 §1's shares of the gross (8.5%
 * franchise commission, 8.5% prize fund, 1% regulator), §2's stamp tax on each ticket (₱0.10 a ticket and
 * ₱0.10 per ₱1 or part above ₱1; ₱0.05 per ₱1 on Double, Forecast and Trifecta), and PD 1157's 10% of the
 * winnings withheld. Every figure below is worked out in the comments, not by the code under test.
 */

const type = (code: string): BetTypeDefinition => {
  const found = betTypeByCode(code);
  if (!found) throw new Error(code);
  return found;
};
const legal = (code: string, winningsTax: WinningsTaxRule = PD1157_WINNINGS_TAX): PoolPolicy => ({
  shares: EO194_POOL_SHARES,
  stampTax: eo194StampTaxRateOf(code),
  winningsTax,
  noWinner: 'refund',
  multiRaceScratch: 'favourite',
  cancelledLeg: 'refund',
});
let nextId = 1;
function ticket(betType: BetTypeDefinition, selections: number[][], pesos: number, bonusPesos = 0): PoolTicket {
  const amount = pesos * 100;
  return {
    id: nextId++,
    amount,
    total: countCombinations(betType, selections) * amount,
    fromBonus: bonusPesos * 100,
    selections,
  };
}
const RAN: PoolLeg = { status: 'D', finish: [[1], [2], [3], [4], [5], [6]], scratched: [], favourite: null };
const legsFor = (betType: BetTypeDefinition): PoolLeg[] => Array.from({ length: legsOf(betType) }, () => RAN);

/** The winning combination of every leg run 1-2-3-4-5-6, and two that lose. */
function combinations(betType: BetTypeDefinition): { won: number[][]; lost: [number[][], number[][]] } {
  if (betType.raceType === 'single') {
    const won = Array.from({ length: betType.selector }, (_, i) => [i + 1]);
    const swapped = [won[1] ?? [2], won[0] ?? [1], ...won.slice(2)];
    return {
      won,
      lost: [betType.selector === 1 ? [[2]] : swapped, betType.selector === 1 ? [[3]] : [[6], ...won.slice(1)]],
    };
  }
  const won = Array.from({ length: legsOf(betType) }, () => [1]);
  return {
    won,
    lost: [
      [[2], ...won.slice(1)],
      [[3], ...won.slice(1)],
    ],
  };
}

describe('a ₱100 pool of three tickets under the legal defaults, for every bet type', () => {
  // ₱20 on the winning combination, ₱30 and ₱50 on losing ones: gross ₱100.00 (10,000 centavos).
  // Shares: 850 + 850 + 100 centavos = ₱18.00.
  // Stamp tax, standard: ₱20 → 10 + 19 × 10 = 200; ₱30 → 10 + 29 × 10 = 300; ₱50 → 10 + 49 × 10 = 500: ₱10.00.
  //   Net pool 10,000 − 1,800 − 1,000 = 7,200 (72% of sales, as the industry reports at a 10% stamp tax).
  //   Dividend 7,200 / 2,000 = 3.60 per ₱1; the winner is paid ₱72.00, breakage 0.
  //   Tax: 10% of (₱72.00 − ₱20.00) = ₱5.20; the player receives ₱66.80.
  // Stamp tax on Double, Forecast, Trifecta: 5 centavos per ₱1: 100 + 150 + 250 = ₱5.00.
  //   Net pool 10,000 − 1,800 − 500 = 7,700; 7,700 / 2,000 = 3.85, down to 3.80; paid ₱76.00, breakage ₱1.00.
  //   Tax: 10% of (₱76.00 − ₱20.00) = ₱5.60; the player receives ₱70.40.
  const exotic = ['DD', 'FC', 'TRI'];
  for (const betType of BET_TYPES) {
    const worked = exotic.includes(betType.code)
      ? { stampTax: 500, net: 7_700, dividend: 380, payout: 7_600, breakage: 100, tax: 560, toCredit: 7_040 }
      : { stampTax: 1_000, net: 7_200, dividend: 360, payout: 7_200, breakage: 0, tax: 520, toCredit: 6_680 };
    it(`${betType.code}: shares, stamp tax, dividend, tax withheld and breakage as worked by hand`, () => {
      const { won, lost } = combinations(betType);
      const tickets = [ticket(betType, won, 20), ticket(betType, lost[0], 30), ticket(betType, lost[1], 50)];
      const out = settlePool({ betType, tickets, legs: legsFor(betType), policy: legal(betType.code), carryIn: 0 });
      expect(out.shares).toEqual([
        { name: 'franchiseCommission', amount: 850 },
        { name: 'prizeFund', amount: 850 },
        { name: 'regulator', amount: 100 },
      ]);
      expect(out).toMatchObject({
        result: 'paid',
        stakes: 10_000,
        stampTax: worked.stampTax,
        takeout: 1_800 + worked.stampTax,
        net: worked.net,
        payouts: worked.payout,
        winningsTax: worked.tax,
        breakage: worked.breakage,
        minusPool: 0,
        carryOut: 0,
      });
      expect(out.dividends.find((line) => line.dividend !== null)?.dividend).toBe(worked.dividend);
      expect(out.tickets[0]).toMatchObject({
        outcome: 'won',
        payout: worked.payout,
        winningsTax: worked.tax,
        winningsToCredit: worked.toCredit,
        bonusStakeRetained: 0,
      });
      expect(out.tickets.slice(1).map((t) => [t.outcome, t.payout, t.winningsTax])).toEqual([
        ['lost', 0, 0],
        ['lost', 0, 0],
      ]);
    });
  }
});

describe('the tax on winnings', () => {
  const W = type('W');

  it('a Win: withheld on the winnings, not the stake; or on the whole dividend where that is the setting', () => {
    // As above: paid ₱72.00 on ₱20.00. Winnings base: 10% of ₱52.00 = ₱5.20. Dividend base, 20%: ₱14.40.
    const tickets = [ticket(W, [[1]], 20), ticket(W, [[2]], 30), ticket(W, [[3]], 50)];
    const onDividend = settlePool({
      betType: W,
      tickets,
      legs: [RAN],
      policy: legal('W', { rateBp: 2_000, base: 'dividend' }),
      carryIn: 0,
    });
    expect(onDividend.tickets[0]).toMatchObject({ payout: 7_200, winningsTax: 1_440, winningsToCredit: 5_760 });
  });

  it('a Trifecta box: the stake on the combinations that lost is not deducted from the winnings', () => {
    // A ₱2 box of 1-2-3 is 6 combinations, ₱12 in all; ₱88 on 4-5-6 loses. Gross ₱100.00.
    // Stamp tax 5 centavos per ₱1: ₱12 → 60, ₱88 → 440: ₱5.00. Net 10,000 − 1,800 − 500 = 7,700.
    // 1-2-3 holds ₱2: 7,700 / 200 = 38.50 per ₱1; the box is paid 2 × 38.50 = ₱77.00.
    // Winnings are the dividend less the wager on it: ₱77.00 − ₱2.00 = ₱75.00, tax ₱7.50; received ₱69.50.
    const TRI = type('TRI');
    const box = ticket(
      TRI,
      [
        [1, 2, 3],
        [1, 2, 3],
        [1, 2, 3],
      ],
      2,
    );
    const out = settlePool({
      betType: TRI,
      tickets: [box, ticket(TRI, [[4], [5], [6]], 88)],
      legs: [RAN],
      policy: legal('TRI'),
      carryIn: 0,
    });
    expect(box.total).toBe(1_200);
    expect(out).toMatchObject({ stampTax: 500, net: 7_700, payouts: 7_700, breakage: 0 });
    expect(out.tickets[0]).toMatchObject({ payout: 7_700, winningsTax: 750, winningsToCredit: 6_950 });
  });

  it('a Pick 6 consolation: taxed on what it pays above the stake, and not at all below it', () => {
    // Nobody wins all six legs. ₱10 won five legs, ₱40 four, ₱50 none: gross ₱100.00, stamp tax
    // 100 + 400 + 500 = ₱10.00, net 7,200. The consolation is 25%: 1,800 over the ₱10 on five legs:
    // 1.80 per ₱1, paid ₱18.00; tax 10% of (₱18.00 − ₱10.00) = ₱0.80. 75% (5,400) is carried over.
    const P6 = type('PICK6');
    const five = [[1], [1], [1], [1], [1], [2]];
    const four = [[1], [1], [1], [1], [2], [2]];
    const none = [[2], [2], [2], [2], [2], [2]];
    const pool = (fivePesos: number, fourPesos: number) =>
      settlePool({
        betType: P6,
        tickets: [ticket(P6, five, fivePesos), ticket(P6, four, fourPesos), ticket(P6, none, 50)],
        legs: legsFor(P6),
        policy: legal('PICK6'),
        carryIn: 0,
      });
    const taxed = pool(10, 40);
    expect(taxed).toMatchObject({ result: 'consolation', net: 7_200, payouts: 1_800, carryOut: 5_400, breakage: 0 });
    expect(taxed.dividends.find((line) => line.consolation)?.dividend).toBe(180);
    expect(taxed.tickets[0]).toMatchObject({ payout: 1_800, winningsTax: 80, winningsToCredit: 1_720 });
    // ₱20 on five legs, ₱30 on four: stamp tax 200 + 300 + 500, net 7,200, consolation 1,800 over ₱20: 0.90.
    // Paid ₱18.00 for ₱20.00: no winnings, no tax.
    const below = pool(20, 30);
    expect(below.tickets[0]).toMatchObject({ payout: 1_800, winningsTax: 0, winningsToCredit: 1_800 });
  });

  it('a refunded ticket is never taxed, and a pool refunded in full owes no share and no stamp tax', () => {
    // Runner 1 scratched: the ₱20 on it is refunded. The rest (₱80) settles: stamp tax 300 + 500 = ₱8.00,
    // shares 680 + 680 + 80 = ₱14.40, net 8,000 − 1,440 − 800 = 5,760; ₱30 on 2 is paid 5,760 / 3,000 = 1.92
    // per ₱1 → 1.90, ₱57.00; tax 10% of ₱27.00 = ₱2.70.
    const scratched: PoolLeg = { ...RAN, finish: [[2], [3], [4]], scratched: [1] };
    const tickets = [ticket(W, [[1]], 20), ticket(W, [[2]], 30), ticket(W, [[3]], 50)];
    const out = settlePool({ betType: W, tickets, legs: [scratched], policy: legal('W'), carryIn: 0 });
    expect(out.tickets[0]).toMatchObject({ outcome: 'refunded', refund: 2_000, payout: 0, winningsTax: 0 });
    expect(out).toMatchObject({ stampTax: 800, net: 5_760, payouts: 5_700, winningsTax: 270 });
    expect(out.shares.map((share) => share.amount)).toEqual([680, 680, 80]);
    const cancelled = settlePool({
      betType: W,
      tickets,
      legs: [{ status: 'X', finish: [], scratched: [], favourite: null }],
      policy: legal('W'),
      carryIn: 0,
    });
    expect(cancelled).toMatchObject({ result: 'refunded', refunds: 10_000, stampTax: 0, takeout: 0, winningsTax: 0 });
    expect(cancelled.shares).toEqual([]);
  });

  it('at the ₱1.00 minimum dividend there are no winnings, so no tax (the reading of PD 1157 chosen)', () => {
    // Everyone on the winner: net 7,200 over ₱100 staked is 0.72, lifted to the ₱1.00 minimum by a ₱28.00
    // minus pool. Each ticket gets its stake back: winnings nil, tax nil.
    const tickets = [ticket(W, [[1]], 20), ticket(W, [[1]], 30), ticket(W, [[1]], 50)];
    const out = settlePool({ betType: W, tickets, legs: [RAN], policy: legal('W'), carryIn: 0 });
    expect(out).toMatchObject({ net: 7_200, minusPool: 2_800, payouts: 10_000, winningsTax: 0 });
    expect(out.tickets.map((t) => t.winningsToCredit)).toEqual([2_000, 3_000, 5_000]);
  });

  it('a bonus-funded winner: the tax comes off the dividend first, then the bonus stake is kept', () => {
    // The ₱20 winner as above, all of it bonus: paid ₱72.00, tax ₱5.20, leaving ₱66.80; the bonus stake
    // (₱20.00) is not returned (decision 016): credit receives ₱46.80 and the house keeps ₱20.00.
    const tickets = [ticket(W, [[1]], 20, 20), ticket(W, [[2]], 30), ticket(W, [[3]], 50)];
    const out = settlePool({ betType: W, tickets, legs: [RAN], policy: legal('W'), carryIn: 0 });
    expect(out.tickets[0]).toMatchObject({
      payout: 7_200,
      winningsTax: 520,
      winningsToCredit: 4_680,
      bonusStakeRetained: 2_000,
    });
  });
});
