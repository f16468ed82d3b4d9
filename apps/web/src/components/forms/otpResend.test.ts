import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { otpResendTexts, otpResendTextsFil, resendAtFrom, resendControlOf, secondsUntil } from './otpResend.ts';

const now = Date.parse('2026-11-23T08:00:00.000Z');

describe('the resend-OTP countdown', () => {
  it('reads when a new code may be sent from an answer or a refusal body', () => {
    expect(resendAtFrom({ statusCode: 200, resendAfterSeconds: 60 }, now)).toBe(now + 60_000);
    expect(resendAtFrom({ statusCode: 429, statusMessage: 'wait', resendAfterSeconds: 0 }, now)).toBe(now);
    for (const body of [null, undefined, 'x', {}, { resendAfterSeconds: '60' }, { resendAfterSeconds: -1 }]) {
      expect(resendAtFrom(body, now)).toBeUndefined();
    }
    expect(resendAtFrom({ resendAfterSeconds: Number.NaN }, now)).toBeUndefined();
  });

  it('counts whole seconds, rounded up, down to 0', () => {
    const at = now + 42_000;
    expect(secondsUntil(at, now)).toBe(42);
    expect(secondsUntil(at, now + 200)).toBe(42);
    expect(secondsUntil(at, now + 41_001)).toBe(1);
    expect(secondsUntil(at, now + 42_000)).toBe(0);
    expect(secondsUntil(at, now + 99_000)).toBe(0);
    expect(secondsUntil(undefined, now)).toBe(0);
  });

  it('shows the countdown while seconds are left, then the Resend button', () => {
    expect(resendControlOf(now + 42_000, now)).toEqual({ kind: 'countdown', seconds: 42 });
    expect(resendControlOf(now + 42_000, now + 42_000)).toEqual({ kind: 'button' });
    expect(resendControlOf(undefined, now)).toEqual({ kind: 'button' });
  });

  it("reads 'Resend code in 42 s'", async () => {
    const i18n = createInstance();
    await i18n.init({ lng: 'en', resources: { en: { translation: { otpResend: otpResendTexts } } } });
    const t = i18n.t as unknown as (key: string, values: object) => string;
    expect(t('otpResend.resendIn', { seconds: 42 })).toBe('Resend code in 42 s');
  });

  it("reads 'Ipadala ulit ang OTP pagkalipas ng 42 segundo' in Filipino", async () => {
    const i18n = createInstance();
    await i18n.init({ lng: 'fil', resources: { fil: { translation: { otpResend: otpResendTextsFil } } } });
    const t = i18n.t as unknown as (key: string, values: object) => string;
    expect(t('otpResend.resendIn', { seconds: 42 })).toBe('Ipadala ulit ang OTP pagkalipas ng 42 segundo');
  });
});
