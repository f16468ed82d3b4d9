import type { Translation } from '../../i18n/types.ts';

/*
 * The resend-OTP countdown (docs/product/accounts.md#one-time-codes): the server answers every sent code, and every
 * refused resend, with the seconds until a new code may be sent (resendAfterSeconds); the OTP form counts them
 * down, then offers the Resend button.
 */

/** The countdown's texts; they load with the OTP form (its dialogs' chunks), not with the landing page. */
export const otpResendTexts = { resendIn: 'Resend code in {{seconds}} s' } as const;

/** The countdown in Filipino: so small that it travels with the English one, in the OTP form's chunk. */
export const otpResendTextsFil = {
  resendIn: 'Ipadala ulit ang OTP pagkalipas ng {{seconds}} segundo',
} satisfies Translation<typeof otpResendTexts>;

/**
 * When a new code may be asked for (ms since the epoch), read from an answer or a refusal body that
 * carries resendAfterSeconds; undefined when it carries none.
 */
export function resendAtFrom(body: unknown, now: number): number | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const seconds: unknown = (body as { resendAfterSeconds?: unknown }).resendAfterSeconds;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return undefined;
  return now + seconds * 1000;
}

/** Whole seconds left until `resendAt` (rounded up: 0.2 s left still reads 1 s); 0 when none is set or it passed. */
export function secondsUntil(resendAt: number | undefined, now: number): number {
  if (resendAt === undefined) return 0;
  return Math.max(0, Math.ceil((resendAt - now) / 1000));
}

/** What the resend control shows: the countdown while seconds are left, else the Resend button. */
export type ResendControl = { kind: 'countdown'; seconds: number } | { kind: 'button' };

export function resendControlOf(resendAt: number | undefined, now: number): ResendControl {
  const seconds = secondsUntil(resendAt, now);
  return seconds > 0 ? { kind: 'countdown', seconds } : { kind: 'button' };
}
