import type { z } from 'zod';
import type { siteConfigResponseSchema } from './schemas/public.ts';

/** The public calls' paths, written once (the operations read them), apart from their schemas for the landing page. */
export const PublicRoutes = {
  contact: '/api/contact/submit', // POST ContactMessageInput -> { statusCode: 200, statusMessage }
  siteConfig: '/api/site/config', // GET -> SiteConfigResponse
} as const;

export type SiteConfigResponse = z.infer<typeof siteConfigResponseSchema>;
