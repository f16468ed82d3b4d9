import type { z } from 'zod';
import type { StaffMember } from './backoffice.ts';
import type { staffLoginResponseSchema } from './schemas/backoffice.ts';

/**
 * Staff sign-in with two factors (decision 021). A password that is right answers which step comes
 * next: `done` (signed in), `code` (a code from the authenticator app or a recovery code) or `enrol`
 * (set up the authenticator app first). Until `done`, the session cookie reaches only that next step.
 */
export const StaffSecurityRoutes = {
  code: '/api/backoffice/auth/code', // POST StaffCodeInput -> StaffMeResponse
  enrolment: '/api/backoffice/auth/enrolment', // GET -> TotpEnrolmentResponse; POST StaffCodeInput -> TotpEnrolledResponse
  security: '/api/backoffice/security', // GET -> StaffSecurityResponse (the signed-in staff member)
  recoveryCodes: '/api/backoffice/security/recovery-codes', // POST StaffCodeInput -> { recoveryCodes }
  staffTwoFactor: '/api/backoffice/staff-two-factor', // GET -> StaffTwoFactorListResponse (admin)
  // POST {} -> { statusCode } (admin; not oneself): the staff member enrols again at the next sign-in
  resetTwoFactor: (staffId: number) => `/api/backoffice/staff/${staffId}/two-factor/reset`,
} as const;

export type StaffLoginStep = 'done' | 'code' | 'enrol';

export type StaffLoginResponse = z.infer<typeof staffLoginResponseSchema>;

export interface TotpEnrolmentResponse {
  statusCode: 200;
  /** Base32, for typing into the app by hand. Returned only until enrolment is confirmed. */
  secret: string;
  /** otpauth:// address the QR code holds. */
  otpauthUri: string;
  /** The QR code as an SVG data URL, drawn by the server. */
  qrCode: string;
}

export interface TotpEnrolledResponse {
  statusCode: 200;
  staff: StaffMember;
  /** Single-use codes, shown this once. */
  recoveryCodes: string[];
}

export interface RecoveryCodesResponse {
  statusCode: 200;
  recoveryCodes: string[];
}

export interface StaffSecurityResponse {
  statusCode: 200;
  twoFactorEnabled: boolean;
  twoFactorRequired: boolean;
  enrolledAt: string | null;
  recoveryCodesLeft: number;
}

export interface StaffTwoFactorListResponse {
  statusCode: 200;
  staff: { staffId: number; twoFactorEnabled: boolean }[];
}
