import { Audiences, defineOperations, messageResponseSchema } from '../contract.ts';
import {
  balanceResponseSchema,
  loginOutcomeResponseSchema,
  loginResponseSchema,
  logoutResponseSchema,
  otpResponseSchema,
  profileResponseSchema,
  registerResponseSchema,
  updateProfileResponseSchema,
} from '../schemas/user.ts';

import {
  changePasswordSchema,
  linkLoginSchema,
  loginSchema,
  mobileOnlySchema,
  otpSchema,
  registerSchema,
  resetPasswordSchema,
  sessionOnlySchema,
  updateProfileSchema,
} from '../../validation/player.ts';

/**
 * The player account calls (user/*, docs/product/accounts.md): POST, JSON; the session travels in the HttpOnly cookie.
 */
export const UserOperations = defineOperations({
  register: {
    method: 'POST',
    path: '/api/user/register',
    audience: Audiences.public,
    summary: 'Opens an account and sends the code that verifies it (otp type P)',
    body: registerSchema,
    response: registerResponseSchema,
  },
  otp: {
    method: 'POST',
    path: '/api/user/otp',
    audience: Audiences.public,
    summary:
      'Checks a code: type P verifies a new account and type L finishes a login (both answer a session); ' +
      'type M, signed in, confirms a new mobile number (answers the profile)',
    body: otpSchema,
    response: otpResponseSchema,
  },
  resendOTP: {
    method: 'POST',
    path: '/api/user/resendOTP',
    audience: Audiences.public,
    summary: 'Sends a new verification code; every number is answered alike',
    body: mobileOnlySchema,
    response: registerResponseSchema,
  },
  forgotPassword: {
    method: 'POST',
    path: '/api/user/forgotPassword',
    audience: Audiences.public,
    summary: 'Sends a password reset code; every number is answered alike',
    body: mobileOnlySchema,
    response: registerResponseSchema,
  },
  resetPassword: {
    method: 'POST',
    path: '/api/user/resetPassword',
    audience: Audiences.public,
    summary: 'Sets a new password with the reset code',
    body: resetPasswordSchema,
    response: messageResponseSchema,
  },
  login: {
    method: 'POST',
    path: '/api/user/login',
    audience: Audiences.public,
    summary:
      'Signs in with the mobile number and password: a session, or 114 (not verified: a code was sent) or ' +
      '115 (repeated failed logins: the code sent by SMS finishes it), all HTTP 200',
    body: loginSchema,
    response: loginOutcomeResponseSchema,
  },
  linkLogin: {
    method: 'POST',
    path: '/api/user/linkLogin',
    audience: Audiences.public,
    summary: 'Signs in with a login link issued by an admin (?p=&s=)',
    body: linkLoginSchema,
    response: loginResponseSchema,
  },
  logout: {
    method: 'POST',
    path: '/api/user/logout',
    audience: Audiences.player,
    summary: 'Ends the session',
    body: sessionOnlySchema.optional(),
    response: logoutResponseSchema,
  },
  getBalance: {
    method: 'POST',
    path: '/api/user/getBalance',
    audience: Audiences.player,
    summary: "The player's credit and bonus balances, centavos",
    body: sessionOnlySchema.optional(),
    response: balanceResponseSchema,
  },
  getProfile: {
    method: 'POST',
    path: '/api/user/getProfile',
    audience: Audiences.player,
    summary: "The player's profile and balances",
    body: sessionOnlySchema.optional(),
    response: profileResponseSchema,
  },
  updateProfile: {
    method: 'POST',
    path: '/api/user/updateProfile',
    audience: Audiences.player,
    summary: 'Changes the names and email; a new mobile number changes only after its code (otp type M)',
    body: updateProfileSchema,
    response: updateProfileResponseSchema,
  },
  changePassword: {
    method: 'POST',
    path: '/api/user/changePassword',
    audience: Audiences.player,
    summary: "Changes the password; the player's other sessions end",
    body: changePasswordSchema,
    response: messageResponseSchema,
  },
});

/**
 * Player account calls (docs/product/accounts.md): POST /api/user/<func>, JSON, money in centavos.
 * Success: { statusCode: 200, ... }. Refusal: { statusCode, statusMessage, fieldErrors? }.
 * 107 = session missing, expired or revoked (the client logs out); 114 = account not verified.
 * The session travels in an HttpOnly cookie; API clients without cookies may send a
 * sessionId + playerId pair in the body instead.
 * Built from the operations, so each path is written once.
 */
export const UserRoutes = {
  register: UserOperations.register.path, // RegisterInput -> RegisterResponse (OTP sent)
  otp: UserOperations.otp.path, // OtpInput: type P -> LoginResponse; type M (session) -> ProfileResponse
  resendOTP: UserOperations.resendOTP.path, // { mobileNo } -> RegisterResponse (a new OTP sent)
  forgotPassword: UserOperations.forgotPassword.path, // { mobileNo } -> RegisterResponse (a reset OTP sent)
  resetPassword: UserOperations.resetPassword.path, // ResetPasswordInput -> { statusCode, statusMessage }
  // LoginInput -> LoginResponse | UnverifiedResponse (114) | LoginOtpRequiredResponse (115)
  login: UserOperations.login.path,
  linkLogin: UserOperations.linkLogin.path, // { playerId, token } from ?p=&s= -> LoginResponse
  logout: UserOperations.logout.path, // {} -> { statusCode }
  getBalance: UserOperations.getBalance.path, // {} -> BalanceResponse
  getProfile: UserOperations.getProfile.path, // {} -> ProfileResponse
  updateProfile: UserOperations.updateProfile.path, // UpdateProfileInput -> UpdateProfileResponse
  changePassword: UserOperations.changePassword.path, // ChangePasswordInput -> { statusCode, statusMessage }
} as const;
