import type { Paged } from './backoffice.ts';
import type { MasterAgentApplicationStatus, MasterAgentPhotoKind } from '../validation/masterAgentMessages.ts';

/**
 * Master-agent registration. The form is public (POST, JSON with both photos as base64); everything else
 * is the back office's, for admins only. Photos are never public: only the admins' photo route returns them.
 */
export const MasterAgentRoutes = {
  apply: '/api/masteragent/register', // POST MasterAgentApplicationInput -> MasterAgentApplyResponse
} as const;

const APPLICATIONS = '/api/backoffice/master-agent-applications';

export const MasterAgentBackofficeRoutes = {
  list: APPLICATIONS, // GET ?status=&page= -> MasterAgentApplicationListResponse
  detail: (id: number) => `${APPLICATIONS}/${id}`, // GET -> MasterAgentApplicationDetailResponse
  /** GET -> the photo's bytes (image/jpeg), never cached. */
  photo: (id: number, kind: MasterAgentPhotoKind) => `${APPLICATIONS}/${id}/photos/${kind}`,
  // POST {} with header Idempotency-Key -> MasterAgentDecisionResponse
  approve: (id: number) => `${APPLICATIONS}/${id}/approve`,
  // POST MasterAgentDeclineInput with header Idempotency-Key -> MasterAgentDecisionResponse
  decline: (id: number) => `${APPLICATIONS}/${id}/decline`,
  // POST {} -> MasterAgentPasswordResponse: a new password for the approved account, by SMS
  sendPassword: (id: number) => `${APPLICATIONS}/${id}/send-password`,
} as const;

export interface MasterAgentApplyResponse {
  statusCode: 200;
  statusMessage: string;
}

export interface MasterAgentApplicationSummary {
  id: number;
  status: MasterAgentApplicationStatus;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  mobileNo: string;
  telegram: string;
  createdAt: string;
  decidedAt: string | null;
}

export interface MasterAgentApplicationView extends MasterAgentApplicationSummary {
  /** Only staff read it; the applicant is never shown why. */
  declineReason: string | null;
  decidedBy: { id: number; username: string } | null;
  /** The master-agent account an approval created. */
  staff: { id: number; username: string } | null;
  photos: Array<{ kind: MasterAgentPhotoKind; width: number; height: number; bytes: number }>;
}

export interface MasterAgentApplicationListResponse extends Paged {
  statusCode: 200;
  applications: MasterAgentApplicationSummary[];
}

export interface MasterAgentApplicationDetailResponse {
  statusCode: 200;
  application: MasterAgentApplicationView;
}

export interface MasterAgentDecisionResponse {
  statusCode: 200;
  application: MasterAgentApplicationView;
  /** Approval: whether the SMS with the new account's password went out (it is never in this answer). */
  passwordSms?: 'sent' | 'failed';
}

export interface MasterAgentPasswordResponse {
  statusCode: 200;
  passwordSms: 'sent' | 'failed';
}
