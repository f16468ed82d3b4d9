import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GameOperations } from '@karera/shared';
import { currentPlayer } from '../sessions/index.ts';
import { betHistory } from './betting.service.ts';
import { registerOperation } from '../../lib/register-operation.ts';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export const bettingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['game'];
  const { placeBet, getBetHistory } = GameOperations;
  // The receipt goes out as the JSON text stored under the bet's key (decision 010): it was built to its
  // schema where the bet was placed, and a replay answers the very same text.
  registerOperation(app, placeBet, { tags }, async (request, reply) => {
    const answer = await app.betPlacement.placeAnswer(currentPlayer(request).playerId, request.body);
    // The schema types the reply's objects; a JSON text with its type set goes out as it is.
    const asSent: FastifyReply = reply;
    return asSent.type(JSON_CONTENT_TYPE).send(answer);
  });
  registerOperation(app, getBetHistory, { tags }, async (request) =>
    betHistory(app.db, currentPlayer(request).playerId, { eventId: request.body?.eventId }),
  );
};
