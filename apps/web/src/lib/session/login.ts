import { centavos, type LoginResponse } from '@karera/shared';
import type { StoredSession } from './store.ts';

/**
 * What the web app stores in place of the session token. The real token lives only in the HttpOnly
 * cookie the server set, out of reach of scripts (and so of any injected script); the stored marker
 * only tells the screens that a login happened. The server decides with the cookie alone.
 */
export const COOKIE_SESSION = 'cookie';

/**
 * The login state to store after a successful login, OTP verification or login link
 * (docs/product/accounts.md#sessions).
 */
export function loginFieldsOf(response: Omit<LoginResponse, 'sessionId'> & { sessionId?: string }): StoredSession {
  return {
    sessionId: COOKIE_SESSION,
    playerId: String(response.playerId),
    mobileNo: response.mobileNo,
    firstName: response.firstName,
    lastName: response.lastName,
    creditBalance: centavos(response.creditBalance),
    bonusBalance: centavos(response.bonusBalance),
    agentId: response.agentId === null ? null : String(response.agentId),
  };
}
