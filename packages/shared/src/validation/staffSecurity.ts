import { z } from 'zod';

export const StaffSecurityMessages = {
  codeRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  invalidCode: 'Invalid code.',
  locked: 'Too many failed sign-ins for this account. Try again in {{seconds}} s.',
  signInAgain: 'Please sign in again.',
  alreadyEnrolled: 'Two-factor sign-in is already set up.',
  notEnrolled: 'Two-factor sign-in is not set up.',
  resetSelf: 'You cannot reset your own two-factor sign-in; ask another admin.',
  staffNotFound: 'Staff member not found.',
} as const;

/** A 6-digit code from the authenticator app, or a recovery code (XXXX-XXXX-XXXX-XXXX, dashes optional). */
export const staffCodeSchema = z.strictObject({
  code: z
    .string(StaffSecurityMessages.codeRequired)
    .trim()
    .min(6, StaffSecurityMessages.codeRequired)
    .max(24, StaffSecurityMessages.codeRequired),
});
export type StaffCodeInput = z.infer<typeof staffCodeSchema>;

/** The lockout message with its wait, as the server answers it (429 with Retry-After). */
export function lockedMessage(seconds: number): string {
  return StaffSecurityMessages.locked.replace('{{seconds}}', String(seconds));
}
