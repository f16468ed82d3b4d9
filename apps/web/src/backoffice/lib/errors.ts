import { Messages, StatusCode } from '@karera/shared';
import { ApiError } from '../../lib/api.ts';
import { localizeMessage, type BoT } from '../i18n/useT.ts';

function hasStatus(error: ApiError, status: number): boolean {
  return error.statusCode === status || error.httpStatus === status;
}

/** The session is missing or expired: the login screen takes over. */
export function isUnauthorized(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (hasStatus(error, StatusCode.UNAUTHORIZED) || error.statusCode === StatusCode.INVALID_SESSION)
  );
}

export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && hasStatus(error, StatusCode.FORBIDDEN);
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && hasStatus(error, StatusCode.NOT_FOUND);
}

/** A refusal that the same request would get again: not worth retrying automatically. */
export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500;
}

/** The one sentence to show for a failed call. */
export function errorText(t: BoT, error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors.generic');
  if (isForbidden(error)) return t('errors.forbidden');
  if (hasStatus(error, StatusCode.TOO_MANY_REQUESTS)) {
    // The rate limiter may answer without a statusMessage; the client then only has the generic text.
    return error.message && error.message !== Messages.serverError
      ? localizeMessage(t, error.message)
      : t('errors.tooManyRequests');
  }
  if (error.statusCode === 0 && error.httpStatus === 0) return t('errors.network');
  return localizeMessage(t, error.message || t('errors.generic'));
}

/** Field messages the server sent with a refused form, localised. */
export function serverFieldErrors(t: BoT, error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    Object.entries(error.fieldErrors).map(([field, text]) => [field, localizeMessage(t, text)]),
  );
}
