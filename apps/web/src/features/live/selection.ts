import type { Runner } from '@karera/shared';

/**
 * A runner's number without its letter suffix: "1A" and "1" are the same entry
 * (docs/product/screens.md#picking-runners).
 */
export function baseNumber(runnerNo: string): string {
  const digits = /^\s*0*(\d+)/.exec(runnerNo);
  return digits ? (digits[1] as string) : runnerNo.trim().toUpperCase();
}

/** Scratched runners cannot be picked. */
export function canPick(runner: Runner): boolean {
  return runner.status === 'A';
}

/**
 * Picking a runner toggles every pickable runner that shares its number, letters ignored: when all of
 * them are picked they are all dropped, otherwise they are all picked. A scratched or unknown runner
 * changes nothing.
 */
export function toggleRunner(selected: ReadonlySet<string>, runners: readonly Runner[], runnerNo: string): Set<string> {
  const next = new Set(selected);
  const picked = runners.find((runner) => runner.runnerNo === runnerNo);
  if (!picked || !canPick(picked)) return next;
  const base = baseNumber(runnerNo);
  const group = runners.filter((runner) => canPick(runner) && baseNumber(runner.runnerNo) === base);
  const allPicked = group.every((runner) => next.has(runner.runnerNo));
  for (const runner of group) {
    if (allPicked) next.delete(runner.runnerNo);
    else next.add(runner.runnerNo);
  }
  return next;
}

/** The picks that still count: a runner scratched (or gone) since it was picked drops out. */
export function activeSelection(selected: ReadonlySet<string>, runners: readonly Runner[]): Set<string> {
  return new Set(runners.filter((runner) => canPick(runner) && selected.has(runner.runnerNo)).map((r) => r.runnerNo));
}
