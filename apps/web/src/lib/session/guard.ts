import { withReferral } from '../referral.ts';
import { canOpenPlayerScreens, type StoredSession } from './store.ts';

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

/**
 * The player screens a visitor is brought back to after logging in: a group ticket's shared link only.
 * Anything else in `next` is ignored, so a crafted link can never send a player elsewhere.
 */
const RETURNABLE_PATH = /^\/bakas\/[A-Za-z0-9]{8,40}$/;

/** Where to go after logging in from a page whose query string is `search`: its `next`, when returnable. */
export function returnPathOf(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  return next !== null && RETURNABLE_PATH.test(next) ? next : null;
}

/**
 * Whether a screen may show. Player screens send a visitor without a stored player id, session id
 * or mobile number to the landing page, keeping the referral code `r` of the current URL and, for a
 * group ticket's link, the path to come back to (`next`).
 */
export function guardDecision(
  access: 'public' | 'player',
  session: StoredSession,
  search: string,
  pathname = '',
): GuardDecision {
  if (access === 'public' || canOpenPlayerScreens(session)) return { kind: 'allow' };
  const landing = RETURNABLE_PATH.test(pathname) ? `/?${new URLSearchParams({ next: pathname }).toString()}` : '/';
  return { kind: 'redirect', to: withReferral(landing, search) };
}
