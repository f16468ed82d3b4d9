import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GameOperations } from '@karera/shared';
import { schemaOf } from '../../lib/operations.ts';
import { currentPlayer, requirePlayer } from '../../plugins/player-auth.ts';
import { betHistory } from './betting.service.ts';

export const bettingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['game'];
  const { placeBet, getBetHistory } = GameOperations;
  app.post(placeBet.path, { schema: schemaOf(placeBet, tags), preValidation: requirePlayer }, async (request) =>
    app.betPlacement.place(currentPlayer(request).playerId, request.body),
  );
  app.post(
    getBetHistory.path,
    { schema: schemaOf(getBetHistory, tags), preValidation: requirePlayer },
    async (request) => betHistory(app.db, currentPlayer(request).playerId, { eventId: request.body?.eventId }),
  );
};
