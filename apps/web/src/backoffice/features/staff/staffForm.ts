import type { z } from 'zod';
import { BackofficeMessages, createStaffSchema, fieldErrorsOf, type StaffRole } from '@karera/shared';

export type CreateStaffBody = z.output<typeof createStaffSchema>;

/** The create-staff form as typed. parentId is the select's value ('' when none is chosen). */
export interface StaffDraft {
  username: string;
  displayName: string;
  password: string;
  role: StaffRole;
  parentId: string;
  referralCode: string;
}

export type StaffField = keyof StaffDraft;

export const EMPTY_STAFF_DRAFT: StaffDraft = {
  username: '',
  displayName: '',
  password: '',
  role: 'agent',
  parentId: '',
  referralCode: '',
};

/** Only agents hang under a master agent; admins have no referral code. */
export const needsParent = (role: StaffRole) => role === 'agent';
export const hasReferralCode = (role: StaffRole) => role !== 'admin';

export type StaffCheck =
  { ok: true; body: CreateStaffBody } | { ok: false; fieldErrors: Partial<Record<StaffField, string>> };

/** The request body, or the messages to show beside each field, with the server's own schema. */
export function checkStaff(draft: StaffDraft): StaffCheck {
  const parentId = needsParent(draft.role) && draft.parentId ? Number(draft.parentId) : null;
  const referralCode = hasReferralCode(draft.role) && draft.referralCode.trim() ? draft.referralCode : null;
  const result = createStaffSchema.safeParse({
    username: draft.username,
    displayName: draft.displayName,
    password: draft.password,
    role: draft.role,
    parentId,
    referralCode,
  });
  const fieldErrors: Partial<Record<StaffField, string>> = result.success ? {} : fieldErrorsOf(result.error);
  if (needsParent(draft.role) && parentId === null) fieldErrors.parentId = BackofficeMessages.parentRequired;
  if (result.success && Object.keys(fieldErrors).length === 0) return { ok: true, body: result.data };
  return { ok: false, fieldErrors };
}
