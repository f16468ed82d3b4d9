import type { AdjustableAccount, PlayerAccountKind } from '../ledger.ts';
import type { StaffRole } from '../roles.ts';

/**
 * Back-office API contract. Routes live under /api/backoffice; reads are GET, changes are POST with
 * a JSON body. Every success answers { statusCode: 200, ...body }; every refusal an ErrorBody.
 * Authentication is the HttpOnly cookie set by login.
 */
export const BackofficeRoutes = {
  login: '/api/backoffice/auth/login', // POST StaffLoginInput -> StaffMeResponse
  logout: '/api/backoffice/auth/logout', // POST {} -> { statusCode }
  me: '/api/backoffice/auth/me', // GET -> StaffMeResponse
  staff: '/api/backoffice/staff', // GET -> StaffListResponse (admin); POST CreateStaffInput -> { staff }
  players: '/api/backoffice/players', // GET ?q=&page= -> PlayerListResponse
  player: (playerId: number) => `/api/backoffice/players/${playerId}`, // GET -> PlayerDetailResponse
  // POST BalanceAdjustmentInput with header Idempotency-Key -> AdjustmentResponse (admin)
  adjustments: (playerId: number) => `/api/backoffice/players/${playerId}/adjustments`,
  contacts: '/api/backoffice/contacts', // GET ?page= -> ContactListResponse (admin)
  audit: '/api/backoffice/audit', // GET ?page= -> AuditListResponse (admin)
  smsOutbox: '/api/backoffice/sms-outbox', // GET ?page=&q= -> SmsOutboxResponse (admin)
  // POST LoginLinkInput { reason } -> LoginLinkResponse (admin only; audited, the player is told by SMS)
  loginLink: (playerId: number) => `/api/backoffice/players/${playerId}/login-link`,
} as const;

export interface SmsOutboxEntry {
  id: number;
  mobileNo: string;
  message: string;
  purpose: string;
  /** stored (outbox sender), sent or failed (gateway). */
  status: 'stored' | 'sent' | 'failed';
  createdAt: string;
}

export interface SmsOutboxResponse extends Paged {
  statusCode: 200;
  messages: SmsOutboxEntry[];
}

export interface LoginLinkResponse {
  statusCode: 200;
  /** Site-relative link, e.g. /?p=12&s=<token>; single use. */
  url: string;
  expiresAt: string;
}

export interface StaffMember {
  id: number;
  username: string;
  displayName: string;
  role: StaffRole;
  parentId: number | null;
  referralCode: string | null;
  createdAt: string;
}

export interface StaffMeResponse {
  statusCode: 200;
  staff: StaffMember;
}

export interface StaffListResponse {
  statusCode: 200;
  staff: StaffMember[];
}

export interface Paged {
  total: number;
  page: number;
  pageSize: number;
}

export interface PlayerSummary {
  playerId: number;
  mobileNo: string;
  firstName: string;
  lastName: string;
  verified: boolean;
  agentId: number | null;
  agentName: string | null;
  creditBalance: number;
  bonusBalance: number;
  createdAt: string;
}

export interface PlayerListResponse extends Paged {
  statusCode: 200;
  players: PlayerSummary[];
}

export interface LedgerEntryView {
  transactionId: number;
  postingId: number;
  createdAt: string;
  kind: string;
  /** How the wallet history names it, e.g. SYSTEM-ADJ. */
  paymentType: string;
  account: PlayerAccountKind;
  /** Signed centavos: positive increased the player's balance. */
  amount: number;
  description: string;
  reversesTransactionId: number | null;
}

export interface PlayerDetailResponse {
  statusCode: 200;
  player: PlayerSummary & { email: string | null; withdrawHoldBalance: number };
  entries: LedgerEntryView[];
}

export interface AdjustmentResponse {
  statusCode: 200;
  /** PENDING: above the threshold, stored until a second admin approves it (decision 020); nothing moved yet. */
  status: 'APPROVED' | 'PENDING';
  /** The stored adjustment waiting for its second approval; null when it moved at once. */
  adjustmentId: number | null;
  transactionId: number | null;
  account: AdjustableAccount;
  amount: number;
  creditBalance: number;
  bonusBalance: number;
}

export interface ContactMessageView {
  id: number;
  name: string;
  email: string;
  reason: string;
  notes: string;
  createdAt: string;
}

export interface ContactListResponse extends Paged {
  statusCode: 200;
  messages: ContactMessageView[];
}

export interface AuditEntryView {
  id: number;
  createdAt: string;
  actorType: 'staff' | 'player' | 'system';
  actorId: number | null;
  actorName: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown>;
  ip: string | null;
}

export interface AuditListResponse extends Paged {
  statusCode: 200;
  entries: AuditEntryView[];
}
