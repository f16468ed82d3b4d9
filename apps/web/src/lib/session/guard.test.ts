import { describe, expect, it } from 'vitest';
import { guardDecision, returnPathOf } from './guard.ts';
import { EMPTY_SESSION, type StoredSession } from './store.ts';

const player: StoredSession = { ...EMPTY_SESSION, playerId: '1', sessionId: 's', mobileNo: '09171234567' };

describe('guardDecision', () => {
  it('always allows public screens', () => {
    expect(guardDecision('public', EMPTY_SESSION, '')).toEqual({ kind: 'allow' });
  });

  it('allows player screens with player id, session id and mobile number', () => {
    expect(guardDecision('player', player, '?type=withdraw')).toEqual({ kind: 'allow' });
  });

  it('sends a visitor to the landing page', () => {
    expect(guardDecision('player', EMPTY_SESSION, '')).toEqual({ kind: 'redirect', to: '/' });
    expect(guardDecision('player', { ...player, sessionId: null }, '')).toEqual({ kind: 'redirect', to: '/' });
    expect(guardDecision('player', { ...player, mobileNo: null }, '')).toEqual({ kind: 'redirect', to: '/' });
  });

  it('keeps only the referral code when redirecting', () => {
    expect(guardDecision('player', EMPTY_SESSION, '?type=wallet&r=AGENT7&s=secret')).toEqual({
      kind: 'redirect',
      to: '/?r=AGENT7',
    });
  });

  it("brings a visitor back to a group ticket's link after logging in, keeping the referral code", () => {
    expect(guardDecision('player', EMPTY_SESSION, '', '/bakas/AbC123xyZ9')).toEqual({
      kind: 'redirect',
      to: '/?next=%2Fbakas%2FAbC123xyZ9',
    });
    expect(guardDecision('player', EMPTY_SESSION, '?r=AGENT7', '/bakas/AbC123xyZ9')).toEqual({
      kind: 'redirect',
      to: '/?next=%2Fbakas%2FAbC123xyZ9&r=AGENT7',
    });
    expect(guardDecision('player', EMPTY_SESSION, '', '/history')).toEqual({ kind: 'redirect', to: '/' });
    expect(guardDecision('player', EMPTY_SESSION, '', '/bakas/new')).toEqual({ kind: 'redirect', to: '/' });
  });
});

describe('returnPathOf', () => {
  it("returns a group ticket's link and nothing else", () => {
    expect(returnPathOf('?next=%2Fbakas%2FAbC123xyZ9')).toBe('/bakas/AbC123xyZ9');
    expect(returnPathOf('')).toBeNull();
    for (const next of [
      '/history',
      '/bakas/new',
      'https://evil.example/bakas/AbC123xyZ9',
      '//evil.example/bakas/AbC123xyZ9',
      '/bakas/AbC123xyZ9/../../payment',
      '/bakas/AbC123xyZ9?x=1',
      '/bakas/short',
    ]) {
      expect(returnPathOf(`?${new URLSearchParams({ next }).toString()}`)).toBeNull();
    }
  });
});
