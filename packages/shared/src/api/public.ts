import type { z } from 'zod';
import type { siteConfigResponseSchema } from './schemas/public.ts';

/** Public (no session) routes besides the player calls. */
export const PublicRoutes = {
  contact: '/api/contact/submit', // POST ContactMessageInput -> { statusCode: 200, statusMessage }
  siteConfig: '/api/site/config', // GET -> SiteConfigResponse
} as const;

export type SiteConfigResponse = z.infer<typeof siteConfigResponseSchema>;
