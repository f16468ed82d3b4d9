import { z } from 'zod';
import { ADJUSTABLE_ACCOUNTS, PLAYER_ACCOUNT_KINDS } from '../../ledger.ts';
import { STAFF_ROLES } from '../../roles.ts';
import { KYC_STATUSES } from '../../compliance/kyc.ts';

/** Centavos. */
const centavos = z.number().int();
const paged = { total: z.number().int(), page: z.number().int(), pageSize: z.number().int() };

export const staffMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  role: z.enum(STAFF_ROLES),
  parentId: z.number().int().nullable(),
  referralCode: z.string().nullable(),
  /** The staff member's own number, where enrolment links go (decision 044); null for older accounts. */
  mobileNo: z.string().nullable(),
  createdAt: z.string(),
});

/** The signed-in staff member (me, a code or enrolment that finished the sign-in, a new staff member). */
export const staffMeResponseSchema = z.object({ statusCode: z.literal(200), staff: staffMemberSchema });

export const staffListResponseSchema = z.object({ statusCode: z.literal(200), staff: z.array(staffMemberSchema) });

/**
 * A right password answers the next step of the sign-in (decision 021): `done` (signed in, with the staff
 * member), `code` (the authenticator app's code) or `enrol` (set up the authenticator app first).
 */
export const staffLoginResponseSchema = z.discriminatedUnion('step', [
  z.object({ statusCode: z.literal(200), step: z.literal('done'), staff: staffMemberSchema }),
  z.object({ statusCode: z.literal(200), step: z.enum(['code', 'enrol']) }),
]);

export const playerSummarySchema = z.object({
  playerId: z.number().int(),
  mobileNo: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The mobile number was verified by OTP at registration (not the player's identity). */
  verified: z.boolean(),
  /** The identity verification (KYC): the newest submission's status, or none. */
  kycStatus: z.enum(KYC_STATUSES),
  agentId: z.number().int().nullable(),
  agentName: z.string().nullable(),
  creditBalance: centavos,
  bonusBalance: centavos,
  createdAt: z.string(),
});

export const playerListResponseSchema = z.object({
  statusCode: z.literal(200),
  players: z.array(playerSummarySchema),
  ...paged,
});

export const ledgerEntryViewSchema = z.object({
  transactionId: z.number().int(),
  postingId: z.number().int(),
  createdAt: z.string(),
  kind: z.string(),
  /** How the wallet history names it, e.g. SYSTEM-ADJ. */
  paymentType: z.string(),
  account: z.enum(PLAYER_ACCOUNT_KINDS),
  /** Signed centavos: positive increased the player's balance. */
  amount: centavos,
  description: z.string(),
  reversesTransactionId: z.number().int().nullable(),
});

export const playerDetailResponseSchema = z.object({
  statusCode: z.literal(200),
  player: playerSummarySchema.extend({ email: z.string().nullable(), withdrawHoldBalance: centavos }),
  entries: z.array(ledgerEntryViewSchema),
});

export const adjustmentResponseSchema = z.object({
  statusCode: z.literal(200),
  /** PENDING: above the threshold, stored until a second admin approves it (decision 020); nothing moved yet. */
  status: z.enum(['APPROVED', 'PENDING']),
  /** The stored adjustment waiting for its second approval; null when it moved at once. */
  adjustmentId: z.number().int().nullable(),
  transactionId: z.number().int().nullable(),
  account: z.enum(ADJUSTABLE_ACCOUNTS),
  amount: centavos,
  creditBalance: centavos,
  bonusBalance: centavos,
});

export const contactMessageViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  reason: z.string(),
  notes: z.string(),
  createdAt: z.string(),
});

export const contactListResponseSchema = z.object({
  statusCode: z.literal(200),
  messages: z.array(contactMessageViewSchema),
  ...paged,
});

export const auditEntryViewSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  actorType: z.enum(['staff', 'player', 'system']),
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  /** The acting staff member's role, for a sentence such as "Admin ana …"; null for players and the system. */
  actorRole: z.enum(['admin', 'master_agent', 'agent']).nullable(),
  /**
   * The race (and runner) the entry is about, looked up when the entry is read, so the log can say
   * "runner 4 Bagyo in Race 3 of 25 Nov" rather than "runner #812"; null when it is about no race.
   */
  race: z
    .object({
      raceId: z.number().int(),
      raceNo: z.number().int(),
      eventId: z.number().int(),
      eventName: z.string(),
      /** Manila calendar date, YYYY-MM-DD. */
      raceDate: z.string(),
      runnerNo: z.string().nullable(),
      horseName: z.string().nullable(),
    })
    .nullable(),
});

export const auditListResponseSchema = z.object({
  statusCode: z.literal(200),
  entries: z.array(auditEntryViewSchema),
  ...paged,
});

export const smsOutboxEntrySchema = z.object({
  id: z.number().int(),
  mobileNo: z.string(),
  message: z.string(),
  purpose: z.string(),
  /** stored (outbox sender), sent or failed (gateway). */
  status: z.enum(['stored', 'sent', 'failed']),
  createdAt: z.string(),
});

export const smsOutboxResponseSchema = z.object({
  statusCode: z.literal(200),
  messages: z.array(smsOutboxEntrySchema),
  ...paged,
});

export const loginLinkResponseSchema = z.object({
  statusCode: z.literal(200),
  /** Site-relative link, e.g. /?p=12&s=<token>; single use. */
  url: z.string(),
  expiresAt: z.string(),
});

/** `{ statusCode: 200 }`: logout, a reset two-factor. */
export const staffDoneResponseSchema = z.object({ statusCode: z.literal(200) });
