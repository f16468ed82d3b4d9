import { describe, expect, it } from 'vitest';
import { winOdds } from '@karera/shared';
import {
  CROWD_TICKET,
  CROWD_WIN_POOL,
  crowdOpinion,
  crowdWinTarget,
  drawRunners,
  humanAmount,
  pickExoticType,
  planWinTickets,
  seeded,
} from './crowd-model.ts';

const PESO = 100;
/** The Win pool's shares (EO 194's 18%); the stamp tax leaves these figures aside. */
const SHARES = { shares: [{ name: 'takeout' as const, rateBp: 1_800 }] };
const field = (count: number) => Array.from({ length: count }, (_, i) => i + 1);
const favouriteOf = (shares: ReadonlyMap<number, number>) =>
  [...shares.entries()].sort(([, a], [, b]) => b - a)[0]?.[0];

/** The crowd's Win money in a race over its whole open period, step by step as the simulator runs it. */
function runOpenPeriod(raceId: number, runners: number, steps = 108) {
  const opinion = crowdOpinion(raceId, field(runners));
  const random = seeded(raceId);
  const stakes = new Map<number, number>();
  const tickets: number[] = [];
  let afterFirstStep = 0;
  for (let step = 0; step <= steps; step += 1) {
    const plan = planWinTickets(opinion, stakes, crowdWinTarget(raceId, steps === 0 ? 0 : step / steps), random, 3);
    for (const ticket of plan) {
      stakes.set(ticket.runnerNo, (stakes.get(ticket.runnerNo) ?? 0) + ticket.amount);
      tickets.push(ticket.amount);
    }
    if (step === 0) afterFirstStep = stakes.size;
  }
  return { opinion, stakes, tickets, afterFirstStep };
}

describe('the demo crowd’s staking model', () => {
  it('has an opinion of each race: shares summing to 1, a clear favourite, the same on every call', () => {
    for (let raceId = 1; raceId <= 200; raceId += 1) {
      const opinion = crowdOpinion(raceId, field(8 + (raceId % 5)));
      const shares = [...opinion.values()];
      expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
      expect(Math.min(...shares)).toBeGreaterThan(0);
      expect(Math.max(...shares)).toBeGreaterThan(0.12);
      expect(crowdOpinion(raceId, field(8 + (raceId % 5)))).toEqual(opinion);
    }
    // Coupled entries (1 and 1A) are one betting interest.
    expect(crowdOpinion(7, [1, 1, 2, 3]).size).toBe(3);
  });

  it('brings its Win money in over the open period, some at once and most towards the close', () => {
    for (let raceId = 1; raceId <= 50; raceId += 1) {
      const targets = Array.from({ length: 11 }, (_, i) => crowdWinTarget(raceId, i / 10));
      expect(targets).toEqual([...targets].sort((a, b) => a - b));
      const final = targets[10] ?? 0;
      expect(final).toBeGreaterThanOrEqual(CROWD_WIN_POOL.min);
      expect(final).toBeLessThanOrEqual(CROWD_WIN_POOL.max);
      expect(targets[0]).toBeGreaterThan(0);
      expect(targets[0]).toBeLessThan(final * 0.2);
      // More came in over the second half than over the first.
      expect(final - (targets[5] ?? 0)).toBeGreaterThan(targets[5] ?? 0);
    }
  });

  it('writes realistic tickets, puts the most on its favourite and something on every runner at once', () => {
    let favouriteMostBacked = 0;
    const races = 200;
    for (let raceId = 1; raceId <= races; raceId += 1) {
      const runners = 8 + (raceId % 5);
      const { opinion, stakes, tickets, afterFirstStep } = runOpenPeriod(raceId, runners);
      // Every runner has money (so odds) after the first step.
      expect(afterFirstStep).toBe(runners);
      expect(Math.min(...tickets)).toBeGreaterThanOrEqual(CROWD_TICKET.min);
      expect(Math.max(...tickets)).toBeLessThanOrEqual(CROWD_TICKET.openingMax);
      expect(Math.max(...tickets.slice(runners))).toBeLessThanOrEqual(CROWD_TICKET.max);
      expect(tickets.filter((amount) => amount % (5 * PESO) !== 0)).toEqual([]);
      // Mostly small tickets, as a crowd writes them: the median under ₱100.
      expect([...tickets].sort((a, b) => a - b)[Math.floor(tickets.length / 2)]).toBeLessThan(100 * PESO);
      const total = [...stakes.values()].reduce((a, b) => a + b, 0);
      const target = crowdWinTarget(raceId, 1);
      expect(total).toBeGreaterThan(target * 0.95);
      expect(total).toBeLessThan(target + 3 * CROWD_TICKET.max);
      if (favouriteOf(stakes) === favouriteOf(opinion)) favouriteMostBacked += 1;
      // The pool follows the opinion: no runner far from its share.
      const drift = Math.max(...[...opinion].map(([no, share]) => Math.abs((stakes.get(no) ?? 0) / total - share)));
      expect(drift).toBeLessThan(0.06);
    }
    expect(favouriteMostBacked / races).toBeGreaterThan(0.9);
  });

  it('leaves a Win pool a newcomer’s ₱10-₱100 bet moves believably', () => {
    for (let raceId = 1; raceId <= 50; raceId += 1) {
      const { stakes } = runOpenPeriod(raceId, 10);
      const favourite = favouriteOf(stakes) ?? 1;
      const before = winOdds(stakes, SHARES, 0).get(favourite) ?? 0;
      for (const [bet, most] of [
        [10 * PESO, 0.04],
        [100 * PESO, 0.12],
      ] as const) {
        const after = winOdds(new Map([...stakes, [favourite, (stakes.get(favourite) ?? 0) + bet]]), SHARES, 0);
        const moved = (before - (after.get(favourite) ?? 0)) / before;
        // Shorter, by a little: ₱10 on the favourite of a ₱5,000+ pool moves it a tick (dividends go by
        // ₱0.10) at most, ₱100 a few percent.
        expect(moved).toBeGreaterThanOrEqual(0);
        expect(moved).toBeLessThan(most);
      }
      // Early on, with the opening money only, a ₱10 bet still moves the favourite by less than 10%.
      const early = runOpenPeriod(raceId, 10, 0).stakes;
      const earlyBefore = winOdds(early, SHARES, 0).get(favourite) ?? 0;
      const earlyAfter =
        winOdds(new Map([...early, [favourite, (early.get(favourite) ?? 0) + 10 * PESO]]), SHARES, 0).get(favourite) ??
        0;
      expect((earlyBefore - earlyAfter) / earlyBefore).toBeLessThan(0.1);
    }
  });

  it('rounds amounts as people write them and draws exotic picks by opinion, none twice', () => {
    expect(humanAmount(1)).toBe(CROWD_TICKET.min);
    expect(humanAmount(2_340)).toBe(25 * PESO);
    expect(humanAmount(13_700)).toBe(140 * PESO);
    expect(humanAmount(10_000_000)).toBe(CROWD_TICKET.max);
    const random = seeded(1);
    const opinion = crowdOpinion(3, field(10));
    const firsts = new Map<number, number>();
    for (let i = 0; i < 2_000; i += 1) {
      const picks = drawRunners(opinion, 3, random);
      expect(new Set(picks).size).toBe(3);
      firsts.set(picks[0] ?? 0, (firsts.get(picks[0] ?? 0) ?? 0) + 1);
    }
    expect(favouriteOf(firsts)).toBe(favouriteOf(opinion));
    expect(pickExoticType([], random)).toBeNull();
    expect(pickExoticType(['W', 'FC'], random)).toBe('FC');
  });
});
