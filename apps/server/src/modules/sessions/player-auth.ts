import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { Messages, PlayerMessages, StatusCode } from '@karera/shared';
import { AppError, forbidden } from '../../lib/errors.ts';
import { PLAYER_COOKIE, resolvePlayerSession, type PlayerSession } from './player-sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    playerSession?: PlayerSession;
  }
}

export const invalidSession = () => new AppError(401, StatusCode.INVALID_SESSION, Messages.sessionExpired);

function bodyFields(request: FastifyRequest): { sessionId?: unknown; playerId?: unknown } {
  const body: unknown = request.body;
  return typeof body === 'object' && body !== null ? body : {};
}

/**
 * A live player session from the HttpOnly cookie, or from a sessionId + playerId pair in the
 * body. A playerId in the body that is not the session's own is refused, never followed: every query
 * uses the session's player. Anything else answers statusCode 107.
 */
export const requirePlayer: preHandlerAsyncHookHandler = async function requirePlayer(request) {
  const body = bodyFields(request);
  const token = request.cookies[PLAYER_COOKIE] ?? (typeof body.sessionId === 'string' ? body.sessionId : undefined);
  const session = token ? await resolvePlayerSession(request.server.db, token) : undefined;
  if (!session) throw invalidSession();
  // This runs before the route's schema (the pair is read from the body): the claimed id is only
  // compared as the digits or number a client sends, and anything else ({ toString: 1 } would throw in
  // String()) is a claim that is not the session's own.
  const claimed = body.playerId;
  if (claimed !== undefined) {
    const comparable = typeof claimed === 'string' || typeof claimed === 'number';
    if (!comparable || String(claimed) !== String(session.playerId)) throw invalidSession();
  }
  request.playerSession = session;
};

/** The session's player; only call after requirePlayer ran for the route. */
export function currentPlayer(request: FastifyRequest): PlayerSession {
  if (!request.playerSession) throw invalidSession();
  return request.playerSession;
}

/**
 * The session's player, for what only the player themself may do: deposit, withdraw, change the profile,
 * password or mobile. A session staff opened with a login link is refused (decision 020): staff may look
 * at an account to help, never move its money or take it over.
 */
export function currentOwnPlayer(request: FastifyRequest): PlayerSession {
  const session = currentPlayer(request);
  if (session.openedByStaffId !== null) throw forbidden(PlayerMessages.staffSessionRefused);
  return session;
}
