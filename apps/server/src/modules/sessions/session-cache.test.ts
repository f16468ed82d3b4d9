import { describe, expect, it } from 'vitest';
import {
  createSessionCache,
  forgetSessions,
  knownSession,
  rememberSession,
  type KnownSession,
} from './session-cache.ts';

const MINUTE = 60_000;
const now = Date.parse('2026-11-22T08:00:00Z');

function live(sessionId: number, playerId: number, overrides: Partial<KnownSession> = {}): KnownSession {
  return {
    session: { sessionId, playerId, openedByStaffId: null },
    expiresAt: now + 18 * 60 * MINUTE,
    lastSeenAt: now,
    readAt: now,
    ...overrides,
  };
}

describe('the session cache', () => {
  it('answers a remembered session until its idle clock is due to move again', () => {
    const cache = createSessionCache(10);
    rememberSession(cache, 'a', live(1, 7), cache.revocations);
    expect(knownSession(cache, 'a', now + MINUTE - 1, MINUTE)).toEqual({
      sessionId: 1,
      playerId: 7,
      openedByStaffId: null,
    });
    // Due: the caller reads the row again (and moves the clock), so the entry goes.
    expect(knownSession(cache, 'a', now + MINUTE, MINUTE)).toBeUndefined();
    expect(cache.entries.has('a')).toBe(false);
  });

  it('trusts a read no longer than the cache allows, when one is set', () => {
    const cache = createSessionCache(10, 10_000);
    rememberSession(cache, 'a', live(1, 7, { lastSeenAt: now - 5_000 }), cache.revocations);
    expect(knownSession(cache, 'a', now + 9_999, MINUTE)).toBeDefined();
    expect(knownSession(cache, 'a', now + 10_000, MINUTE)).toBeUndefined();
    expect(cache.entries.has('a')).toBe(false);
  });

  it('never answers a session past its absolute expiry', () => {
    const cache = createSessionCache(10);
    rememberSession(cache, 'a', live(1, 7, { expiresAt: now + 1_000 }), cache.revocations);
    expect(knownSession(cache, 'a', now + 999, MINUTE)).toBeDefined();
    expect(knownSession(cache, 'a', now + 1_000, MINUTE)).toBeUndefined();
  });

  it('forgets the sessions a revocation matches, and only those', () => {
    const cache = createSessionCache(10);
    rememberSession(cache, 'a', live(1, 7), cache.revocations);
    rememberSession(cache, 'b', live(2, 7), cache.revocations);
    rememberSession(cache, 'c', live(3, 8), cache.revocations);
    forgetSessions(cache, (session) => session.playerId === 7 && session.sessionId !== 2);
    expect(knownSession(cache, 'a', now, MINUTE)).toBeUndefined();
    expect(knownSession(cache, 'b', now, MINUTE)).toEqual({ sessionId: 2, playerId: 7, openedByStaffId: null });
    expect(knownSession(cache, 'c', now, MINUTE)).toEqual({ sessionId: 3, playerId: 8, openedByStaffId: null });
  });

  it('does not remember a read that began before a revocation', () => {
    const cache = createSessionCache(10);
    const revocationsAtRead = cache.revocations;
    // The read saw the session live; the logout committed and forgot it before the read finished.
    forgetSessions(cache, (session) => session.sessionId === 1);
    rememberSession(cache, 'a', live(1, 7), revocationsAtRead);
    expect(knownSession(cache, 'a', now, MINUTE)).toBeUndefined();
  });

  it('makes room by letting the least recently read session go', () => {
    const cache = createSessionCache(2);
    rememberSession(cache, 'a', live(1, 7), cache.revocations);
    rememberSession(cache, 'b', live(2, 8), cache.revocations);
    // Read again: 'a' is now the most recent.
    rememberSession(cache, 'a', live(1, 7), cache.revocations);
    rememberSession(cache, 'c', live(3, 9), cache.revocations);
    expect([...cache.entries.keys()]).toEqual(['a', 'c']);
  });
});
