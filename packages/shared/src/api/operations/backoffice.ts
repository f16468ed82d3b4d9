import { z } from 'zod';
import { AUDIT_SORTS, LIST_SORT_DIRECTIONS, PLAYER_SORT_KEYS } from '../backoffice.ts';
import { Audiences, defineOperations, pathOfOne } from '../contract.ts';
import { idParam, pageNumber, positiveIntegerText, MAX_ID } from '../params.ts';
import {
  adjustmentResponseSchema,
  auditListResponseSchema,
  contactListResponseSchema,
  loginLinkResponseSchema,
  playerDetailResponseSchema,
  playerListResponseSchema,
  smsOutboxResponseSchema,
  staffDoneResponseSchema,
  staffListResponseSchema,
  staffLoginResponseSchema,
  staffMeResponseSchema,
} from '../schemas/backoffice.ts';
import { createStaffResponseSchema } from '../schemas/staffRequests.ts';
import {
  balanceAdjustmentSchema,
  createStaffSchema,
  loginLinkSchema,
  staffLoginSchema,
} from '../../validation/backoffice.ts';

/** A page of a list (`?page=2`), and a search text where the list has one. */
const pageQuery = z.strictObject({
  page: pageNumber,
  q: z.string().trim().max(100).optional(),
});
/** The players list: a search, sorted on the server by one column, optionally only (un)verified players. */
const playerListQuery = pageQuery.extend({
  sort: z.enum(PLAYER_SORT_KEYS).default('id'),
  dir: z.enum(LIST_SORT_DIRECTIONS).default('desc'),
  verified: z.enum(['yes', 'no']).optional(),
});

/** A Manila calendar day, YYYY-MM-DD, that exists (no 2026-02-30). */
const manilaDayText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD.')
  .refine((text) => {
    const [year, month, day] = text.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  }, 'Enter a date that exists.');

/**
 * The audit log's filters: a text (action, staff member, target, details, horse), one staff member, one
 * action, a range of Manila days (from and to included); newest or oldest first.
 */
const auditQuery = pageQuery.extend({
  staffId: positiveIntegerText(MAX_ID).optional(),
  action: z
    .string()
    .max(64)
    .regex(/^[a-z_]+(\.[a-z_]+)+$/, 'An action is written like racing.runner_scratched.')
    .optional(),
  from: manilaDayText.optional(),
  to: manilaDayText.optional(),
  sort: z.enum(AUDIT_SORTS).default('newest'),
});
const playerParams = z.strictObject({ playerId: idParam });
const PLAYER = '/api/backoffice/players/:playerId';

/**
 * The back office's sign-in, staff, players (detail, ledger entries, balance adjustments with an
 * Idempotency-Key header, login links), audit log, SMS outbox and contact messages. Every change audited.
 */
export const BackofficeOperations = defineOperations({
  login: {
    method: 'POST',
    path: '/api/backoffice/auth/login',
    audience: Audiences.public,
    summary: "A staff member's password: the next step of the sign-in, or signed in (rate limited; 429 while locked)",
    body: staffLoginSchema,
    response: staffLoginResponseSchema,
  },
  logout: {
    method: 'POST',
    path: '/api/backoffice/auth/logout',
    audience: Audiences.public,
    summary: 'Ends the staff session or sign-in step, if any',
    body: z.strictObject({}).optional(),
    response: staffDoneResponseSchema,
  },
  me: {
    method: 'GET',
    path: '/api/backoffice/auth/me',
    audience: Audiences.anyStaff,
    summary: 'The signed-in staff member',
    response: staffMeResponseSchema,
  },
  staff: {
    method: 'GET',
    path: '/api/backoffice/staff',
    audience: Audiences.admins,
    summary: 'Every staff member (admins)',
    response: staffListResponseSchema,
  },
  createStaff: {
    method: 'POST',
    path: '/api/backoffice/staff',
    audience: Audiences.admins,
    summary:
      'A new staff member (admins): an agent at once; an admin or master agent waits for a second, independent admin. Enrolment links go by SMS only',
    body: createStaffSchema,
    response: createStaffResponseSchema,
  },
  players: {
    method: 'GET',
    path: '/api/backoffice/players',
    audience: Audiences.anyStaff,
    summary:
      'Players in scope, by mobile number or name, optionally only (un)verified ones, sorted by a column, a page at a time',
    querystring: playerListQuery,
    response: playerListResponseSchema,
  },
  player: {
    method: 'GET',
    path: PLAYER,
    audience: Audiences.anyStaff,
    summary: 'A player in scope with their ledger entries',
    params: playerParams,
    response: playerDetailResponseSchema,
  },
  adjustBalance: {
    method: 'POST',
    path: `${PLAYER}/adjustments`,
    audience: Audiences.admins,
    summary:
      "Adjusts a player's credit or bonus with a reason; above the threshold it waits for a second admin (admins, Idempotency-Key header)",
    params: playerParams,
    body: balanceAdjustmentSchema,
    response: adjustmentResponseSchema,
  },
  loginLink: {
    method: 'POST',
    path: `${PLAYER}/login-link`,
    audience: Audiences.admins,
    summary: 'A single-use login link for a player, for a written reason; the player is told by SMS (admins)',
    params: playerParams,
    body: loginLinkSchema,
    response: loginLinkResponseSchema,
  },
  contacts: {
    method: 'GET',
    path: '/api/backoffice/contacts',
    audience: Audiences.admins,
    summary: 'Messages of the contact form, newest first (admins)',
    querystring: pageQuery,
    response: contactListResponseSchema,
  },
  smsOutbox: {
    method: 'GET',
    path: '/api/backoffice/sms-outbox',
    audience: Audiences.admins,
    summary: 'Text messages sent or stored, newest first, by mobile number (admins)',
    querystring: pageQuery,
    response: smsOutboxResponseSchema,
  },
  audit: {
    method: 'GET',
    path: '/api/backoffice/audit',
    audience: Audiences.admins,
    summary:
      'The audit log, newest or oldest first, filtered by text, staff member, action and Manila days (admins); 400 when from is after to',
    querystring: auditQuery,
    response: auditListResponseSchema,
  },
});

/** The back office's paths, for callers: built from the operations, so each path is written once. */
export const BackofficeRoutes = {
  login: BackofficeOperations.login.path, // POST StaffLoginInput -> StaffMeResponse
  logout: BackofficeOperations.logout.path, // POST {} -> { statusCode }
  me: BackofficeOperations.me.path, // GET -> StaffMeResponse
  staff: BackofficeOperations.staff.path, // GET -> StaffListResponse (admin); POST CreateStaffInput -> { staff }
  players: BackofficeOperations.players.path, // GET ?q=&page=&sort=&dir=&verified= -> PlayerListResponse
  player: pathOfOne(BackofficeOperations.player), // GET -> PlayerDetailResponse
  // POST BalanceAdjustmentInput with header Idempotency-Key -> AdjustmentResponse (admin)
  adjustments: pathOfOne(BackofficeOperations.adjustBalance),
  contacts: BackofficeOperations.contacts.path, // GET ?page= -> ContactListResponse (admin)
  // GET ?page=&q=&staffId=&action=&from=&to=&sort= -> AuditListResponse (admin)
  audit: BackofficeOperations.audit.path,
  smsOutbox: BackofficeOperations.smsOutbox.path, // GET ?page=&q= -> SmsOutboxResponse (admin)
  // POST LoginLinkInput { reason } -> LoginLinkResponse (admin only; audited, the player is told by SMS)
  loginLink: pathOfOne(BackofficeOperations.loginLink),
} as const;
