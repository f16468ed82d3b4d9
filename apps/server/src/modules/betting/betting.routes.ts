import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BettingRoutes, placeBetSchema, sessionOnlySchema } from '@karera/shared';
import { currentPlayer, requirePlayer } from '../../plugins/player-auth.ts';
import { betHistory } from './betting.service.ts';

export const bettingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['game'];
  app.post(
    BettingRoutes.placeBet,
    { schema: { tags, body: placeBetSchema }, preValidation: requirePlayer },
    async (request) => app.betPlacement.place(currentPlayer(request).playerId, request.body),
  );
  app.post(
    BettingRoutes.getBetHistory,
    { schema: { tags, body: sessionOnlySchema.optional() }, preValidation: requirePlayer },
    async (request) => betHistory(app.db, currentPlayer(request).playerId),
  );
};
