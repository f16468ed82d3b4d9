import type { z } from 'zod';
import type {
  adjustmentResponseSchema,
  auditEntryViewSchema,
  auditListResponseSchema,
  contactListResponseSchema,
  contactMessageViewSchema,
  ledgerEntryViewSchema,
  loginLinkResponseSchema,
  playerDetailResponseSchema,
  playerListResponseSchema,
  playerSummarySchema,
  smsOutboxEntrySchema,
  smsOutboxResponseSchema,
  staffListResponseSchema,
  staffMemberSchema,
  staffMeResponseSchema,
} from './schemas/backoffice.ts';

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
  players: '/api/backoffice/players', // GET ?q=&page=&sort=&dir=&verified= -> PlayerListResponse
  player: (playerId: number) => `/api/backoffice/players/${playerId}`, // GET -> PlayerDetailResponse
  // POST BalanceAdjustmentInput with header Idempotency-Key -> AdjustmentResponse (admin)
  adjustments: (playerId: number) => `/api/backoffice/players/${playerId}/adjustments`,
  contacts: '/api/backoffice/contacts', // GET ?page= -> ContactListResponse (admin)
  // GET ?page=&q=&staffId=&action=&from=&to=&sort= -> AuditListResponse (admin)
  audit: '/api/backoffice/audit',
  smsOutbox: '/api/backoffice/sms-outbox', // GET ?page=&q= -> SmsOutboxResponse (admin)
  // POST LoginLinkInput { reason } -> LoginLinkResponse (admin only; audited, the player is told by SMS)
  loginLink: (playerId: number) => `/api/backoffice/players/${playerId}/login-link`,
} as const;

/** The columns the players list sorts by, on the server (a page is a slice of the sorted list). */
export const PLAYER_SORT_KEYS = ['id', 'name', 'registered', 'credit', 'bonus'] as const;
export type PlayerSortKey = (typeof PLAYER_SORT_KEYS)[number];
export const LIST_SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type ListSortDirection = (typeof LIST_SORT_DIRECTIONS)[number];
/** The audit log's orders: newest first (the default) or oldest first. */
export const AUDIT_SORTS = ['newest', 'oldest'] as const;
export type AuditSort = (typeof AUDIT_SORTS)[number];

export type SmsOutboxEntry = z.infer<typeof smsOutboxEntrySchema>;
export type SmsOutboxResponse = z.infer<typeof smsOutboxResponseSchema>;
export type LoginLinkResponse = z.infer<typeof loginLinkResponseSchema>;
export type StaffMember = z.infer<typeof staffMemberSchema>;
export type StaffMeResponse = z.infer<typeof staffMeResponseSchema>;
export type StaffListResponse = z.infer<typeof staffListResponseSchema>;

export interface Paged {
  total: number;
  page: number;
  pageSize: number;
}

export type PlayerSummary = z.infer<typeof playerSummarySchema>;
export type PlayerListResponse = z.infer<typeof playerListResponseSchema>;
export type LedgerEntryView = z.infer<typeof ledgerEntryViewSchema>;
export type PlayerDetailResponse = z.infer<typeof playerDetailResponseSchema>;
export type AdjustmentResponse = z.infer<typeof adjustmentResponseSchema>;
export type ContactMessageView = z.infer<typeof contactMessageViewSchema>;
export type ContactListResponse = z.infer<typeof contactListResponseSchema>;
export type AuditEntryView = z.infer<typeof auditEntryViewSchema>;
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;
