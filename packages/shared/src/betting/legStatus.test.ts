import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BET_TYPES, legsOf } from '../betTypes.ts';
import { countCombinations } from './combinations.ts';
import { NO_WINNINGS_TAX, settlePool, type PoolLeg, type PoolPolicy, type PoolTicket } from '../tote/settlePool.ts';
import {
  EO194_EXOTIC_STAMP_TAX,
  EO194_POOL_SHARES,
  EO194_STAMP_TAX,
  PD1157_WINNINGS_TAX,
} from '../tote/philippineTaxes.ts';
import { ticketLegs, type LegPolicy, type LegRaceState } from './legStatus.ts';

const favouritePolicy: LegPolicy = { multiRaceScratch: 'favourite', cancelledLeg: 'refund' };
const official = (finish: number[][], scratched: number[] = [], favourite: number | null = null): LegRaceState => ({
  state: 'official',
  finish,
  scratched,
  favourite,
});
const pending = (scratched: number[] = []): LegRaceState => ({
  state: 'pending',
  finish: [],
  scratched,
  favourite: null,
});
const cancelled: LegRaceState = { state: 'cancelled', finish: [], scratched: [], favourite: null };

describe('ticketLegs by hand-worked examples', () => {
  it('Pick4 after leg 1 won: leg 1 won, the others running, the ticket still alive', () => {
    const out = ticketLegs(
      [[3, 5], [1], [2], [4]],
      [official([[5], [3]]), pending(), pending(), pending()],
      favouritePolicy,
    );
    expect(out.legs.map((leg) => leg.status)).toEqual(['won', 'running', 'running', 'running']);
    expect(out.legs[0]?.winners).toEqual([5]);
    expect(out.summary).toBe('alive');
  });
  it('a lost leg makes the ticket lost whatever is still to run', () => {
    const out = ticketLegs(
      [[3], [1], [2], [4]],
      [official([[5], [3]]), pending(), pending(), pending()],
      favouritePolicy,
    );
    expect(out.legs.map((leg) => leg.status)).toEqual(['lost', 'running', 'running', 'running']);
    expect(out.summary).toBe('lost');
  });
  it('every leg won is a won ticket; a dead heat for first has several winners', () => {
    const out = ticketLegs([[2], [7]], [official([[1, 2], [3]]), official([[7]])], favouritePolicy);
    expect(out.legs.map((leg) => leg.status)).toEqual(['won', 'won']);
    expect(out.legs[0]?.winners).toEqual([1, 2]);
    expect(out.summary).toBe('won');
  });
  it('a scratched pick rides on the favourite at close and wins with it', () => {
    const out = ticketLegs([[4], [1]], [official([[6]], [4], 6), official([[1]])], favouritePolicy);
    expect(out.legs[0]).toMatchObject({ status: 'won', substitutions: [{ scratched: 4, favourite: 6 }] });
    expect(out.summary).toBe('won');
  });
  it('under the refund policy a leg whose picks are all scratched refunds the ticket, even before it runs', () => {
    const policy: LegPolicy = { multiRaceScratch: 'refund', cancelledLeg: 'refund' };
    const out = ticketLegs([[1], [4]], [official([[1]]), pending([4])], policy);
    expect(out.legs.map((leg) => leg.status)).toEqual(['won', 'refunded']);
    expect(out.summary).toBe('refunded');
  });
  it('a scratched pick waits for the favourite at close while its race is to run', () => {
    const out = ticketLegs([[1], [4]], [official([[1]]), pending([4])], favouritePolicy);
    expect(out.legs.map((leg) => leg.status)).toEqual(['won', 'running']);
    expect(out.summary).toBe('alive');
  });
  it('a cancelled leg refunds the ticket, or counts as won by all under the allwin policy', () => {
    expect(ticketLegs([[1], [2]], [official([[1]]), cancelled], favouritePolicy)).toMatchObject({
      legs: [{ status: 'won' }, { status: 'cancelled' }],
      summary: 'refunded',
    });
    expect(
      ticketLegs([[1], [2]], [official([[1]]), cancelled], { multiRaceScratch: 'favourite', cancelledLeg: 'allwin' }),
    ).toMatchObject({ legs: [{ status: 'won' }, { status: 'won', wonByAll: true }], summary: 'won' });
  });
});

/*
 * Against settlement: on random multi-race pools (every multi-race type, random picks, scratches with and
 * without a favourite, dead heats, cancelled legs, both policies), a ticket all of whose legs are won is
 * exactly a ticket settlement pays from a winning combination, and a ticket the legs call refunded is
 * refunded in full.
 */
describe('ticketLegs agrees with settlePool', () => {
  const runner = fc.integer({ min: 1, max: 5 });
  const legArb = fc.record({
    order: fc.shuffledSubarray([1, 2, 3, 4, 5], { minLength: 5, maxLength: 5 }),
    deadHeat: fc.boolean(),
    scratched: fc.uniqueArray(runner, { maxLength: 2 }),
    favourite: fc.option(runner, { nil: null }),
    cancelled: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  });
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

  for (const betType of BET_TYPES.filter((type) => type.raceType !== 'single')) {
    it(`${betType.code}: all legs won if and only if settlement pays a winning combination`, () => {
      const legCount = legsOf(betType);
      fc.assert(
        fc.property(
          fc.array(
            fc.record({
              picks: fc.array(fc.uniqueArray(runner, { minLength: 1, maxLength: 3 }), {
                minLength: legCount,
                maxLength: legCount,
              }),
              amount: fc.integer({ min: 1, max: 300 }),
            }),
            { minLength: 1, maxLength: 8 },
          ),
          fc.array(legArb, { minLength: legCount, maxLength: legCount }),
          policyArb,
          fc.integer({ min: 0, max: 5000 }),
          (ticketSpecs, legSpecs, policy: PoolPolicy, carryIn) => {
            const legs: PoolLeg[] = legSpecs.map((spec) => {
              const ran = spec.order.filter((r) => !spec.scratched.includes(r));
              const finish =
                spec.deadHeat && ran.length > 1
                  ? [ran.slice(0, 2), ...ran.slice(2).map((r) => [r])]
                  : ran.map((r) => [r]);
              return {
                status: spec.cancelled ? 'X' : 'D',
                finish: spec.cancelled ? [] : finish,
                scratched: spec.scratched,
                favourite: spec.favourite,
              };
            });
            const tickets: PoolTicket[] = ticketSpecs.map((spec, id) => {
              const combinations = countCombinations(betType, spec.picks);
              return {
                id,
                amount: spec.amount,
                total: combinations * spec.amount,
                fromBonus: 0,
                selections: spec.picks,
              };
            });
            const outcome = settlePool({ betType, tickets, legs, policy, carryIn });
            const races: LegRaceState[] = legs.map((leg) => ({
              state: leg.status === 'X' ? 'cancelled' : 'official',
              finish: leg.finish,
              scratched: leg.scratched,
              favourite: leg.favourite,
            }));
            for (const ticket of tickets) {
              const settled = outcome.tickets.find((t) => t.id === ticket.id);
              const { legs: legOutcomes, summary } = ticketLegs(ticket.selections, races, policy);
              const paidFromWinningCombination = outcome.result === 'paid' && (settled?.payout ?? 0) > 0;
              expect(summary === 'won').toBe(paidFromWinningCombination);
              expect(legOutcomes.every((leg) => leg.status === 'won')).toBe(summary === 'won');
              if (summary === 'refunded') {
                expect(settled?.outcome).toBe('refunded');
                expect(settled?.refund).toBe(ticket.total);
              }
              // Every official leg is decided: nothing runs once the pool can settle.
              expect(summary).not.toBe('alive');
              const substituted = legOutcomes.flatMap((leg, i) => leg.substitutions.map((s) => ({ leg: i, ...s })));
              if (settled && settled.outcome !== 'refunded' && outcome.result !== 'refunded') {
                expect(substituted).toEqual(settled.substitutions);
              }
            }
          },
        ),
        { numRuns: 300 },
      );
    });
  }
});
