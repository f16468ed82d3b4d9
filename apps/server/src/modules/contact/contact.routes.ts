import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Messages, PublicOperations } from '@karera/shared';
import { storeContactMessage } from './contact.service.ts';
import { registerOperation } from '../../lib/register-operation.ts';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const operation = PublicOperations.contact;
  registerOperation(
    app,
    operation,
    { tags: ['public'], config: { rateLimit: { max: app.config.rateLimits.contactPerHour, timeWindow: '1 hour' } } },
    async (request) => {
      await storeContactMessage(app.db, request.body, request.ip);
      return { statusCode: 200 as const, statusMessage: Messages.contactSent };
    },
  );
};
