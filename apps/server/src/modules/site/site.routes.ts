import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PublicOperations } from '@karera/shared';
import { registerOperation } from '../../lib/register-operation.ts';

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const operation = PublicOperations.siteConfig;
  registerOperation(app, operation, { tags: ['public'] }, async () => ({
    statusCode: 200 as const,
    androidAppUrl: config.androidAppFile ? `/${config.androidAppFile}` : null,
    defaultReferralCode: config.defaultReferralCode,
    telegramUrl: config.telegramUrl,
    facebookUrl: config.facebookUrl,
    supportEmail: config.supportEmail,
    bettingSiteUrl: config.bettingSiteUrl,
  }));
};
