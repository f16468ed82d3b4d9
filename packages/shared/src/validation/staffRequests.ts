import { z } from 'zod';
import { BackofficeMessages, staffMobileSchema } from './backoffice.ts';

/** How long a one-time enrolment link texted to a new staff member stays good (decision 044). */
export const STAFF_ENROLMENT_LINK_HOURS = 24;

/** Refusals and notices of staff requests and enrolment links (decision 044): each defined once, here. */
export const StaffRequestMessages = {
  requestNotFound: 'Staff request not found.',
  requestDecided: 'This request was already decided.',
  ownRequest: 'You asked for this: another, independent admin must approve it.',
  pendingForAccount: 'A request for this account already waits for a second admin.',
  mobileUnchanged: "This is already the staff member's number.",
  noMobile: 'This staff member has no mobile number on file: ask for one to be set first (a second admin approves it).',
  alreadyEnrolled: 'This staff member has already set up two-factor sign-in.',
  enrolThroughLink:
    'Set up two-factor sign-in first, through the link texted to your own mobile number. If it expired, ask an admin to send a new one.',
  linkInvalid:
    'This enrolment link is not valid: it was used, replaced by a newer one, or has expired. Ask an admin to send a new one.',
  linkSmsFailed: 'The enrolment link could not be sent by SMS. Please try again.',
  passwordsDiffer: 'The two passwords do not match.',
  staffNotFound: 'Staff member not found.',
  codeFormat: 'Enter the 6-digit code from your authenticator app.',
} as const;

/** A new number for a staff member: applied only when a second, independent admin approves. */
export const changeStaffMobileSchema = z.strictObject({ mobileNo: staffMobileSchema });
export type ChangeStaffMobileInput = z.input<typeof changeStaffMobileSchema>;

/** The one-time token of an enrolment link (43 base64url characters: 32 random bytes). */
const enrolmentToken = z
  .string(StaffRequestMessages.linkInvalid)
  .regex(/^[A-Za-z0-9_-]{43}$/, StaffRequestMessages.linkInvalid);

export const enrolmentLinkOfferSchema = z.strictObject({ token: enrolmentToken });
export type EnrolmentLinkOfferInput = z.infer<typeof enrolmentLinkOfferSchema>;

/** The staff member's own new password (the creator's stops working) and a first code of the new secret. */
export const enrolmentLinkConfirmSchema = z
  .strictObject({
    token: enrolmentToken,
    password: z
      .string(BackofficeMessages.staffPasswordLength)
      .min(10, BackofficeMessages.staffPasswordLength)
      .max(128, BackofficeMessages.staffPasswordLength),
    confirmPassword: z.string(StaffRequestMessages.passwordsDiffer),
    code: z
      .string(StaffRequestMessages.codeFormat)
      .trim()
      .regex(/^\d{6}$/, StaffRequestMessages.codeFormat),
  })
  .refine((input) => input.password === input.confirmPassword, {
    message: StaffRequestMessages.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type EnrolmentLinkConfirmInput = z.infer<typeof enrolmentLinkConfirmSchema>;
