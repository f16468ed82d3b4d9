import type { z } from 'zod';
import {
  BackofficeMessages,
  createStaffSchema,
  fieldErrorsOf,
  type CreateStaffResponse,
  type StaffRole,
} from '@karera/shared';
import type { BoT } from '../../i18n/useT.ts';

export type CreateStaffBody = z.output<typeof createStaffSchema>;

/** The create-staff form as typed. parentId is the select's value ('' when none is chosen). */
export interface StaffDraft {
  username: string;
  displayName: string;
  password: string;
  role: StaffRole;
  parentId: string;
  referralCode: string;
  /** The staff member's own number (decision 044): their one-time sign-in link goes there. */
  mobileNo: string;
}

export type StaffField = keyof StaffDraft;

export const EMPTY_STAFF_DRAFT: StaffDraft = {
  username: '',
  displayName: '',
  password: '',
  role: 'agent',
  parentId: '',
  referralCode: '',
  mobileNo: '',
};

/** Only agents hang under a master agent; admins have no referral code. */
export const needsParent = (role: StaffRole) => role === 'agent';
export const hasReferralCode = (role: StaffRole) => role !== 'admin';
/**
 * Admins and master agents always sign in with two factors, so they need a number for their link; an agent
 * needs one only where the server makes agents use two factors too (it then says so).
 */
export const needsMobile = (role: StaffRole) => role !== 'agent';

export type StaffCheck =
  { ok: true; body: CreateStaffBody } | { ok: false; fieldErrors: Partial<Record<StaffField, string>> };

/** The request body, or the messages to show beside each field, with the server's own schema. */
export function checkStaff(draft: StaffDraft): StaffCheck {
  const parentId = needsParent(draft.role) && draft.parentId ? Number(draft.parentId) : null;
  const referralCode = hasReferralCode(draft.role) && draft.referralCode.trim() ? draft.referralCode : null;
  const mobileNo = draft.mobileNo.trim();
  const result = createStaffSchema.safeParse({
    username: draft.username,
    displayName: draft.displayName,
    password: draft.password,
    role: draft.role,
    parentId,
    referralCode,
    ...(mobileNo ? { mobileNo } : {}),
  });
  const fieldErrors: Partial<Record<StaffField, string>> = result.success ? {} : fieldErrorsOf(result.error);
  if (needsParent(draft.role) && parentId === null) fieldErrors.parentId = BackofficeMessages.parentRequired;
  if (needsMobile(draft.role) && !mobileNo) fieldErrors.mobileNo = BackofficeMessages.staffMobileFormat;
  if (result.success && Object.keys(fieldErrors).length === 0) return { ok: true, body: result.data };
  return { ok: false, fieldErrors };
}

/** What happened: made at once (with or without a texted link), or waiting for a second admin (decision 044). */
export function createdText(t: BoT, answer: CreateStaffResponse): string {
  if (answer.outcome === 'pending') return t('staffAccess.pending', { username: answer.request.username });
  const { username } = answer.staff;
  if (answer.enrolmentLinkSent) return t('staffAccess.createdWithLink', { username });
  // An admin or master agent always gets a link, so none means the SMS failed; an agent may need none.
  return needsMobile(answer.staff.role)
    ? t('staffAccess.createdLinkFailed', { username })
    : t('staff.created', { username });
}
