import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BlackbookMessages, BlackbookOperations } from '@karera/shared';
import { registerOperation } from '../../lib/register-operation.ts';
import { currentOwnPlayer, currentPlayer } from '../sessions/index.ts';
import { blackbookOf, follow, listFollows, raceFollows, unfollow } from './blackbook.service.ts';

/**
 * The blackbook (issue 34 §5): every call is the session's player's own list. No call names a player, and
 * the bodies are strict, so a player id in the body is refused rather than read.
 */
export const blackbookRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['blackbook'];
  const { db } = app;
  registerOperation(app, BlackbookOperations.list, { tags }, async (request) =>
    blackbookOf(db, currentPlayer(request).playerId),
  );
  registerOperation(app, BlackbookOperations.follow, { tags }, async (request) => {
    const { playerId } = currentOwnPlayer(request);
    const added = await follow(db, playerId, request.body);
    return {
      statusCode: 200 as const,
      statusMessage: added ? BlackbookMessages.followed : BlackbookMessages.noteSaved,
      follows: await listFollows(db, playerId),
    };
  });
  registerOperation(app, BlackbookOperations.unfollow, { tags }, async (request) => {
    const { playerId } = currentOwnPlayer(request);
    await unfollow(db, playerId, request.body.kind, request.body.id);
    return {
      statusCode: 200 as const,
      statusMessage: BlackbookMessages.unfollowed,
      follows: await listFollows(db, playerId),
    };
  });
  registerOperation(app, BlackbookOperations.raceFollows, { tags }, async (request) =>
    raceFollows(db, currentPlayer(request).playerId, request.params.raceId),
  );
};
