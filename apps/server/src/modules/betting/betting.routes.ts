import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GameOperations } from '@karera/shared';
import { currentPlayer } from '../sessions/index.ts';
import { betHistory } from './betting.service.ts';
import { registerOperation } from '../../lib/register-operation.ts';

export const bettingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['game'];
  const { placeBet, getBetHistory } = GameOperations;
  registerOperation(app, placeBet, { tags }, async (request) =>
    app.betPlacement.place(currentPlayer(request).playerId, request.body),
  );
  registerOperation(app, getBetHistory, { tags }, async (request) =>
    betHistory(app.db, currentPlayer(request).playerId, { eventId: request.body?.eventId }),
  );
};
