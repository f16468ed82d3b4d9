/** Runs `run` once, later; the returned function cancels it. */
export type Scheduler = (run: () => void) => () => void;

/** How long a batch waits at most when no frame comes (a hidden tab draws none). */
const FALLBACK_MS = 250;

/**
 * Before the browser's next frame, or after FALLBACK_MS if no frame comes first (a tab in the background
 * draws no frames, and its screen still has to be current when the player comes back).
 */
export const beforeNextFrame: Scheduler = (run) => {
  if (typeof requestAnimationFrame === 'undefined') {
    const timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    run();
  };
  const frame = requestAnimationFrame(once);
  const timer = setTimeout(once, FALLBACK_MS);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
};

export interface FrameBatch<T> {
  /** Adds items to the batch; the first of a batch schedules its flush. */
  push(items: readonly T[]): void;
  /** Hands over what is waiting now (nothing if the batch is empty). */
  flush(): void;
  /** Drops the scheduled flush and what waits (the owner is gone). */
  cancel(): void;
}

/**
 * Gathers items that arrive in bursts (a socket's frames) and hands them over together, in the order they
 * came, at most once per frame: every item reaches `flush`, none is dropped or reordered, so applying a
 * batch gives what applying its items one by one would, with one render instead of one per item.
 */
export function createFrameBatch<T>(flush: (items: T[]) => void, schedule: Scheduler = beforeNextFrame): FrameBatch<T> {
  let waiting: T[] = [];
  let cancelScheduled: (() => void) | null = null;

  function flushNow() {
    cancelScheduled?.();
    cancelScheduled = null;
    if (waiting.length === 0) return;
    const items = waiting;
    waiting = [];
    flush(items);
  }

  return {
    push(items) {
      if (items.length === 0) return;
      waiting.push(...items);
      cancelScheduled ??= schedule(flushNow);
    },
    flush: flushNow,
    cancel() {
      cancelScheduled?.();
      cancelScheduled = null;
      waiting = [];
    },
  };
}
