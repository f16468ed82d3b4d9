import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PublicRoutes, type SiteConfigResponse } from '@karera/shared';

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  app.get(PublicRoutes.siteConfig, { schema: { tags: ['public'] } }, async () => {
    return {
      statusCode: 200,
      androidAppUrl: config.androidAppFile ? `/${config.androidAppFile}` : null,
      defaultReferralCode: config.defaultReferralCode,
      telegramUrl: config.telegramUrl,
      facebookUrl: config.facebookUrl,
      supportEmail: config.supportEmail,
      bettingSiteUrl: config.bettingSiteUrl,
    } satisfies SiteConfigResponse;
  });
};
