import { z } from 'zod';
import { Audiences, defineOperations, messageResponseSchema, pathOfOne } from '../contract.ts';
import type { MasterAgentPhotoKind } from '../../validation/masterAgentMessages.ts';
import { idParam } from '../params.ts';
import {
  masterAgentApplicationDetailResponseSchema,
  masterAgentApplicationListResponseSchema,
  masterAgentDecisionResponseSchema,
  masterAgentSignInLinkResponseSchema,
} from '../schemas/masterAgent.ts';
import {
  masterAgentApplicationSchema,
  masterAgentDeclineSchema,
  masterAgentListQuerySchema,
} from '../../validation/masterAgent.ts';
import { MASTER_AGENT_PHOTO_KINDS } from '../../validation/masterAgentMessages.ts';

/** An application's id in the path, digits only (`0x2`, `2.0`, `1e0` are refused, never read as 2 or 1). */
export const masterAgentApplicationParamsSchema = z.strictObject({ id: idParam });
/**
 * The photo route's path. The photo itself is JPEG bytes, not JSON, so that route is not one of the
 * operations below (their answers are JSON schemas); the server describes its image answer itself.
 */
export const masterAgentPhotoParamsSchema = masterAgentApplicationParamsSchema.extend({
  kind: z.enum(MASTER_AGENT_PHOTO_KINDS),
});
/** No input: an empty object or no body. */
const emptyBody = z.strictObject({}).optional();

/** The applications' routes start here (the operations write their paths with `:id`). */
const APPLICATIONS = '/api/backoffice/master-agent-applications';
const APPLICATION = `${APPLICATIONS}/:id`;

/**
 * Master-agent registration: the public form, and the admins' review. Approve and decline also need the
 * Idempotency-Key header (a retried decision answers as the first did).
 */
export const MasterAgentOperations = defineOperations({
  apply: {
    method: 'POST',
    path: '/api/masteragent/register',
    audience: Audiences.public,
    summary: 'The master-agent application form with its two photos as base64 (rate limited per address)',
    body: masterAgentApplicationSchema,
    response: messageResponseSchema,
  },
  list: {
    method: 'GET',
    path: APPLICATIONS,
    audience: Audiences.admins,
    summary: 'Master-agent applications, newest first, by status (admins)',
    querystring: masterAgentListQuerySchema,
    response: masterAgentApplicationListResponseSchema,
  },
  detail: {
    method: 'GET',
    path: APPLICATION,
    audience: Audiences.admins,
    summary: "A master-agent application with its photos' sizes (admins)",
    params: masterAgentApplicationParamsSchema,
    response: masterAgentApplicationDetailResponseSchema,
  },
  approve: {
    method: 'POST',
    path: `${APPLICATION}/approve`,
    audience: Audiences.admins,
    summary:
      'Approves an application: a staff request another, independent admin approves to make the master-agent account, whose enrolment link then goes by SMS (admins; Idempotency-Key)',
    params: masterAgentApplicationParamsSchema,
    body: emptyBody,
    response: masterAgentDecisionResponseSchema,
  },
  decline: {
    method: 'POST',
    path: `${APPLICATION}/decline`,
    audience: Audiences.admins,
    summary: 'Declines an application with a reason only staff read (admins; Idempotency-Key)',
    params: masterAgentApplicationParamsSchema,
    body: masterAgentDeclineSchema,
    response: masterAgentDecisionResponseSchema,
  },
  sendSignInLink: {
    method: 'POST',
    path: `${APPLICATION}/send-sign-in-link`,
    audience: Audiences.admins,
    summary:
      "Sends the approved master agent a new one-time sign-in link by SMS, ending the account's password, authenticator and sessions (admins)",
    params: masterAgentApplicationParamsSchema,
    body: emptyBody,
    response: masterAgentSignInLinkResponseSchema,
  },
});

/**
 * Master-agent registration by path. The form is public (JSON with both photos as base64); everything else is
 * the back office's, for admins only. Built from the operations, so each path is written once.
 */
export const MasterAgentRoutes = {
  apply: MasterAgentOperations.apply.path,
} as const;

export const MasterAgentBackofficeRoutes = {
  list: MasterAgentOperations.list.path,
  detail: pathOfOne(MasterAgentOperations.detail),
  /** GET -> the photo's bytes (image/jpeg), never cached: a file route, not an operation. */
  photo: (id: number, kind: MasterAgentPhotoKind) => `${pathOfOne(MasterAgentOperations.detail)(id)}/photos/${kind}`,
  approve: pathOfOne(MasterAgentOperations.approve),
  decline: pathOfOne(MasterAgentOperations.decline),
  sendSignInLink: pathOfOne(MasterAgentOperations.sendSignInLink),
} as const;
