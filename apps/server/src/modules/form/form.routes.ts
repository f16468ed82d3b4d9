import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FormOperations } from '@karera/shared';
import { registerOperation } from '../../lib/register-operation.ts';
import { raceFormGuide } from './form.service.ts';

/** The form guide (decision 053): a race's runners with their figures, for signed-in players. */
export const formRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['form'];
  registerOperation(app, FormOperations.raceFormGuide, { tags }, async (request) =>
    raceFormGuide(app.db, request.params.raceId),
  );
};
