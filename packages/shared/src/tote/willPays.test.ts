import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { betTypeByCode, type BetTypeDefinition } from '../betTypes.ts';
import { countCombinations } from '../betting/combinations.ts';
import {
  NO_WINNINGS_TAX,
  settlePool,
  takeoutPolicy,
  type PoolLeg,
  type PoolPolicy,
  type PoolTicket,
} from './settlePool.ts';
import { EO194_EXOTIC_STAMP_TAX, EO194_POOL_SHARES, EO194_STAMP_TAX, PD1157_WINNINGS_TAX } from './philippineTaxes.ts';
import { forecastProbables, multiLegWillPays, winOddsHistory } from './willPays.ts';
import { winOdds, winStakes } from './odds.ts';

const type = (code: string): BetTypeDefinition => {
  const found = betTypeByCode(code);
  if (!found) throw new Error(code);
  return found;
};
const policy: PoolPolicy = takeoutPolicy(2000, {
  noWinner: 'refund',
  multiRaceScratch: 'favourite',
  cancelledLeg: 'refund',
});
let nextId = 1;
function ticket(betType: BetTypeDefinition, selections: number[][], amount: number, fromBonus = 0): PoolTicket {
  const total = countCombinations(betType, selections) * amount;
  return { id: nextId++, amount, total, fromBonus: Math.min(fromBonus, total), selections };
}
const done = (winner: number, rest: number[] = []): PoolLeg => ({
  status: 'D',
  finish: [[winner], ...rest.map((r) => [r])],
  scratched: [],
  favourite: null,
});
const toRun = (scratched: number[] = [], favourite: number | null = null): PoolLeg => ({
  status: 'D',
  finish: [],
  scratched,
  favourite,
});
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('Forecast probables', () => {
  it('divides the net pool by the stake on each pair, with settlement breakage and minimum', () => {
    const FC = type('FC');
    // ₱100 on 1-2, ₱300 on 2-1, ₱600 on 1-3; ₱1,000 gross, 20% takeout: ₱800 net.
    const tickets = [ticket(FC, [[1], [2]], 10_000), ticket(FC, [[2], [1]], 30_000), ticket(FC, [[1], [3]], 60_000)];
    const probables = forecastProbables({ betType: FC, tickets, policy, carryIn: 0 }, { scratched: [] }, [1, 2, 3]);
    const cell = (a: number, b: number) => probables.cells.find((c) => c.first === a && c.second === b);
    expect(probables.net).toBe(80_000);
    expect(cell(1, 2)?.dividend).toBe(800); // 8.00
    expect(cell(2, 1)?.dividend).toBe(260); // 2.666 -> 2.60
    expect(cell(1, 3)?.dividend).toBe(130); // 1.333 -> 1.30
    expect(cell(3, 1)).toEqual({ first: 3, second: 1, stake: 0, dividend: null });
    expect(probables.cells).toHaveLength(6);
  });

  it('pays at least 1.00, refunds scratched picks out of the pool and adds the carryover in', () => {
    const FC = type('FC');
    const tickets = [ticket(FC, [[1], [2, 4]], 100_000), ticket(FC, [[2], [1]], 1_000)];
    // Runner 4 is scratched: ₱1,000 of the first ticket is refunded, ₱1,010 stays; ₱500 carried in.
    const probables = forecastProbables(
      {
        betType: FC,
        tickets,
        policy: { ...policy, shares: [{ name: 'takeout' as const, rateBp: 0 }] },
        carryIn: 50_000,
      },
      { scratched: [4] },
      [1, 2, 3, 4],
    );
    expect(probables.net).toBe(151_000);
    expect(probables.cells.some((c) => c.first === 4 || c.second === 4)).toBe(false);
    expect(probables.cells.find((c) => c.first === 1 && c.second === 2)?.dividend).toBe(150);
    expect(probables.cells.find((c) => c.first === 2 && c.second === 1)?.dividend).toBe(15_100);
  });

  it('has no dividends on an empty pool', () => {
    const probables = forecastProbables(
      { betType: type('FC'), tickets: [], policy, carryIn: 0 },
      { scratched: [] },
      [1, 2],
    );
    expect(probables.net).toBe(0);
    expect(probables.cells.every((c) => c.dividend === null)).toBe(true);
  });
});

describe('Double and Pick will-pays', () => {
  it('after leg 1 of a Double: each runner of leg 2 on the live tickets only', () => {
    const DD = type('DD');
    const tickets = [
      ticket(DD, [[1], [1, 2]], 10_000), // alive on 1/1 and 1/2
      ticket(DD, [[1], [2]], 30_000),
      ticket(DD, [[2], [1, 2, 3]], 50_000), // dead: leg 1 went to 1
    ];
    const willPays = multiLegWillPays({
      betType: DD,
      tickets,
      policy,
      carryIn: 0,
      legs: [done(1, [2]), toRun()],
      runnersByLeg: [range(3), range(3)],
    });
    // ₱200 + ₱300 + ₱1,500 = ₱2,000 gross, ₱1,600 net.
    expect(willPays).toEqual({
      leg: 1,
      exact: true,
      net: 160_000,
      lines: [
        { runner: 1, prefix: [1], stake: 10_000, dividend: 1_600 },
        { runner: 2, prefix: [1], stake: 40_000, dividend: 400 },
        { runner: 3, prefix: [1], stake: 0, dividend: null },
      ],
    });
  });

  it('is nothing before the first leg, after the last, or when a cancelled leg refunds the pool', () => {
    const DD = type('DD');
    const tickets = [ticket(DD, [[1], [2]], 10_000)];
    const base = { betType: DD, tickets, policy, carryIn: 0, runnersByLeg: [range(3), range(3)] };
    expect(multiLegWillPays({ ...base, legs: [toRun(), toRun()] })).toBeNull();
    expect(multiLegWillPays({ ...base, legs: [done(1), done(2)] })).toBeNull();
    const cancelled: PoolLeg = { status: 'X', finish: [], scratched: [], favourite: null };
    expect(multiLegWillPays({ ...base, legs: [cancelled, toRun()] })).toBeNull();
  });

  it('estimates earlier legs of a Pick4 from the share of the later fields each live ticket covers', () => {
    const P4 = type('PICK4');
    const tickets = [
      ticket(P4, [[1], [1], range(4), range(4)], 200), // the field later: counts in full
      ticket(P4, [[1], [2], [1], [1]], 800), // one runner of four in each later leg: 1/16
    ];
    const willPays = multiLegWillPays({
      betType: P4,
      tickets,
      policy: { ...policy, shares: [{ name: 'takeout' as const, rateBp: 0 }] },
      carryIn: 0,
      legs: [done(1), toRun(), toRun(), toRun()],
      runnersByLeg: [range(4), range(4), range(4), range(4)],
    });
    expect(willPays?.exact).toBe(false);
    expect(willPays?.leg).toBe(1);
    // Net ₱32 + ₱8 = ₱40. Whatever wins later, ₱2 of the field ticket rides on runner 1's final
    // combination; runner 2's ticket is expected to hold ₱8 / 16 = ₱0.50 of it.
    expect(willPays?.lines.find((l) => l.runner === 1)).toMatchObject({ stake: 200, dividend: 2_000 });
    expect(willPays?.lines.find((l) => l.runner === 2)).toMatchObject({ stake: 50, dividend: 8_000 });
  });
});

describe('Win odds history', () => {
  it('replays the Win pool from the first bet to now, ending on the odds quoted now', () => {
    const W = (runner: number, amount: number, at: number) => ({ amount, selections: [[runner]], at });
    const tickets = [W(1, 10_000, 1_000), W(2, 10_000, 2_000), W(2, 20_000, 9_000)];
    const history = winOddsHistory(tickets, { shares: [{ name: 'takeout', rateBp: 1500 }], stampTax: null }, 11_000, 6);
    expect(history.times).toEqual([1_000, 3_000, 5_000, 7_000, 9_000, 11_000]);
    expect(history.odds.get(1)).toEqual([100, 170, 170, 170, 340, 340]);
    expect(history.odds.get(2)).toEqual([null, 170, 170, 170, 110, 110]);
    expect(history.odds.get(1)?.at(-1)).toBe(
      winOdds(winStakes(tickets), { shares: [{ name: 'takeout' as const, rateBp: 1500 }] }, 0).get(1),
    );
    expect(winOddsHistory([], { shares: [{ name: 'takeout' as const, rateBp: 1500 }], stampTax: null }, 5_000)).toEqual(
      { times: [], odds: new Map() },
    );
  });
});

// ---- Property tests: on random pools, what the screen shows is what settlement pays. ----

export const PROPERTY_RUNS = 300;

const policyArb = fc.record({
  shares: fc.oneof(
    fc.constant(EO194_POOL_SHARES),
    fc.integer({ min: 0, max: 3000 }).map((rateBp) => [{ name: 'takeout' as const, rateBp }]),
  ),
  stampTax: fc.constantFrom(null, EO194_STAMP_TAX, EO194_EXOTIC_STAMP_TAX),
  winningsTax: fc.constantFrom(NO_WINNINGS_TAX, PD1157_WINNINGS_TAX, { rateBp: 2_000, base: 'dividend' as const }),
  noWinner: fc.constantFrom('refund' as const, 'carryover' as const),
  multiRaceScratch: fc.constantFrom('favourite' as const, 'refund' as const),
  cancelledLeg: fc.constantFrom('refund' as const, 'allwin' as const),
});

function picksArb(field: number, max: number) {
  return fc.uniqueArray(fc.integer({ min: 1, max: field }), { minLength: 1, maxLength: max });
}

describe('property: probables and will-pays equal settlement', () => {
  it('a Forecast pair pays its probable when it finishes first and second', () => {
    const FC = type('FC');
    const poolArb = fc.integer({ min: 2, max: 7 }).chain((field) =>
      fc.record({
        field: fc.constant(field),
        tickets: fc.array(
          fc.record({
            first: picksArb(field, 3),
            second: picksArb(field, 3),
            amount: fc.integer({ min: 1, max: 500 }).map((p) => p * 100),
            bonus: fc.integer({ min: 0, max: 2_000 }),
          }),
          { maxLength: 12 },
        ),
        scratched: fc.uniqueArray(fc.integer({ min: 1, max: field }), { maxLength: 1 }),
        carryIn: fc.integer({ min: 0, max: 100_000 }),
        policy: policyArb,
        pair: fc.tuple(fc.integer({ min: 1, max: field }), fc.integer({ min: 1, max: field })),
      }),
    );
    fc.assert(
      fc.property(poolArb, ({ field, tickets: raw, scratched, carryIn, policy: p, pair }) => {
        const tickets = raw.map((t) => ticket(FC, [t.first, t.second], t.amount, t.bonus)).filter((t) => t.total > 0);
        const [first, second] = pair;
        fc.pre(first !== second && !scratched.includes(first) && !scratched.includes(second));
        const probables = forecastProbables({ betType: FC, tickets, policy: p, carryIn }, { scratched }, range(field));
        const cell = probables.cells.find((c) => c.first === first && c.second === second);
        const rest = range(field).filter((r) => r !== first && r !== second && !scratched.includes(r));
        const outcome = settlePool({
          betType: FC,
          tickets,
          policy: p,
          carryIn,
          legs: [{ status: 'D', finish: [[first], [second], ...rest.map((r) => [r])], scratched, favourite: null }],
        });
        const paid = outcome.dividends.find((d) => d.combination.join() === `${first},${second}`)?.dividend ?? null;
        expect(cell?.dividend ?? null).toBe(paid);
        if (paid !== null) {
          // And a ticket on just that pair is paid its dividend per 1.00 (before any cap).
          const line = outcome.dividends.find((d) => d.dividend !== null);
          expect(line?.stake).toBe(cell?.stake);
        }
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  const multiArb = fc
    .record({
      code: fc.constantFrom('DD', 'XD', 'DD+1', 'PICK4', 'PICK5', 'PICK6', 'WTA'),
      field: fc.integer({ min: 2, max: 5 }),
      policy: policyArb,
      carryIn: fc.integer({ min: 0, max: 200_000 }),
    })
    .chain((base) => {
      const legs = type(base.code).selector;
      return fc.record({
        code: fc.constant(base.code),
        field: fc.constant(base.field),
        policy: fc.constant(base.policy),
        carryIn: fc.constant(base.carryIn),
        finished: fc.integer({ min: 1, max: legs - 1 }),
        winners: fc.array(fc.integer({ min: 1, max: base.field }), { minLength: legs, maxLength: legs }),
        deadHeat: fc.boolean(),
        fieldLater: fc.boolean(),
        scratch: fc.option(fc.integer({ min: 1, max: base.field }), { nil: undefined }),
        tickets: fc.array(
          fc.record({
            picks: fc.array(picksArb(base.field, 3), { minLength: legs, maxLength: legs }),
            amount: fc.integer({ min: 1, max: 50 }).map((p) => p * 100),
            bonus: fc.integer({ min: 0, max: 1_000 }),
          }),
          { maxLength: 10 },
        ),
      });
    });

  it('a Double/Pick runner of the last leg pays its will-pay when it wins (any leg count, dead heats, scratches)', () => {
    fc.assert(
      fc.property(multiArb, (g) => {
        const betType = type(g.code);
        const n = betType.selector;
        const tickets = g.tickets.map((t) => ticket(betType, t.picks, t.amount, t.bonus));
        // All legs but the last have run; a dead heat in the first leg when asked; a scratch in leg 1.
        const firstLeg = g.winners[0] ?? 1;
        const other = (firstLeg % g.field) + 1;
        const scratched = g.scratch !== undefined && g.scratch !== firstLeg && g.scratch !== other ? [g.scratch] : [];
        const legs: PoolLeg[] = g.winners.map((w, i) =>
          i === 0
            ? { status: 'D', finish: g.deadHeat ? [[firstLeg, other]] : [[firstLeg]], scratched, favourite: firstLeg }
            : i < n - 1
              ? done(w)
              : toRun(),
        );
        const runnersByLeg = legs.map(() => range(g.field));
        const willPays = multiLegWillPays({
          betType,
          tickets,
          policy: g.policy,
          carryIn: g.carryIn,
          legs,
          runnersByLeg,
        });
        const outcome = (runner: number) =>
          settlePool({
            betType,
            tickets,
            policy: g.policy,
            carryIn: g.carryIn,
            legs: legs.map((leg, i) => (i === n - 1 ? done(runner) : leg)),
          });
        for (const runner of range(g.field)) {
          const settled = outcome(runner);
          if (willPays === null) {
            expect(settled.result).toBe('refunded');
            continue;
          }
          expect(willPays.exact).toBe(true);
          for (const line of willPays.lines.filter((l) => l.runner === runner)) {
            const combination = [...line.prefix, runner].join();
            const paid = settled.dividends.find((d) => !d.consolation && d.combination.join() === combination);
            expect(line.dividend).toBe(paid?.dividend ?? null);
            expect(line.stake).toBe(paid?.stake ?? 0);
          }
        }
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  it('before the last leg, will-pays equal settlement whatever wins later when the live tickets take the field', () => {
    fc.assert(
      fc.property(multiArb, (g) => {
        const betType = type(g.code);
        const n = betType.selector;
        const finished = Math.min(g.finished, n - 1);
        // Tickets take the field in the legs after the next one: the estimate is then exact.
        const tickets = g.tickets.map((t) =>
          ticket(
            betType,
            t.picks.map((picks, leg) => (leg > finished ? range(g.field) : picks)),
            t.amount,
            t.bonus,
          ),
        );
        const legs: PoolLeg[] = g.winners.map((w, i) => (i < finished ? done(w) : toRun()));
        const runnersByLeg = legs.map(() => range(g.field));
        const willPays = multiLegWillPays({
          betType,
          tickets,
          policy: g.policy,
          carryIn: g.carryIn,
          legs,
          runnersByLeg,
        });
        for (const runner of range(g.field)) {
          const finalLegs = legs.map((leg, i) =>
            i === finished ? done(runner) : i > finished ? done(g.winners[i] ?? 1) : leg,
          );
          const settled = settlePool({ betType, tickets, policy: g.policy, carryIn: g.carryIn, legs: finalLegs });
          const line = willPays?.lines.find((l) => l.runner === runner);
          const paid = settled.dividends.find((d) => !d.consolation && d.dividend !== null);
          if (willPays === null) {
            expect(settled.result).toBe('refunded');
            continue;
          }
          expect(willPays.exact).toBe(finished === n - 1);
          expect(line?.dividend ?? null).toBe(paid?.dividend ?? null);
        }
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });
});
