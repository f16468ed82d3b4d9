import { z } from 'zod';
import { Audiences, defineOperations } from '../contract.ts';
import { idParam } from '../params.ts';
import { StaffSecurityRoutes } from '../staffSecurity.ts';
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
    path: StaffSecurityRoutes.code,
    audience: Audiences.staffSignIn,
    summary:
      "The sign-in step's code from the authenticator app, or a recovery code: signed in (rate limited; 429 while locked)",
    body: staffCodeSchema,
    response: staffMeResponseSchema,
  },
  enrolment: {
    method: 'GET',
    path: StaffSecurityRoutes.enrolment,
    audience: Audiences.staffSignIn,
    summary: "A new authenticator app's secret and QR code, for the enrolment step (rate limited)",
    response: totpEnrolmentResponseSchema,
  },
  confirmEnrolment: {
    method: 'POST',
    path: StaffSecurityRoutes.enrolment,
    audience: Audiences.staffSignIn,
    summary:
      'Confirms the authenticator app with its first code: signed in, with recovery codes shown once (rate limited)',
    body: staffCodeSchema,
    response: totpEnrolledResponseSchema,
  },
  security: {
    method: 'GET',
    path: StaffSecurityRoutes.security,
    audience: Audiences.anyStaff,
    summary: "The signed-in staff member's two-factor sign-in and recovery codes left",
    response: staffSecurityResponseSchema,
  },
  recoveryCodes: {
    method: 'POST',
    path: StaffSecurityRoutes.recoveryCodes,
    audience: Audiences.anyStaff,
    summary: 'New recovery codes for a current code; the old ones stop working (rate limited)',
    body: staffCodeSchema,
    response: recoveryCodesResponseSchema,
  },
  staffTwoFactor: {
    method: 'GET',
    path: StaffSecurityRoutes.staffTwoFactor,
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
