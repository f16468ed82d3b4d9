// When the checkpointer keeps catching up (checkpoint-worker.mjs), in plain JavaScript: the worker
// thread runs without the TypeScript loader.

/** Rounds while catching up: about a millisecond of commits apart, so each copies little. */
export const CATCH_UP_SPACING_MS = 1;

/** No commit for this long ends the catch-up: the rush is over and the log starts over by itself. */
export const RUSH_OVER_AFTER_MS = 20;

/**
 * After a round that left the log at `log` pages: the state to catch up from in another round, or
 * undefined to wait for the next interval. Two rounds microseconds apart can see the same log while
 * the rush goes on, so only a log that has not grown for RUSH_OVER_AFTER_MS ends the catch-up.
 */
export function nextCatchUp(previous, log, now, catchUpFromPages) {
  if (log < catchUpFromPages) return undefined;
  const grewAt = previous === undefined || log > previous.log ? now : previous.grewAt;
  return now - grewAt > RUSH_OVER_AFTER_MS ? undefined : { log, grewAt };
}
