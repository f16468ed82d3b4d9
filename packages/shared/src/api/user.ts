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

/**
 * Player account calls (docs/product/accounts.md): POST /api/user/<func>, JSON, money in centavos.
 * Success: { statusCode: 200, ... }. Refusal: { statusCode, statusMessage, fieldErrors? }.
 * 107 = session missing, expired or revoked (the client logs out); 114 = account not verified.
 * The session travels in an HttpOnly cookie; API clients without cookies may send a
 * sessionId + playerId pair in the body instead.
 * Each path is written once, here: the operations (api/operations/user.ts) read them. They sit apart from
 * the operations' schemas so the landing page, which calls by path, loads none of them (its JavaScript budget).
 */
export const UserRoutes = {
  register: '/api/user/register', // RegisterInput -> RegisterResponse (OTP sent)
  otp: '/api/user/otp', // OtpInput: type P -> LoginResponse; type M (session) -> ProfileResponse
  resendOTP: '/api/user/resendOTP', // { mobileNo } -> RegisterResponse (a new OTP sent)
  forgotPassword: '/api/user/forgotPassword', // { mobileNo } -> RegisterResponse (a reset OTP sent)
  resetPassword: '/api/user/resetPassword', // ResetPasswordInput -> { statusCode, statusMessage }
  // LoginInput -> LoginResponse | UnverifiedResponse (114) | LoginOtpRequiredResponse (115)
  login: '/api/user/login',
  linkLogin: '/api/user/linkLogin', // { playerId, token } from ?p=&s= -> LoginResponse
  logout: '/api/user/logout', // {} -> { statusCode }
  getBalance: '/api/user/getBalance', // {} -> BalanceResponse
  getProfile: '/api/user/getProfile', // {} -> ProfileResponse
  updateProfile: '/api/user/updateProfile', // UpdateProfileInput -> UpdateProfileResponse
  changePassword: '/api/user/changePassword', // ChangePasswordInput -> { statusCode, statusMessage }
} as const;

export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** An OTP was sent (register, resendOTP, forgotPassword). */
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** Login of a number with repeated failed logins: the password was right; the code sent by SMS finishes it. */
export type LoginOtpRequiredResponse = z.infer<typeof loginOtpRequiredResponseSchema>;

export type UnverifiedResponse = z.infer<typeof unverifiedResponseSchema>;

export type BalanceResponse = z.infer<typeof balanceResponseSchema>;

export type ProfileResponse = z.infer<typeof profileResponseSchema>;

export type UpdateProfileResponse = z.infer<typeof updateProfileResponseSchema>;
