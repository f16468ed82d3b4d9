import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BettingRoutes, placeBetSchema, sessionOnlySchema } from '@karera/shared';
import { currentPlayer, requirePlayer } from '../../plugins/player-auth.ts';
import { betBatcherFor } from './bet-batcher.ts';
import { betHistory, placeBet } from './betting.service.ts';

export const bettingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['game'];
  // Bets arriving together share one commit. SQLite has one connection; PostgreSQL keeps a few lanes
  // (a player always in the same one) and leaves the rest of its pool to the other calls.
  const batcher = betBatcherFor(app.db, { lanes: app.dialect === 'postgres' ? 4 : 1 });
  app.post(
    BettingRoutes.placeBet,
    { schema: { tags, body: placeBetSchema }, preValidation: requirePlayer },
    async (request) => placeBet(app.db, currentPlayer(request).playerId, request.body, batcher),
  );
  app.post(
    BettingRoutes.getBetHistory,
    { schema: { tags, body: sessionOnlySchema.optional() }, preValidation: requirePlayer },
    async (request) => betHistory(app.db, currentPlayer(request).playerId),
  );
};
