/** Response codes of the player API (docs/product/api.md#status-codes). They travel in the body as `statusCode`. */
export const StatusCode = {
  OK: 200,
  INVALID_SESSION: 107,
  UNVERIFIED: 114,
  /** The password was right, and after repeated failed logins the number also needs the code sent to it. */
  LOGIN_OTP_REQUIRED: 115,
  INSUFFICIENT_BALANCE: 119,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  /** A known address asked with a method it does not have; the Allow header lists the ones it has. */
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  SERVER_ERROR: 500,
} as const;
export type StatusCode = (typeof StatusCode)[keyof typeof StatusCode];

export interface ErrorBody {
  statusCode: number;
  statusMessage: string;
  /** Field-level messages, keyed by field name, when a form was refused. */
  fieldErrors?: Record<string, string>;
  /** A throttled OTP request (429): seconds until a new code may be sent. */
  resendAfterSeconds?: number;
}

export const GENERIC_SERVER_ERROR = 'Error occured, please try again.';
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
