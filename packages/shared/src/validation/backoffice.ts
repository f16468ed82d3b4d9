import { z } from 'zod';
import { ADJUSTABLE_ACCOUNTS } from '../ledger.ts';
import { STAFF_ROLES } from '../roles.ts';
import { normalizeMobile } from '../mobile.ts';
import { rowIdSchema } from './ids.ts';

export const LOGIN_LINK_REASON_MAX = 200;

export const BackofficeMessages = {
  loginRequired: 'Please enter username and password.',
  invalidLogin: 'Invalid username or password.',
  usernameFormat: 'Username must be 3-32 letters, digits, dots, dashes or underscores.',
  usernameTaken: 'Username already exists.',
  displayNameRequired: 'Please enter a display name.',
  staffPasswordLength: 'Password must be 10-128 characters long.',
  referralCodeFormat: 'Referral code must be 4-20 letters or digits.',
  referralCodeTaken: 'Referral code already exists.',
  parentRequired: 'An agent must belong to a master agent.',
  parentInvalid: 'Choose an existing master agent.',
  adjustmentAmount: 'Enter a non-zero amount in pesos, at most two decimals.',
  adjustmentReason: 'A reason of at least 5 characters is required.',
  adjustmentInsufficient: 'The adjustment would make the balance negative.',
  playerNotFound: 'Player not found.',
  forbidden: 'You do not have access to this.',
  notLoggedIn: 'Please log in.',
  loginLinkReason: "Please write why you open this player's account (at most 200 characters).",
  loginLinkSmsFailed: 'The player could not be told by SMS, so no login link was issued. Please try again.',
  staffMobileFormat: "Enter the staff member's own mobile number (09 and 9 digits, or +63).",
  auditDatesReversed: 'The “from” day must be on or before the “to” day.',
} as const;

export const staffLoginSchema = z.strictObject({
  username: z.string(BackofficeMessages.loginRequired).trim().min(1, BackofficeMessages.loginRequired),
  password: z.string(BackofficeMessages.loginRequired).min(1, BackofficeMessages.loginRequired),
});
export type StaffLoginInput = z.infer<typeof staffLoginSchema>;

/** A staff member's own mobile number (decision 044), stored as 09xxxxxxxxx. */
export const staffMobileSchema = z
  .string(BackofficeMessages.staffMobileFormat)
  .trim()
  .refine((value) => normalizeMobile(value) !== null, BackofficeMessages.staffMobileFormat)
  .transform((value) => normalizeMobile(value) ?? value);

export const createStaffSchema = z.strictObject({
  username: z
    .string(BackofficeMessages.usernameFormat)
    .trim()
    .regex(/^[A-Za-z0-9._-]{3,32}$/, BackofficeMessages.usernameFormat),
  displayName: z
    .string(BackofficeMessages.displayNameRequired)
    .trim()
    .min(1, BackofficeMessages.displayNameRequired)
    .max(60, BackofficeMessages.displayNameRequired),
  password: z
    .string(BackofficeMessages.staffPasswordLength)
    .min(10, BackofficeMessages.staffPasswordLength)
    .max(128, BackofficeMessages.staffPasswordLength),
  role: z.enum(STAFF_ROLES),
  /** Agents (and their players' referral) hang under a master agent. */
  parentId: rowIdSchema.nullable().optional(),
  /** Players who register with this code are linked to this agent. */
  referralCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{4,20}$/, BackofficeMessages.referralCodeFormat)
    .transform((code) => code.toUpperCase())
    .nullable()
    .optional(),
  /**
   * The staff member's own number (decision 044): their one-time enrolment link goes there. Needed by
   * everyone who signs in with two factors; the server says so when it is missing.
   */
  mobileNo: staffMobileSchema.optional(),
});
export type CreateStaffInput = z.input<typeof createStaffSchema>;

/** Amount is signed integer centavos: positive credits the player, negative debits. */
export const balanceAdjustmentSchema = z.strictObject({
  account: z.enum(ADJUSTABLE_ACCOUNTS),
  amount: z
    .number(BackofficeMessages.adjustmentAmount)
    .int(BackofficeMessages.adjustmentAmount)
    .refine((value) => value !== 0 && Math.abs(value) <= 100_000_000_00, BackofficeMessages.adjustmentAmount),
  reason: z
    .string(BackofficeMessages.adjustmentReason)
    .trim()
    .min(5, BackofficeMessages.adjustmentReason)
    .max(500, BackofficeMessages.adjustmentReason),
});
export type BalanceAdjustmentInput = z.infer<typeof balanceAdjustmentSchema>;

/** An admin opens a player's account only for a written reason, audited and told to the player (decision 020). */
export const loginLinkSchema = z.strictObject({
  reason: z
    .string(BackofficeMessages.loginLinkReason)
    .trim()
    .min(1, BackofficeMessages.loginLinkReason)
    .max(LOGIN_LINK_REASON_MAX, BackofficeMessages.loginLinkReason),
});
export type LoginLinkInput = z.infer<typeof loginLinkSchema>;
