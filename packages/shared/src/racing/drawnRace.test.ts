import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  decodeRaceRun,
  encodeRaceRun,
  finishOfRunOrder,
  MAX_PROGRESS,
  orderAt,
  progressAt,
  raceCourses,
  WINNER_AT,
  type RaceRunMessage,
} from './drawnRace.ts';
import { decodeFrame, encodeFrame } from './realtime.ts';

const runnerNos = fc
  .uniqueArray(fc.integer({ min: 1, max: 14 }), { minLength: 1, maxLength: 14 })
  .chain((numbers) =>
    fc.tuple(
      fc.constant(numbers.map(String)),
      fc.boolean().map((coupled) => coupled && numbers.length > 2),
    ),
  )
  .map(([order, coupled]) => (coupled ? [...order, `${order[1]}A`] : order));
const plans = fc.record({
  order: runnerNos.chain((order) => fc.shuffledSubarray(order, { minLength: order.length })),
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
});
const shares = fc.array(fc.double({ min: -0.1, max: 1.2, noNaN: true }), { minLength: 2, maxLength: 40 });

describe('drawn race: the motion plan', () => {
  it('moves every runner forward only, from the start, over the line', () => {
    fc.assert(
      fc.property(plans, shares, (plan, samples) => {
        const sorted = [...samples].sort((a, b) => a - b);
        for (const course of raceCourses(plan)) {
          const positions = sorted.map((share) => progressAt(course, share));
          for (let i = 1; i < positions.length; i += 1) {
            expect(positions[i]).toBeGreaterThanOrEqual((positions[i - 1] ?? 0) - 1e-12);
          }
          expect(progressAt(course, 0)).toBe(0);
          expect(progressAt(course, course.finishAt)).toBeCloseTo(1, 12);
          expect(progressAt(course, 1)).toBeLessThanOrEqual(MAX_PROGRESS + 1e-12);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('moves smoothly: no runner jumps between two frames at 60 frames a second of a 36 s race', () => {
    const frame = 1 / (60 * 36);
    fc.assert(
      fc.property(plans, (plan) => {
        let fastest = 0;
        for (const course of raceCourses(plan)) {
          for (let share = 0; share < 1; share += frame) {
            fastest = Math.max(fastest, progressAt(course, share + frame) - progressAt(course, share));
          }
        }
        // The fastest a runner goes is at most about twice the field's even pace, never a leap across the track.
        expect(fastest).toBeLessThan(frame * 2.5);
      }),
      { numRuns: 30 },
    );
  });

  it('ends in the plan’s order, which is the finish the result records', () => {
    fc.assert(
      fc.property(plans, (plan) => {
        const courses = raceCourses(plan);
        expect(orderAt(courses, 1)).toEqual(plan.order);
        // From the winner's crossing on, the order at the line never changes.
        expect(orderAt(courses, WINNER_AT)[0]).toBe(plan.order[0]);
        const recorded = finishOfRunOrder(plan.order);
        const placed = recorded.flat();
        expect(new Set(placed).size).toBe(placed.length);
        expect(placed).toEqual([...new Set(plan.order.map((no) => Number.parseInt(no, 10)))]);
      }),
      { numRuns: 500 },
    );
  });

  it('is the same plan on every server and client: a function of the seed only', () => {
    const plan = { order: ['4', '1', '7', '2', '9', '3', '8', '5'], seed: 123_456 };
    expect(raceCourses(plan)).toEqual(raceCourses({ ...plan }));
    expect(raceCourses(plan)).not.toEqual(raceCourses({ ...plan, seed: 654_321 }));
  });

  it('changes the lead during the race for most seeds (a race, not a procession)', () => {
    let changed = 0;
    for (let seed = 1; seed <= 100; seed += 1) {
      const courses = raceCourses({ order: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'], seed });
      const leaders = new Set([0.2, 0.35, 0.5, 0.65, 0.8].map((share) => orderAt(courses, share)[0]));
      if (leaders.size > 1 || leaders.has('1') === false) changed += 1;
    }
    expect(changed).toBeGreaterThan(50);
  });

  it('places coupled runners once, where the first of them finished', () => {
    expect(finishOfRunOrder(['3', '1A', '2', '1'])).toEqual([[3], [1], [2]]);
  });
});

describe('drawn race: RACE_RUN on the socket', () => {
  const message: RaceRunMessage = {
    type: 'RACE_RUN',
    raceId: 42,
    elapsedMs: 1500,
    durationMs: 36_000,
    seed: 99,
    order: ['5', '1A', '12', '1'],
  };

  it('round-trips, alone and in a frame', () => {
    expect(encodeRaceRun(message)).toBe('RACE_RUN:42:1500:36000:99:5,1A,12,1');
    expect(decodeRaceRun(encodeRaceRun(message))).toEqual(message);
    expect(decodeFrame(encodeFrame([{ type: 'RACE_STATUS', raceId: 42, status: 'C' }, message]))).toEqual([
      { type: 'RACE_STATUS', raceId: 42, status: 'C' },
      message,
    ]);
  });

  it('refuses malformed ones', () => {
    for (const text of [
      'RACE_RUN:42:1500:36000:99',
      'RACE_RUN:42:1500:36000:99:5,5',
      'RACE_RUN:42:1500:0:99:5',
      'RACE_RUN:42:-1:36000:99:5',
      'RACE_RUN:42:1500:36000:99:5,x',
      'RACE_RUN:42:1500:36000:3000000000:5',
      'RACE_RUN:42:1500:36000:99:5:extra',
      'RACE_RUN:4.2:1500:36000:99:5',
    ]) {
      expect(decodeRaceRun(text)).toBeNull();
      expect(decodeFrame(text)).toEqual([]);
    }
    expect(() => encodeRaceRun({ ...message, order: ['5|RACE_STATUS'] })).toThrow();
  });
});
