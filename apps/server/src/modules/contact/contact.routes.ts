import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactMessageSchema, Messages, PublicRoutes } from '@karera/shared';
import { storeContactMessage } from './contact.service.ts';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    PublicRoutes.contact,
    {
      schema: { tags: ['public'], body: contactMessageSchema },
      config: { rateLimit: { max: app.config.rateLimits.contactPerHour, timeWindow: '1 hour' } },
    },
    async (request) => {
      await storeContactMessage(app.db, request.body, request.ip);
      return { statusCode: 200 as const, statusMessage: Messages.contactSent };
    },
  );
};
