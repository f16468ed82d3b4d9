import type { z } from 'zod';
import type { messageResponseSchema } from './contract.ts';
import type {
  masterAgentApplicationDetailResponseSchema,
  masterAgentApplicationListResponseSchema,
  masterAgentApplicationSummarySchema,
  masterAgentApplicationViewSchema,
  masterAgentDecisionResponseSchema,
  masterAgentSignInLinkResponseSchema,
} from './schemas/masterAgent.ts';
import type { MasterAgentPhotoKind } from '../validation/masterAgentMessages.ts';

/**
 * Master-agent registration. The form is public (POST, JSON with both photos as base64); everything else
 * is the back office's, for admins only. Photos are never public: only the admins' photo route returns them.
 */
export const MasterAgentRoutes = {
  apply: '/api/masteragent/register', // POST MasterAgentApplicationInput -> MasterAgentApplyResponse
} as const;

/** The applications' routes start here (the operations write their paths with `:id`). */
export const MASTER_AGENT_APPLICATIONS_ROUTE = '/api/backoffice/master-agent-applications';
const APPLICATIONS = MASTER_AGENT_APPLICATIONS_ROUTE;

export const MasterAgentBackofficeRoutes = {
  list: APPLICATIONS, // GET ?status=&page= -> MasterAgentApplicationListResponse
  detail: (id: number) => `${APPLICATIONS}/${id}`, // GET -> MasterAgentApplicationDetailResponse
  /** GET -> the photo's bytes (image/jpeg), never cached. */
  photo: (id: number, kind: MasterAgentPhotoKind) => `${APPLICATIONS}/${id}/photos/${kind}`,
  // POST {} with header Idempotency-Key -> MasterAgentDecisionResponse
  approve: (id: number) => `${APPLICATIONS}/${id}/approve`,
  // POST MasterAgentDeclineInput with header Idempotency-Key -> MasterAgentDecisionResponse
  decline: (id: number) => `${APPLICATIONS}/${id}/decline`,
  // POST {} -> MasterAgentSignInLinkResponse: a new one-time sign-in link for the approved account, by SMS
  sendSignInLink: (id: number) => `${APPLICATIONS}/${id}/send-sign-in-link`,
} as const;

export type MasterAgentApplyResponse = z.infer<typeof messageResponseSchema>;

export type MasterAgentApplicationSummary = z.infer<typeof masterAgentApplicationSummarySchema>;

export type MasterAgentApplicationView = z.infer<typeof masterAgentApplicationViewSchema>;

export type MasterAgentApplicationListResponse = z.infer<typeof masterAgentApplicationListResponseSchema>;

export type MasterAgentApplicationDetailResponse = z.infer<typeof masterAgentApplicationDetailResponseSchema>;

export type MasterAgentDecisionResponse = z.infer<typeof masterAgentDecisionResponseSchema>;

export type MasterAgentSignInLinkResponse = z.infer<typeof masterAgentSignInLinkResponseSchema>;
