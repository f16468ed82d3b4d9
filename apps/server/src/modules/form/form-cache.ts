import type { FormGuideResponse } from '@karera/shared';

/**
 * Race form guides kept per race (issue 34, decision 053). An entry answers only while the race and its
 * runners read as they did when it was made (its signature: card fields, records, trainers), so an edited
 * runner or a merged horse never shows stale. The figures come from official results: any result confirmed
 * (on any instance: the race's status reaches every instance over the pub/sub), corrected or imported clears
 * every entry. An answer computed while a clear happened is not kept.
 */
export interface FormCache {
  /** The entry for this race made with this signature. */
  get(raceId: number, signature: string): FormGuideResponse | undefined;
  /** Where the cache stands now: pass it back to `set` with the answer computed after it. */
  generation(): number;
  /** Keeps an answer, unless the cache was cleared since `generation`. */
  set(raceId: number, signature: string, generation: number, guide: FormGuideResponse): void;
  clear(): void;
  readonly size: number;
}

/** Every cache of this process: a result written here clears them all at once. */
const caches = new Set<FormCache>();

/** Races kept at most (a day has a few hundred); the oldest entry goes first. */
const MAX_RACES = 2_000;

export function createFormCache(maxRaces: number = MAX_RACES): FormCache {
  const entries = new Map<number, { signature: string; guide: FormGuideResponse }>();
  let generation = 0;
  const cache: FormCache = {
    get(raceId, signature) {
      const entry = entries.get(raceId);
      return entry && entry.signature === signature ? entry.guide : undefined;
    },
    generation: () => generation,
    set(raceId, signature, since, guide) {
      if (since !== generation) return;
      entries.delete(raceId);
      entries.set(raceId, { signature, guide });
      if (entries.size > maxRaces) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
    },
    clear() {
      generation += 1;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
  caches.add(cache);
  return cache;
}

/** Clears every form cache of this process (results written here). */
export function clearFormCaches(): void {
  for (const cache of caches) cache.clear();
}

/** A cache no longer used (its app closed). */
export function dropFormCache(cache: FormCache): void {
  caches.delete(cache);
}

/**
 * After official results or horse records changed outside a result confirmation (an import, a merge, a
 * correction), once committed: every instance's form guides are read again.
 */
export async function formChanged(
  events: { emit(name: 'form.changed', payload: { raceId: number | null }): Promise<void> },
  raceId: number | null = null,
): Promise<void> {
  clearFormCaches();
  await events.emit('form.changed', { raceId });
}
