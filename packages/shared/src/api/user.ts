import type { z } from 'zod';
import type {
  balanceResponseSchema,
  loginOtpRequiredResponseSchema,
  loginResponseSchema,
  profileResponseSchema,
  registerResponseSchema,
  unverifiedResponseSchema,
  updateProfileResponseSchema,
} from './schemas/user.ts';

// UserRoutes is built from its operations: api/operations/user.ts.

export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** An OTP was sent (register, resendOTP, forgotPassword). */
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** Login of a number with repeated failed logins: the password was right; the code sent by SMS finishes it. */
export type LoginOtpRequiredResponse = z.infer<typeof loginOtpRequiredResponseSchema>;

export type UnverifiedResponse = z.infer<typeof unverifiedResponseSchema>;

export type BalanceResponse = z.infer<typeof balanceResponseSchema>;

export type ProfileResponse = z.infer<typeof profileResponseSchema>;

export type UpdateProfileResponse = z.infer<typeof updateProfileResponseSchema>;
