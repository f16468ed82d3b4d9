import { z } from 'zod';
import { DUAL_CONTROL_STATUSES, DualControlMessages, dualControlSummarySchema } from '../../dualcontrol/rules.ts';

const staffRef = z.object({ id: z.number().int(), username: z.string(), displayName: z.string() });

/** A change waiting for a second admin, or decided by one (decision 045). */
export const dualControlRequestViewSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  subject: z.string(),
  summary: dualControlSummarySchema,
  status: z.enum(DUAL_CONTROL_STATUSES),
  proposedBy: staffRef,
  proposedAt: z.string(),
  decidedBy: staffRef.nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
});
export type DualControlRequestView = z.infer<typeof dualControlRequestViewSchema>;

export const dualControlListResponseSchema = z.object({
  statusCode: z.literal(200),
  /** Oldest first: the order they were proposed in. */
  pending: z.array(dualControlRequestViewSchema),
  /** The last decided, newest first. */
  recent: z.array(dualControlRequestViewSchema),
});
export type DualControlListResponse = z.infer<typeof dualControlListResponseSchema>;

/** A decision, or a proposal a settings form sent: the request as it stands and what happened. */
export const dualControlRequestResponseSchema = z.object({
  statusCode: z.literal(200),
  statusMessage: z.string(),
  request: dualControlRequestViewSchema,
});
export type DualControlRequestResponse = z.infer<typeof dualControlRequestResponseSchema>;

/** The answer of a settings form under dual control: nothing changed yet. */
export const proposalResponse = (request: DualControlRequestView): DualControlRequestResponse => ({
  statusCode: 200,
  statusMessage: DualControlMessages.proposed,
  request,
});
