import { UserRoutes } from '../user.ts';
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
    path: UserRoutes.register,
    audience: Audiences.public,
    summary: 'Opens an account and sends the code that verifies it (otp type P)',
    body: registerSchema,
    response: registerResponseSchema,
  },
  otp: {
    method: 'POST',
    path: UserRoutes.otp,
    audience: Audiences.public,
    summary:
      'Checks a code: type P verifies a new account and type L finishes a login (both answer a session); ' +
      'type M, signed in, confirms a new mobile number (answers the profile)',
    body: otpSchema,
    response: otpResponseSchema,
  },
  resendOTP: {
    method: 'POST',
    path: UserRoutes.resendOTP,
    audience: Audiences.public,
    summary: 'Sends a new verification code; every number is answered alike',
    body: mobileOnlySchema,
    response: registerResponseSchema,
  },
  forgotPassword: {
    method: 'POST',
    path: UserRoutes.forgotPassword,
    audience: Audiences.public,
    summary: 'Sends a password reset code; every number is answered alike',
    body: mobileOnlySchema,
    response: registerResponseSchema,
  },
  resetPassword: {
    method: 'POST',
    path: UserRoutes.resetPassword,
    audience: Audiences.public,
    summary: 'Sets a new password with the reset code',
    body: resetPasswordSchema,
    response: messageResponseSchema,
  },
  login: {
    method: 'POST',
    path: UserRoutes.login,
    audience: Audiences.public,
    summary:
      'Signs in with the mobile number and password: a session, or 114 (not verified: a code was sent) or ' +
      '115 (repeated failed logins: the code sent by SMS finishes it), all HTTP 200',
    body: loginSchema,
    response: loginOutcomeResponseSchema,
  },
  linkLogin: {
    method: 'POST',
    path: UserRoutes.linkLogin,
    audience: Audiences.public,
    summary: 'Signs in with a login link issued by an admin (?p=&s=)',
    body: linkLoginSchema,
    response: loginResponseSchema,
  },
  logout: {
    method: 'POST',
    path: UserRoutes.logout,
    audience: Audiences.player,
    summary: 'Ends the session',
    body: sessionOnlySchema.optional(),
    response: logoutResponseSchema,
  },
  getBalance: {
    method: 'POST',
    path: UserRoutes.getBalance,
    audience: Audiences.player,
    summary: "The player's credit and bonus balances, centavos",
    body: sessionOnlySchema.optional(),
    response: balanceResponseSchema,
  },
  getProfile: {
    method: 'POST',
    path: UserRoutes.getProfile,
    audience: Audiences.player,
    summary: "The player's profile and balances",
    body: sessionOnlySchema.optional(),
    response: profileResponseSchema,
  },
  updateProfile: {
    method: 'POST',
    path: UserRoutes.updateProfile,
    audience: Audiences.player,
    summary: 'Changes the names and email; a new mobile number changes only after its code (otp type M)',
    body: updateProfileSchema,
    response: updateProfileResponseSchema,
  },
  changePassword: {
    method: 'POST',
    path: UserRoutes.changePassword,
    audience: Audiences.player,
    summary: "Changes the password; the player's other sessions end",
    body: changePasswordSchema,
    response: messageResponseSchema,
  },
});
