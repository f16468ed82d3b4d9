import { z } from 'zod';
import { StatusCode } from '../status.ts';

/** A new session (login, a verified registration, a login code or link): the login fields. */
export const loginResponseSchema = z.object({
  statusCode: z.literal(200),
  /** Session token for API clients; the web app relies on the HttpOnly cookie and does not keep it. */
  sessionId: z.string(),
  playerId: z.number().int(),
  mobileNo: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** Centavos. */
  creditBalance: z.number().int(),
  bonusBalance: z.number().int(),
  agentId: z.number().int().nullable(),
});

/** An OTP was sent (register, resendOTP, forgotPassword). */
export const registerResponseSchema = z.object({
  statusCode: z.literal(200),
  playerId: z.number().int(),
  statusMessage: z.string(),
  /** Seconds until another code may be sent to the number (the resend throttle). */
  resendAfterSeconds: z.number().int(),
});

/** Login of a number with repeated failed logins: the password was right; the code sent by SMS finishes it. */
export const loginOtpRequiredResponseSchema = z.object({
  statusCode: z.literal(StatusCode.LOGIN_OTP_REQUIRED),
  playerId: z.number().int(),
  statusMessage: z.string(),
  /** Seconds until another code may be sent (0: at once); a new code was sent unless the number was throttled. */
  resendAfterSeconds: z.number().int(),
});

/** Login of an account not verified yet: the code sent by SMS verifies it. */
export const unverifiedResponseSchema = z.object({
  statusCode: z.literal(StatusCode.UNVERIFIED),
  playerId: z.number().int(),
  statusMessage: z.string(),
  /** Seconds until another code may be sent (0: at once); a new code was sent unless the number was throttled. */
  resendAfterSeconds: z.number().int(),
});

/** Every answer of login is HTTP 200: a session, or what the number needs first (114, 115). */
export const loginOutcomeResponseSchema = z.discriminatedUnion('statusCode', [
  loginResponseSchema,
  unverifiedResponseSchema,
  loginOtpRequiredResponseSchema,
]);

/** Centavos. */
export const balanceResponseSchema = z.object({
  statusCode: z.literal(200),
  creditBalance: z.number().int(),
  bonusBalance: z.number().int(),
});

export const profileResponseSchema = z.object({
  statusCode: z.literal(200),
  playerId: z.number().int(),
  mobileNo: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  emailAddress: z.string().nullable(),
  /** Centavos. */
  creditBalance: z.number().int(),
  bonusBalance: z.number().int(),
});

/**
 * otp: types P (a new account) and L (a login code) answer a session; type M (a new mobile number, signed
 * in) answers the profile. Tried in this order: a profile has no sessionId, a session no emailAddress.
 */
export const otpResponseSchema = z.union([loginResponseSchema, profileResponseSchema]);

export const updateProfileResponseSchema = z.object({
  statusCode: z.literal(200),
  firstName: z.string(),
  lastName: z.string(),
  statusMessage: z.string(),
  /** True when the mobile number will change only after the OTP sent to the new number (otp type M). */
  otpRequired: z.boolean(),
});

/** `{ statusCode: 200 }`: the session ended. */
export const logoutResponseSchema = z.object({ statusCode: z.literal(200) });
