import type { PlayerSession } from './player-sessions.ts';

/** A session read live from the database, with what decides how long it may be trusted without a new read. */
export interface KnownSession {
  session: PlayerSession;
  /** Absolute expiry, epoch ms. */
  expiresAt: number;
  /** The idle clock as last written or scheduled to be written, epoch ms. */
  lastSeenAt: number;
  /** When the row was read, epoch ms. */
  readAt: number;
}

/**
 * Live sessions by token hash (docs/decisions/013-player-session-cache.md, 041-shared-session-cache.md).
 * `revocations` counts the sessions forgotten so far: a read that began before a revocation may have
 * seen the session still live, and must not be remembered. `maxAgeMs`: how long a read is trusted at
 * most (on a database others write too, a bound on a revocation not heard of).
 */
export interface SessionCache {
  readonly entries: Map<string, KnownSession>;
  revocations: number;
  readonly limit: number;
  readonly maxAgeMs: number;
}

export function createSessionCache(limit: number, maxAgeMs = Number.POSITIVE_INFINITY): SessionCache {
  return { entries: new Map(), revocations: 0, limit, maxAgeMs };
}

/**
 * The remembered session, if it may still be trusted at `now`: before its absolute expiry and within
 * `refreshAfterMs` of its idle clock (after that the caller reads the row again, which also moves the
 * clock, so an entry never outlives the idle expiry).
 */
export function knownSession(
  cache: SessionCache,
  tokenHash: string,
  now: number,
  refreshAfterMs: number,
): PlayerSession | undefined {
  const known = cache.entries.get(tokenHash);
  if (!known) return undefined;
  if (known.expiresAt > now && now - known.lastSeenAt < refreshAfterMs && now - known.readAt < cache.maxAgeMs) {
    return known.session;
  }
  cache.entries.delete(tokenHash);
  return undefined;
}

/**
 * Remembers a session read live, unless a session was revoked since the read began
 * (`revocationsAtRead`). The oldest entry makes room when the cache is full.
 */
export function rememberSession(
  cache: SessionCache,
  tokenHash: string,
  known: KnownSession,
  revocationsAtRead: number,
): void {
  if (cache.revocations !== revocationsAtRead) return;
  cache.entries.delete(tokenHash);
  if (cache.entries.size >= cache.limit) {
    const oldest = cache.entries.keys().next();
    if (!oldest.done) cache.entries.delete(oldest.value);
  }
  cache.entries.set(tokenHash, known);
}

/** Forgets every remembered session that `revoked` matches; call once the revocation is committed. */
export function forgetSessions(cache: SessionCache, revoked: (session: PlayerSession) => boolean): void {
  cache.revocations += 1;
  for (const [tokenHash, known] of cache.entries) {
    if (revoked(known.session)) cache.entries.delete(tokenHash);
  }
}
