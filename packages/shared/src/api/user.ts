/**
 * Player account calls (spec §7 user/*): POST /api/user/<func>, JSON, money in centavos.
 * Success: { statusCode: 200, ... }. Refusal: { statusCode, statusMessage, fieldErrors? }.
 * 107 = session missing, expired or revoked (the client logs out); 114 = account not verified.
 * The session travels in an HttpOnly cookie; API clients without cookies may send the spec's
 * sessionId + playerId pair in the body instead.
 */
export const UserRoutes = {
  register: '/api/user/register', // RegisterInput -> RegisterResponse (OTP sent)
  otp: '/api/user/otp', // OtpInput: type P -> LoginResponse; type M (session) -> ProfileResponse
  resendOTP: '/api/user/resendOTP', // { mobileNo } -> RegisterResponse (a new OTP sent)
  forgotPassword: '/api/user/forgotPassword', // { mobileNo } -> RegisterResponse (a reset OTP sent)
  resetPassword: '/api/user/resetPassword', // ResetPasswordInput -> { statusCode, statusMessage }
  login: '/api/user/login', // LoginInput -> LoginResponse | UnverifiedResponse (114) | LoginOtpRequiredResponse (115)
  linkLogin: '/api/user/linkLogin', // { playerId, token } from ?p=&s= -> LoginResponse
  logout: '/api/user/logout', // {} -> { statusCode }
  getBalance: '/api/user/getBalance', // {} -> BalanceResponse
  getProfile: '/api/user/getProfile', // {} -> ProfileResponse
  updateProfile: '/api/user/updateProfile', // UpdateProfileInput -> UpdateProfileResponse
  changePassword: '/api/user/changePassword', // ChangePasswordInput -> { statusCode, statusMessage }
} as const;

export interface LoginResponse {
  statusCode: 200;
  /** Session token for API clients; the web app relies on the HttpOnly cookie and does not keep it. */
  sessionId: string;
  playerId: number;
  mobileNo: string;
  firstName: string;
  lastName: string;
  creditBalance: number;
  bonusBalance: number;
  agentId: number | null;
}

/** An OTP was sent (register, resendOTP, forgotPassword). */
export interface RegisterResponse {
  statusCode: 200;
  playerId: number;
  statusMessage: string;
  /** Seconds until another code may be sent to the number (the resend throttle). */
  resendAfterSeconds: number;
}

/** Login of a number with repeated failed logins: the password was right; the code sent by SMS finishes it. */
export interface LoginOtpRequiredResponse {
  statusCode: 115;
  playerId: number;
  statusMessage: string;
  /** Seconds until another code may be sent (0: at once); a new code was sent unless the number was throttled. */
  resendAfterSeconds: number;
}

export interface UnverifiedResponse {
  statusCode: 114;
  playerId: number;
  statusMessage: string;
  /** Seconds until another code may be sent (0: at once); a new code was sent unless the number was throttled. */
  resendAfterSeconds: number;
}

export interface BalanceResponse {
  statusCode: 200;
  creditBalance: number;
  bonusBalance: number;
}

export interface ProfileResponse {
  statusCode: 200;
  playerId: number;
  mobileNo: string;
  firstName: string;
  lastName: string;
  emailAddress: string | null;
  creditBalance: number;
  bonusBalance: number;
}

export interface UpdateProfileResponse {
  statusCode: 200;
  firstName: string;
  lastName: string;
  statusMessage: string;
  /** True when the mobile number will change only after the OTP sent to the new number (otp type M). */
  otpRequired: boolean;
}
