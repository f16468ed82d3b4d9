import { enrolmentLinkConfirmSchema, fieldErrorsOf, type EnrolmentLinkConfirmInput } from '@karera/shared';

/** 32 random bytes in base64url: the token a staff enrolment link carries after its '#'. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The one-time token of the link texted to a staff member (decision 044), from the address's fragment
 * (which the browser never sends to a server); null when the page was opened without one.
 */
export function tokenFromFragment(hash: string): string | null {
  const token = hash.startsWith('#') ? hash.slice(1) : hash;
  return TOKEN.test(token) ? token : null;
}

export interface EnrolmentDraft {
  password: string;
  confirmPassword: string;
  code: string;
}

export type EnrolmentField = keyof EnrolmentDraft;

export type EnrolmentCheck =
  { ok: true; body: EnrolmentLinkConfirmInput } | { ok: false; fieldErrors: Partial<Record<EnrolmentField, string>> };

/** The confirmation's body, or each field's message, by the server's own schema. */
export function checkEnrolment(token: string, draft: EnrolmentDraft): EnrolmentCheck {
  const result = enrolmentLinkConfirmSchema.safeParse({ token, ...draft });
  if (result.success) return { ok: true, body: result.data };
  const errors = fieldErrorsOf(result.error);
  const fieldErrors: Partial<Record<EnrolmentField, string>> = {};
  for (const field of ['password', 'confirmPassword', 'code'] as const) {
    const message = errors[field];
    if (message) fieldErrors[field] = message;
  }
  return { ok: false, fieldErrors };
}
