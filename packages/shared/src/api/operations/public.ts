import { z } from 'zod';
import { PublicRoutes } from '../public.ts';
import { Audiences, defineOperations, messageResponseSchema } from '../contract.ts';

import { siteConfigResponseSchema } from '../schemas/public.ts';
import { contactMessageSchema } from '../../validation/contact.ts';
import { lazySchema } from '../../validation/lazySchema.ts';

export const PublicOperations = defineOperations({
  siteConfig: {
    method: 'GET',
    path: PublicRoutes.siteConfig,
    audience: Audiences.public,
    summary: 'The site settings the web app shows: support contacts, the Android app, the betting site',
    response: siteConfigResponseSchema,
  },
  contact: {
    method: 'POST',
    path: PublicRoutes.contact,
    audience: Audiences.public,
    summary: 'A message from the contact form (rate limited per address)',
    body: contactMessageSchema,
    response: messageResponseSchema,
  },
});

/** No input beyond the session: an empty object or no body. */
export const emptyBodySchema = lazySchema(() => z.strictObject({}).optional());
