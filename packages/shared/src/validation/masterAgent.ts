import { z } from 'zod';
import { pageNumber } from '../api/params.ts';
import { normalizeMobile } from '../mobile.ts';
import {
  MASTER_AGENT_APPLICATION_STATUSES,
  MASTER_AGENT_EMAIL_MAX,
  MASTER_AGENT_NAME_MAX,
  MASTER_AGENT_PHOTO_MAX_BASE64,
  MASTER_AGENT_PHOTO_MAX_BYTES,
  MASTER_AGENT_PHOTO_TYPES,
  MasterAgentMessages,
  type MasterAgentPhotoKind,
} from './masterAgentMessages.ts';

/*
 * The master-agent registration form (docs/product/screens.md#master-agent-registration): email,
 * full name (first and last name, each with its own message), username, mobile number, Telegram account,
 * a selfie and a photo of a government ID. One rule set for the page and the server.
 */

/** The same rule as staff usernames (createStaffSchema): the approved applicant logs in with it. */
const USERNAME = /^[A-Za-z0-9._-]{3,32}$/;
/** Telegram usernames: 5-32 characters, letters, digits and underscores, starting with a letter. */
const TELEGRAM = /^[A-Za-z][A-Za-z0-9_]{4,31}$/;
const EMAIL = z.regexes.email;

/** @handle, from "@handle", "handle" or a t.me link; null when it is not a Telegram username. */
export function normalizeTelegram(input: string): string | null {
  const handle = input
    .trim()
    .replace(/^(?:https?:\/\/)?(?:www\.)?(?:t\.me|telegram\.me)\//i, '')
    .replace(/^@/, '');
  return TELEGRAM.test(handle) ? `@${handle}` : null;
}

export interface MasterAgentTextFields {
  email: string;
  firstName: string;
  lastName: string;
  username: string;
  mobile: string;
  telegram: string;
}
export type MasterAgentField = keyof MasterAgentTextFields | MasterAgentPhotoKind;
/** The form's fields in the order they are shown (the first error gets the focus). */
export const MASTER_AGENT_FIELDS: readonly MasterAgentField[] = [
  'email',
  'firstName',
  'lastName',
  'username',
  'mobile',
  'telegram',
  'selfie',
  'govId',
];

/** Every rule of the text fields, field by field, so a form can flag each one. */
export function masterAgentTextErrors(v: MasterAgentTextFields): Partial<Record<MasterAgentField, string>> {
  const errors: Partial<Record<MasterAgentField, string>> = {};
  const email = v.email.trim();
  if (email.length > MASTER_AGENT_EMAIL_MAX || !EMAIL.test(email)) errors.email = MasterAgentMessages.invalidEmail;
  if (v.firstName.trim() === '') errors.firstName = MasterAgentMessages.firstNameRequired;
  else if (v.firstName.trim().length > MASTER_AGENT_NAME_MAX) errors.firstName = MasterAgentMessages.nameTooLong;
  if (v.lastName.trim() === '') errors.lastName = MasterAgentMessages.lastNameRequired;
  else if (v.lastName.trim().length > MASTER_AGENT_NAME_MAX) errors.lastName = MasterAgentMessages.nameTooLong;
  if (v.username.trim() === '') errors.username = MasterAgentMessages.usernameRequired;
  else if (!USERNAME.test(v.username.trim())) errors.username = MasterAgentMessages.usernameFormat;
  if (v.mobile.trim() === '') errors.mobile = MasterAgentMessages.mobileRequired;
  else if (normalizeMobile(v.mobile) === null) errors.mobile = MasterAgentMessages.invalidMobile;
  if (v.telegram.trim() === '') errors.telegram = MasterAgentMessages.telegramRequired;
  else if (normalizeTelegram(v.telegram) === null) errors.telegram = MasterAgentMessages.telegramFormat;
  return errors;
}

const PHOTO_REQUIRED: Record<MasterAgentPhotoKind, string> = {
  selfie: MasterAgentMessages.selfieRequired,
  govId: MasterAgentMessages.govIdRequired,
};

/** A chosen photo file, checked before it is sent: present, an accepted type, within the size limit. */
export function masterAgentPhotoError(
  kind: MasterAgentPhotoKind,
  file: { size: number; type: string } | null,
): string | null {
  if (!file) return PHOTO_REQUIRED[kind];
  if (!(MASTER_AGENT_PHOTO_TYPES as readonly string[]).includes(file.type)) return MasterAgentMessages.photoType;
  if (file.size > MASTER_AGENT_PHOTO_MAX_BYTES) return MasterAgentMessages.photoTooLarge;
  return null;
}

/**
 * The application as sent: text fields, and each photo as base64 (optionally a data: URL). The photos'
 * type, size and pixels are checked by the server on the bytes themselves, never from what the client says.
 */
export const masterAgentApplicationSchema = z
  .strictObject({
    email: z.string(MasterAgentMessages.invalidEmail).max(1000, MasterAgentMessages.invalidEmail),
    firstName: z.string(MasterAgentMessages.firstNameRequired).max(1000, MasterAgentMessages.nameTooLong),
    lastName: z.string(MasterAgentMessages.lastNameRequired).max(1000, MasterAgentMessages.nameTooLong),
    username: z.string(MasterAgentMessages.usernameRequired).max(1000, MasterAgentMessages.usernameFormat),
    mobile: z.string(MasterAgentMessages.mobileRequired).max(1000, MasterAgentMessages.invalidMobile),
    telegram: z.string(MasterAgentMessages.telegramRequired).max(1000, MasterAgentMessages.telegramFormat),
    selfie: z
      .string(MasterAgentMessages.selfieRequired)
      .min(1, MasterAgentMessages.selfieRequired)
      .max(MASTER_AGENT_PHOTO_MAX_BASE64, MasterAgentMessages.photoTooLarge),
    govId: z
      .string(MasterAgentMessages.govIdRequired)
      .min(1, MasterAgentMessages.govIdRequired)
      .max(MASTER_AGENT_PHOTO_MAX_BASE64, MasterAgentMessages.photoTooLarge),
    idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'A request key (8-100 letters or digits) is required.'),
  })
  .superRefine((value, ctx) => {
    for (const [field, message] of Object.entries(masterAgentTextErrors(value))) {
      ctx.addIssue({ code: 'custom', message, path: [field] });
    }
  })
  .transform((v) => ({
    ...v,
    email: v.email.trim(),
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    username: v.username.trim(),
    // Both checked by masterAgentTextErrors above.
    mobile: normalizeMobile(v.mobile) ?? v.mobile,
    telegram: normalizeTelegram(v.telegram) ?? v.telegram,
  }));
export type MasterAgentApplicationInput = z.input<typeof masterAgentApplicationSchema>;
export type MasterAgentApplication = z.output<typeof masterAgentApplicationSchema>;

export const masterAgentDeclineSchema = z.strictObject({
  reason: z
    .string(MasterAgentMessages.declineReason)
    .trim()
    .min(5, MasterAgentMessages.declineReason)
    .max(500, MasterAgentMessages.declineReason),
});
export type MasterAgentDeclineInput = z.infer<typeof masterAgentDeclineSchema>;

export const masterAgentListQuerySchema = z.strictObject({
  status: z.enum(MASTER_AGENT_APPLICATION_STATUSES).optional(),
  // Read strictly from the query string (digits only), as every page number is.
  page: pageNumber,
});
