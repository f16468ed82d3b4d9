import { z } from 'zod';
import { Audiences, defineOperations, pathOfOne } from '../contract.ts';
import { idParam } from '../params.ts';

import { staffDoneResponseSchema, staffMeResponseSchema } from '../schemas/backoffice.ts';
import {
  recoveryCodesResponseSchema,
  staffSecurityResponseSchema,
  staffTwoFactorListResponseSchema,
  totpEnrolledResponseSchema,
  totpEnrolmentResponseSchema,
} from '../schemas/staffSecurity.ts';
import { staffCodeSchema } from '../../validation/staffSecurity.ts';

/**
 * The second factor of staff sign-in (decision 021). The code and enrolment calls take the session cookie
 * of the sign-in step that the password opened (the same staff cookie, good for that step only); the
 * others a full staff session.
 */
export const StaffSecurityOperations = defineOperations({
  code: {
    method: 'POST',
    path: '/api/backoffice/auth/code',
    audience: Audiences.staffSignIn,
    summary:
      "The sign-in step's code from the authenticator app, or a recovery code: signed in (rate limited; 429 while locked)",
    body: staffCodeSchema,
    response: staffMeResponseSchema,
  },
  enrolment: {
    method: 'GET',
    path: '/api/backoffice/auth/enrolment',
    audience: Audiences.staffSignIn,
    summary: "A new authenticator app's secret and QR code, for the enrolment step (rate limited)",
    response: totpEnrolmentResponseSchema,
  },
  confirmEnrolment: {
    method: 'POST',
    path: '/api/backoffice/auth/enrolment',
    audience: Audiences.staffSignIn,
    summary:
      'Confirms the authenticator app with its first code: signed in, with recovery codes shown once (rate limited)',
    body: staffCodeSchema,
    response: totpEnrolledResponseSchema,
  },
  security: {
    method: 'GET',
    path: '/api/backoffice/security',
    audience: Audiences.anyStaff,
    summary: "The signed-in staff member's two-factor sign-in and recovery codes left",
    response: staffSecurityResponseSchema,
  },
  recoveryCodes: {
    method: 'POST',
    path: '/api/backoffice/security/recovery-codes',
    audience: Audiences.anyStaff,
    summary: 'New recovery codes for a current code; the old ones stop working (rate limited)',
    body: staffCodeSchema,
    response: recoveryCodesResponseSchema,
  },
  staffTwoFactor: {
    method: 'GET',
    path: '/api/backoffice/staff-two-factor',
    audience: Audiences.admins,
    summary: 'Whether each staff member has two-factor sign-in (admins)',
    response: staffTwoFactorListResponseSchema,
  },
  resetTwoFactor: {
    method: 'POST',
    path: '/api/backoffice/staff/:staffId/two-factor/reset',
    audience: Audiences.admins,
    summary: "Resets another staff member's two-factor sign-in: their sessions end, they enrol again (admins)",
    params: z.strictObject({ staffId: idParam }),
    body: z.strictObject({}).optional(),
    response: staffDoneResponseSchema,
  },
});

/**
 * Staff sign-in with two factors (decision 021). A password that is right answers which step comes
 * next: `done` (signed in), `code` (a code from the authenticator app or a recovery code) or `enrol`
 * (set up the authenticator app first). Until `done`, the session cookie reaches only that next step.
 * Built from the operations, so each path is written once.
 */
export const StaffSecurityRoutes = {
  code: StaffSecurityOperations.code.path, // POST StaffCodeInput -> StaffMeResponse
  // GET -> TotpEnrolmentResponse; POST StaffCodeInput -> TotpEnrolledResponse
  enrolment: StaffSecurityOperations.enrolment.path,
  security: StaffSecurityOperations.security.path, // GET -> StaffSecurityResponse (the signed-in staff member)
  recoveryCodes: StaffSecurityOperations.recoveryCodes.path, // POST StaffCodeInput -> { recoveryCodes }
  staffTwoFactor: StaffSecurityOperations.staffTwoFactor.path, // GET -> StaffTwoFactorListResponse (admin)
  // POST {} -> { statusCode } (admin; not oneself): the staff member enrols again at the next sign-in
  resetTwoFactor: pathOfOne(StaffSecurityOperations.resetTwoFactor),
} as const;
