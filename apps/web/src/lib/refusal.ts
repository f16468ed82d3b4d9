import { Messages, PlayerMessages } from '@karera/shared';
import { ApiError } from './api.ts';

/** The message to show for a failed call: the server's statusMessage, or the generic error. */
export function refusalOf(error: Error): string {
  return error instanceof ApiError && error.message !== '' ? error.message : Messages.serverError;
}

/** On password reset an expired OTP reads as an invalid one (docs/product/accounts.md#one-time-codes). */
export function resetRefusalOf(error: Error): string {
  const message = refusalOf(error);
  return message === PlayerMessages.otpExpired ? PlayerMessages.otpInvalid : message;
}

/** The player id a refusal carries (login's 114: account not verified). */
export function playerIdOf(error: Error): number | null {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return null;
  const value: unknown = (error.body as { playerId?: unknown }).playerId;
  const id = typeof value === 'string' ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}
