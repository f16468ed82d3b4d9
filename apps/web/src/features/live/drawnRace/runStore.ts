import type { RealtimeMessage } from '@karera/shared';
import type { DrawnRun } from '../../../components/drawnRace/drawnRaceView.ts';

/**
 * A demo race's run as this screen knows it: the plan, and when it started by this device's clock
 * (Date.now() at the start: the time it arrived, less how far in the race already was).
 */
export type KnownRun = DrawnRun;

/** Runs kept at most (the card's latest ones are all a screen shows). */
const KEEP = 20;

let runs: ReadonlyMap<number, KnownRun> = new Map();
const listeners = new Set<() => void>();

/**
 * Keeps the RACE_RUN messages of a socket frame. The socket's owner (useLiveRaceDay) hands every frame
 * here; the stream area reads the runs. A run heard again (a reconnect's snapshot) keeps its first start,
 * so the drawing does not jump back by the time the message took.
 */
export function noteRaceRuns(messages: readonly RealtimeMessage[], now: number = Date.now()): void {
  let next: Map<number, KnownRun> | null = null;
  for (const message of messages) {
    if (message.type !== 'RACE_RUN') continue;
    const known = (next ?? runs).get(message.raceId);
    const startedAt = now - message.elapsedMs;
    if (known && known.seed === message.seed && known.order.join() === message.order.join()) continue;
    next ??= new Map(runs);
    next.delete(message.raceId);
    next.set(message.raceId, {
      raceId: message.raceId,
      order: message.order,
      seed: message.seed,
      durationMs: message.durationMs,
      startedAt: known?.startedAt ?? startedAt,
    });
  }
  if (!next) return;
  while (next.size > KEEP) next.delete(next.keys().next().value ?? 0);
  runs = next;
  for (const listener of listeners) listener();
}

export function subscribeRuns(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function knownRuns(): ReadonlyMap<number, KnownRun> {
  return runs;
}

/** Forgets every run (tests). */
export function clearRuns(): void {
  runs = new Map();
  for (const listener of listeners) listener();
}
