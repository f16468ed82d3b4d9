import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FormOperations } from '@karera/shared';
import { registerOperation } from '../../lib/register-operation.ts';
import { horsePage, ridesPage } from './pages.service.ts';

/** The horse, jockey and trainer pages of the form guide, for signed-in players. */
export const formPagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['form'];
  registerOperation(app, FormOperations.horsePage, { tags }, async (request) =>
    horsePage(app.db, request.params.horseId, request.query.page),
  );
  registerOperation(app, FormOperations.jockeyPage, { tags }, async (request) =>
    ridesPage(app.db, 'jockey', request.params.jockeyId, request.query.page),
  );
  registerOperation(app, FormOperations.trainerPage, { tags }, async (request) =>
    ridesPage(app.db, 'trainer', request.params.trainerId, request.query.page),
  );
};
