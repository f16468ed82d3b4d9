import type { z } from 'zod';
import type { siteConfigResponseSchema } from './schemas/public.ts';

// PublicRoutes is built from its operations: api/operations/public.ts.

export type SiteConfigResponse = z.infer<typeof siteConfigResponseSchema>;
