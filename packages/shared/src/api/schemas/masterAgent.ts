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
  /** That account's referral code, made at its approval, which its players register with. */
  referralCode: z.string().nullable(),
  /**
   * A first admin's approval waiting for a second, independent admin (decision 044): the staff request that
   * makes the account when approved. Null once decided, or before anyone approved.
   */
  pendingApproval: z.object({ staffRequestId: z.number().int(), proposedBy: staffRefSchema }).nullable(),
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

/** Whether the SMS with a new sign-in link went out (the link is never in an answer). */
const linkSmsSchema = z.enum(['sent', 'failed']);

/**
 * An approval (the application still pending, with its pendingApproval: decision 044) or a decline. No
 * password: the applicant sets their own through the enrolment link texted once the account is made.
 */
export const masterAgentDecisionResponseSchema = z.object({
  statusCode: z.literal(200),
  application: masterAgentApplicationViewSchema,
});

/**
 * A new one-time sign-in link (decision 044's enrolment link) for the approved account: whether the SMS
 * went, and the number it went to, masked. No password goes by SMS or shows to staff.
 */
export const masterAgentSignInLinkResponseSchema = z.object({
  statusCode: z.literal(200),
  linkSms: linkSmsSchema,
  sentTo: z.string(),
});
