import { describe, expect, it } from 'vitest';
import { guardDecision } from './guard.ts';
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
});
