import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BakasOperations } from '@karera/shared';
import { currentPlayer } from '../sessions/index.ts';
import { registerOperation } from '../../lib/register-operation.ts';
import { cancelBakas, createBakas, getBakas, joinBakas } from './bakas.service.ts';

/** Group tickets (decision 056), each call scoped by the session's player. */
export const bakasRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['bakas'];
  const { create, get, join, cancel } = BakasOperations;
  registerOperation(app, create, { tags }, async (request) =>
    createBakas(app.db, app.hooks, currentPlayer(request).playerId, request.body),
  );
  registerOperation(app, get, { tags }, async (request) =>
    getBakas(app.db, currentPlayer(request).playerId, request.body.code),
  );
  registerOperation(app, join, { tags }, async (request) =>
    joinBakas(app.db, app.hooks, currentPlayer(request).playerId, request.body),
  );
  registerOperation(app, cancel, { tags }, async (request) =>
    cancelBakas(app.db, currentPlayer(request).playerId, request.body),
  );
};
