import { z } from 'zod';
import { Audiences, defineOperations, messageResponseSchema } from '../contract.ts';

import { siteConfigResponseSchema } from '../schemas/public.ts';
import { contactMessageSchema } from '../../validation/contact.ts';

export const PublicOperations = defineOperations({
  siteConfig: {
    method: 'GET',
    path: '/api/site/config',
    audience: Audiences.public,
    summary: 'The site settings the web app shows: support contacts, the Android app, the betting site',
    response: siteConfigResponseSchema,
  },
  contact: {
    method: 'POST',
    path: '/api/contact/submit',
    audience: Audiences.public,
    summary: 'A message from the contact form (rate limited per address)',
    body: contactMessageSchema,
    response: messageResponseSchema,
  },
});

/** No input beyond the session: an empty object or no body. */
export const emptyBodySchema = z.strictObject({}).optional();

/** Public (no session) routes besides the player calls. Built from the operations, so each path is written once. */
export const PublicRoutes = {
  contact: PublicOperations.contact.path, // POST ContactMessageInput -> { statusCode: 200, statusMessage }
  siteConfig: PublicOperations.siteConfig.path, // GET -> SiteConfigResponse
} as const;
