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

/*
 * Back-office API contract. Routes live under /api/backoffice; reads are GET, changes are POST with
 * a JSON body. Every success answers { statusCode: 200, ...body }; every refusal an ErrorBody.
 * Authentication is the HttpOnly cookie set by login. The paths (BackofficeRoutes) are built from the
 * operations: api/operations/backoffice.ts.
 */

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
