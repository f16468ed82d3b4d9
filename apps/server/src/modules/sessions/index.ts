/** The module's public face: what the rest of the server may use. */
export { currentOwnPlayer, currentPlayer, invalidSession, requirePlayer } from './player-auth.ts';
export {
  PLAYER_COOKIE,
  PLAYER_SESSION_ABSOLUTE_MS,
  PLAYER_SESSION_IDLE_MS,
  SESSION_TOUCH_INTERVAL_MS,
  SHARED_SESSION_TRUST_MS,
  openPlayerSession,
  rememberSharedSessions,
  resolvePlayerSession,
  revokeOtherPlayerSessions,
  revokePlayerSession,
  type PlayerSession,
  type SessionChangeFeed,
} from './player-sessions.ts';
