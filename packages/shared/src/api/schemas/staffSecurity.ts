import { z } from 'zod';
import { staffMemberSchema } from './backoffice.ts';

export const totpEnrolmentResponseSchema = z.object({
  statusCode: z.literal(200),
  /** Base32, for typing into the app by hand. Returned only until enrolment is confirmed. */
  secret: z.string(),
  /** otpauth:// address the QR code holds. */
  otpauthUri: z.string(),
  /** The QR code as an SVG data URL, drawn by the server. */
  qrCode: z.string(),
});

/** Single-use codes, shown this once. */
const recoveryCodes = z.array(z.string());

/** Enrolment confirmed: signed in. */
export const totpEnrolledResponseSchema = z.object({
  statusCode: z.literal(200),
  staff: staffMemberSchema,
  recoveryCodes,
});

export const recoveryCodesResponseSchema = z.object({ statusCode: z.literal(200), recoveryCodes });

export const staffSecurityResponseSchema = z.object({
  statusCode: z.literal(200),
  twoFactorEnabled: z.boolean(),
  twoFactorRequired: z.boolean(),
  enrolledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});

export const staffTwoFactorListResponseSchema = z.object({
  statusCode: z.literal(200),
  staff: z.array(z.object({ staffId: z.number().int(), twoFactorEnabled: z.boolean() })),
});
