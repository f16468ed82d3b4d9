import { runnerBaseNumber } from '../validation/racing.ts';

/**
 * A drawn race (the demo's race to watch, issue 20): the simulator decides, when a race goes off, the
 * order its runners cross the line and a seed; everything else is a pure function of that plan and the
 * time since the start. So every server and every client, whenever it joins, draws the same runners in
 * the same places, and the drawn finish is the finish the result records.
 */
export interface RaceRunPlan {
  /** Runner numbers in the order they cross the line (coupled runners 1 and 1A each have their own place). */
  order: readonly string[];
  /** Shapes the running (who leads where); any integer in [0, 2^31). */
  seed: number;
  /** From the start to the last runner crossing the line. */
  durationMs: number;
}

/** RACE_RUN on the live socket: a race's plan, and how far into it the race was when the message was made. */
export interface RaceRunMessage extends RaceRunPlan {
  type: 'RACE_RUN';
  raceId: number;
  elapsedMs: number;
}

/** Where a runner is, as a share of the distance: 0 at the start, 1 at the line, a little past it after. */
export type Progress = number;

/** Distance shares at which each runner's time is drawn from the seed: the start, three calls, the line. */
const CHECKPOINTS = [0, 0.25, 0.5, 0.75, 1] as const;
/** Share of the running time at which the winner crosses the line; the last runner crosses at 1. */
export const WINNER_AT = 0.8;
/** Past the line runners ease up, all at this pace (distance per running time), so the order holds. */
const EASE_UP_PACE = 0.9;
/** How far ahead of or behind its even pace a runner may be at a call (share of its time). */
const SWING = 0.07;
/** The furthest any runner gets past the line, for drawing the track. */
export const MAX_PROGRESS: Progress = 1 + (1 - WINNER_AT) * EASE_UP_PACE;

/** mulberry32: a small, fast, well-spread generator; the same seed gives the same numbers everywhere. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * One runner's running: the share of the running time at which it reaches each checkpoint (strictly
 * increasing), and the slopes of a monotone cubic through those points (Fritsch-Carlson), so its pace
 * changes smoothly and it never goes backwards.
 */
export interface RunnerCourse {
  runnerNo: string;
  /** Place at the line, 1 = winner. */
  place: number;
  times: readonly number[];
  slopes: readonly number[];
  /** Share of the running time at which it crosses the line. */
  finishAt: number;
}

function monotoneSlopes(xs: readonly number[], ys: readonly number[]): number[] {
  const n = xs.length;
  const secants = xs.slice(1).map((x, i) => ((ys[i + 1] ?? 0) - (ys[i] ?? 0)) / (x - (xs[i] ?? 0)));
  const slopes = xs.map((_, i) => {
    if (i === 0) return secants[0] ?? 0;
    if (i === n - 1) return secants[n - 2] ?? 0;
    const before = secants[i - 1] ?? 0;
    const after = secants[i] ?? 0;
    return before * after <= 0 ? 0 : (before + after) / 2;
  });
  // Fritsch-Carlson: limit each interval's slopes so the cubic cannot overshoot (and so stays monotone).
  for (let i = 0; i < n - 1; i += 1) {
    const secant = secants[i] ?? 0;
    if (secant === 0) {
      slopes[i] = 0;
      slopes[i + 1] = 0;
      continue;
    }
    const a = (slopes[i] ?? 0) / secant;
    const b = (slopes[i + 1] ?? 0) / secant;
    const size = a * a + b * b;
    if (size > 9) {
      const scale = 3 / Math.sqrt(size);
      slopes[i] = scale * a * secant;
      slopes[i + 1] = scale * b * secant;
    }
  }
  return slopes;
}

/** Every runner's course in the plan, winner first. */
export function raceCourses(plan: Pick<RaceRunPlan, 'order' | 'seed'>): RunnerCourse[] {
  const random = generator(plan.seed);
  const count = plan.order.length;
  // Lengths between finishers: uneven, as a real finish is.
  const gaps = plan.order.map((_, i) => (i === 0 ? 0 : 0.4 + random() * 1.2));
  const totalGap = gaps.reduce((sum, gap) => sum + gap, 0);
  let sofar = 0;
  return plan.order.map((runnerNo, index) => {
    sofar += gaps[index] ?? 0;
    const finishAt = count === 1 || totalGap === 0 ? WINNER_AT : WINNER_AT + (1 - WINNER_AT) * (sofar / totalGap);
    const times = CHECKPOINTS.map((distance, k) => {
      if (k === 0) return 0;
      if (k === CHECKPOINTS.length - 1) return finishAt;
      return distance * finishAt * (1 + (random() * 2 - 1) * SWING);
    });
    return { runnerNo, place: index + 1, times, slopes: monotoneSlopes(times, CHECKPOINTS), finishAt };
  });
}

/** Where a runner is at `share` of the running time (0 before the start, eased up past the line after it). */
export function progressAt(course: RunnerCourse, share: number): Progress {
  if (share <= 0) return 0;
  if (share >= course.finishAt) return 1 + (share - course.finishAt) * EASE_UP_PACE;
  const { times, slopes } = course;
  let k = 0;
  while (k < times.length - 2 && share >= (times[k + 1] ?? 1)) k += 1;
  const x0 = times[k] ?? 0;
  const x1 = times[k + 1] ?? 1;
  const y0 = CHECKPOINTS[k] ?? 0;
  const y1 = CHECKPOINTS[k + 1] ?? 1;
  const h = x1 - x0;
  const s = (share - x0) / h;
  // Cubic Hermite basis.
  const h00 = 2 * s ** 3 - 3 * s ** 2 + 1;
  const h10 = s ** 3 - 2 * s ** 2 + s;
  const h01 = -2 * s ** 3 + 3 * s ** 2;
  const h11 = s ** 3 - s ** 2;
  return h00 * y0 + h10 * h * (slopes[k] ?? 0) + h01 * y1 + h11 * h * (slopes[k + 1] ?? 0);
}

/** Runner numbers by where they are at `share` of the running time, leader first. */
export function orderAt(courses: readonly RunnerCourse[], share: number): string[] {
  return courses
    .map((course) => ({ runnerNo: course.runnerNo, at: progressAt(course, share), place: course.place }))
    .sort((a, b) => b.at - a.at || a.place - b.place)
    .map((entry) => entry.runnerNo);
}

/**
 * The finish the result records for a plan's order, in the shape confirmResult takes: runner numbers
 * (base numbers: coupled runners 1 and 1A are one betting interest, placed once, where it first finished).
 */
export function finishOfRunOrder(order: readonly string[]): number[][] {
  const finish: number[][] = [];
  for (const runnerNo of order) {
    const base = runnerBaseNumber(runnerNo);
    if (!finish.some((place) => place.includes(base))) finish.push([base]);
  }
  return finish;
}

// The socket's form: RACE_RUN:<raceId>:<elapsedMs>:<durationMs>:<seed>:<runnerNo,runnerNo,...>
const RUNNER_NO = /^[1-9]\d?[A-Z]?$/;
const COUNT = /^\d{1,10}$/;
export const RACE_RUN_PREFIX = 'RACE_RUN:';

export function encodeRaceRun(message: RaceRunMessage): string {
  if (!message.order.every((no) => RUNNER_NO.test(no))) throw new Error('RACE_RUN runner numbers must be like 1 or 1A');
  return [
    'RACE_RUN',
    message.raceId,
    Math.max(0, Math.round(message.elapsedMs)),
    Math.round(message.durationMs),
    message.seed,
    message.order.join(','),
  ].join(':');
}

/** A RACE_RUN message, or null when the text is not a well-formed one. */
export function decodeRaceRun(text: string): RaceRunMessage | null {
  const [type, raceId, elapsedMs, durationMs, seed, order, ...rest] = text.split(':');
  if (type !== 'RACE_RUN' || rest.length > 0 || order === undefined) return null;
  if (![raceId, elapsedMs, durationMs, seed].every((field) => field !== undefined && COUNT.test(field))) return null;
  const runners = order.split(',');
  if (!runners.every((no) => RUNNER_NO.test(no)) || new Set(runners).size !== runners.length) return null;
  const duration = Number(durationMs);
  const seedValue = Number(seed);
  if (duration <= 0 || seedValue >= 2 ** 31) return null;
  return {
    type: 'RACE_RUN',
    raceId: Number(raceId),
    elapsedMs: Number(elapsedMs),
    durationMs: duration,
    seed: seedValue,
    order: runners,
  };
}
