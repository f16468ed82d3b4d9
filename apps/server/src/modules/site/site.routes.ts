import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PublicOperations } from '@karera/shared';
import { schemaOf } from '../../lib/operations.ts';

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const operation = PublicOperations.siteConfig;
  app.get(operation.path, { schema: schemaOf(operation, ['public']) }, async () => ({
    statusCode: 200 as const,
    androidAppUrl: config.androidAppFile ? `/${config.androidAppFile}` : null,
    defaultReferralCode: config.defaultReferralCode,
    telegramUrl: config.telegramUrl,
    facebookUrl: config.facebookUrl,
    supportEmail: config.supportEmail,
    bettingSiteUrl: config.bettingSiteUrl,
  }));
};
