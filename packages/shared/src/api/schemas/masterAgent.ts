import { z } from 'zod';
import { MASTER_AGENT_APPLICATION_STATUSES, MASTER_AGENT_PHOTO_KINDS } from '../../validation/masterAgentMessages.ts';

/** A staff member an application names: who decided it, or the account its approval created. */
const staffRefSchema = z.object({ id: z.number().int(), username: z.string() });

export const masterAgentApplicationSummarySchema = z.object({
  id: z.number().int(),
  status: z.enum(MASTER_AGENT_APPLICATION_STATUSES),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  email: z.string(),
  mobileNo: z.string(),
  telegram: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});

export const masterAgentApplicationViewSchema = masterAgentApplicationSummarySchema.extend({
  /** Only staff read it; the applicant is never shown why. */
  declineReason: z.string().nullable(),
  decidedBy: staffRefSchema.nullable(),
  /** The master-agent account an approval created. */
  staff: staffRefSchema.nullable(),
  /** The photos' sizes, never their bytes (only the photo route answers those). */
  photos: z.array(
    z.object({
      kind: z.enum(MASTER_AGENT_PHOTO_KINDS),
      width: z.number().int(),
      height: z.number().int(),
      bytes: z.number().int(),
    }),
  ),
});

export const masterAgentApplicationListResponseSchema = z.object({
  statusCode: z.literal(200),
  applications: z.array(masterAgentApplicationSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const masterAgentApplicationDetailResponseSchema = z.object({
  statusCode: z.literal(200),
  application: masterAgentApplicationViewSchema,
});

/** Whether the SMS with the new account's password went out (the password is never in an answer). */
const passwordSmsSchema = z.enum(['sent', 'failed']);

export const masterAgentDecisionResponseSchema = z.object({
  statusCode: z.literal(200),
  application: masterAgentApplicationViewSchema,
  /** Approval only (absent on a replayed approval or a decline). */
  passwordSms: passwordSmsSchema.optional(),
});

export const masterAgentPasswordResponseSchema = z.object({
  statusCode: z.literal(200),
  passwordSms: passwordSmsSchema,
});
