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

// MasterAgentRoutes and MasterAgentBackofficeRoutes are built from their operations: api/operations/masterAgent.ts.

export type MasterAgentApplyResponse = z.infer<typeof messageResponseSchema>;

export type MasterAgentApplicationSummary = z.infer<typeof masterAgentApplicationSummarySchema>;

export type MasterAgentApplicationView = z.infer<typeof masterAgentApplicationViewSchema>;

export type MasterAgentApplicationListResponse = z.infer<typeof masterAgentApplicationListResponseSchema>;

export type MasterAgentApplicationDetailResponse = z.infer<typeof masterAgentApplicationDetailResponseSchema>;

export type MasterAgentDecisionResponse = z.infer<typeof masterAgentDecisionResponseSchema>;

export type MasterAgentSignInLinkResponse = z.infer<typeof masterAgentSignInLinkResponseSchema>;
