import { z } from 'zod';
import { STAFF_ROLES } from '../../roles.ts';
import { staffMemberSchema } from './backoffice.ts';

/** A request that needs a second, independent admin (decision 044): to create an admin or master agent, or a number change. */
export const staffRequestViewSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['create', 'change_mobile']),
  status: z.enum(['pending', 'approved', 'rejected']),
  username: z.string(),
  displayName: z.string().nullable(),
  role: z.enum(STAFF_ROLES),
  /** The number the enrolment link goes to (create), or the new number (change_mobile). */
  mobileNo: z.string(),
  referralCode: z.string().nullable(),
  proposedBy: z.object({ id: z.number().int(), username: z.string() }),
  proposedAt: z.string(),
  decidedBy: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  decidedAt: z.string().nullable(),
  /** The account the request made (create, once approved) or changes (change_mobile). */
  staffId: z.number().int().nullable(),
  /** create: the master-agent application this request approves a second time (decision 044), if any. */
  applicationId: z.number().int().nullable(),
});

export const staffRequestListResponseSchema = z.object({
  statusCode: z.literal(200),
  requests: z.array(staffRequestViewSchema),
});

export const staffRequestResponseSchema = z.object({ statusCode: z.literal(200), request: staffRequestViewSchema });

/**
 * A new staff member: made at once (an agent; the installation's only admin creating the next one), or a
 * request waiting for a second admin. Neither answer carries an enrolment link: it goes by SMS only.
 */
export const createStaffResponseSchema = z.discriminatedUnion('outcome', [
  z.object({
    statusCode: z.literal(200),
    outcome: z.literal('created'),
    staff: staffMemberSchema,
    /** Whether a one-time enrolment link was texted to the staff member's own number. */
    enrolmentLinkSent: z.boolean(),
  }),
  z.object({ statusCode: z.literal(200), outcome: z.literal('pending'), request: staffRequestViewSchema }),
]);

/** The approval of a request: the request, decided, and whether an enrolment link went out by SMS. */
export const staffRequestDecisionResponseSchema = z.object({
  statusCode: z.literal(200),
  request: staffRequestViewSchema,
  enrolmentLinkSent: z.boolean(),
});

export const enrolmentLinkSentResponseSchema = z.object({ statusCode: z.literal(200), sentTo: z.string() });

/** What the enrolment page shows for a good link: whose account, and the new secret with its QR code. */
export const enrolmentLinkOfferResponseSchema = z.object({
  statusCode: z.literal(200),
  username: z.string(),
  displayName: z.string(),
  secret: z.string(),
  otpauthUri: z.string(),
  qrCode: z.string(),
});

export const enrolmentLinkDoneResponseSchema = z.object({
  statusCode: z.literal(200),
  username: z.string(),
  recoveryCodes: z.array(z.string()),
});
