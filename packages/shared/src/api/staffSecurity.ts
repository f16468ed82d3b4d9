import type { z } from 'zod';
import type { staffLoginResponseSchema } from './schemas/backoffice.ts';
import type {
  recoveryCodesResponseSchema,
  staffSecurityResponseSchema,
  staffTwoFactorListResponseSchema,
  totpEnrolledResponseSchema,
  totpEnrolmentResponseSchema,
} from './schemas/staffSecurity.ts';

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

export type TotpEnrolmentResponse = z.infer<typeof totpEnrolmentResponseSchema>;
export type TotpEnrolledResponse = z.infer<typeof totpEnrolledResponseSchema>;
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;
export type StaffSecurityResponse = z.infer<typeof staffSecurityResponseSchema>;
export type StaffTwoFactorListResponse = z.infer<typeof staffTwoFactorListResponseSchema>;
