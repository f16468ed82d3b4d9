import { z } from 'zod';
import { lazySchema } from '../../validation/lazySchema.ts';

export const siteConfigResponseSchema = lazySchema(() =>
  z.object({
    statusCode: z.literal(200),
    /** Path of the Android package at the site root, when one is configured. */
    androidAppUrl: z.string().nullable(),
    defaultReferralCode: z.string(),
    telegramUrl: z.string(),
    facebookUrl: z.string(),
    supportEmail: z.string(),
    /** The external betting site of the account menu; null when none is configured (no link shown). */
    bettingSiteUrl: z.string().nullable(),
  }),
);
