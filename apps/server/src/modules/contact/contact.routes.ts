import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Messages, PublicOperations } from '@karera/shared';
import { schemaOf } from '../../lib/operations.ts';
import { storeContactMessage } from './contact.service.ts';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const operation = PublicOperations.contact;
  app.post(
    operation.path,
    {
      schema: schemaOf(operation, ['public']),
      config: { rateLimit: { max: app.config.rateLimits.contactPerHour, timeWindow: '1 hour' } },
    },
    async (request) => {
      await storeContactMessage(app.db, request.body, request.ip);
      return { statusCode: 200 as const, statusMessage: Messages.contactSent };
    },
  );
};
