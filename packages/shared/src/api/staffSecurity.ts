import type { z } from 'zod';
import type { staffLoginResponseSchema } from './schemas/backoffice.ts';
import type {
  recoveryCodesResponseSchema,
  staffSecurityResponseSchema,
  staffTwoFactorListResponseSchema,
  totpEnrolledResponseSchema,
  totpEnrolmentResponseSchema,
} from './schemas/staffSecurity.ts';

// StaffSecurityRoutes is built from its operations: api/operations/staffSecurity.ts.

export type StaffLoginStep = 'done' | 'code' | 'enrol';

export type StaffLoginResponse = z.infer<typeof staffLoginResponseSchema>;

export type TotpEnrolmentResponse = z.infer<typeof totpEnrolmentResponseSchema>;
export type TotpEnrolledResponse = z.infer<typeof totpEnrolledResponseSchema>;
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;
export type StaffSecurityResponse = z.infer<typeof staffSecurityResponseSchema>;
export type StaffTwoFactorListResponse = z.infer<typeof staffTwoFactorListResponseSchema>;
