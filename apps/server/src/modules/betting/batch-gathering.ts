/**
 * When a lane of the bet batcher should hold a small batch back for a moment (decision record 007):
 * under a rush, a commit costs about as much for one bet as for eight (the log pages every commit
 * rewrites, the transaction's own work), so gathering a few more bets first takes a third off the CPU
 * of each. A quiet lane never waits: a lone bet is committed at once.
 */
export interface GatherPolicy {
  /** A batch with this many bets starts at once. */
  upTo: number;
  /** The longest a smaller batch waits for more. */
  waitMs: number;
  /** A lane is in a rush while its bets come less than this far apart on average. */
  rushGapMs: number;
}

/** The lane's recent gap between arrivals, smoothed (an exponential moving average). */
export interface Arrivals {
  gapMs: number;
  lastAtMs: number | undefined;
}

/** Weight of the newest gap: about the last ten arrivals count. */
const SMOOTHING = 0.2;
/** A lane that has seen no bets yet counts as quiet. */
const QUIET_GAP_MS = 1000;

export function noArrivals(): Arrivals {
  return { gapMs: QUIET_GAP_MS, lastAtMs: undefined };
}

export function noteArrival(arrivals: Arrivals, nowMs: number): void {
  const gap = arrivals.lastAtMs === undefined ? QUIET_GAP_MS : Math.max(0, nowMs - arrivals.lastAtMs);
  arrivals.gapMs = (1 - SMOOTHING) * arrivals.gapMs + SMOOTHING * gap;
  arrivals.lastAtMs = nowMs;
}

/** Wait for more only in a rush, and only while the batch is still small. */
export function shouldGather(policy: GatherPolicy, arrivals: Arrivals, queued: number): boolean {
  return queued < policy.upTo && arrivals.gapMs < policy.rushGapMs;
}
