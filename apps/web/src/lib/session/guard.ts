import { withReferral } from '../referral.ts';
import { canOpenPlayerScreens, type StoredSession } from './store.ts';

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

/**
 * Whether a screen may show. Player screens send a visitor without a stored player id, session id
 * or mobile number to the landing page, keeping the referral code `r` of the current URL.
 */
export function guardDecision(access: 'public' | 'player', session: StoredSession, search: string): GuardDecision {
  if (access === 'public' || canOpenPlayerScreens(session)) return { kind: 'allow' };
  return { kind: 'redirect', to: withReferral('/', search) };
}
