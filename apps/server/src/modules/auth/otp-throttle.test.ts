import { describe, expect, it } from 'vitest';
import { OTP_MAX_PER_HOUR, OTP_RESEND_GAP_MS, throttleOf } from './otp.ts';

const now = Date.parse('2026-11-23T08:00:00.000Z');
const ago = (seconds: number) => now - seconds * 1000;

describe('throttleOf', () => {
  it('lets the first code go at once', () => {
    expect(throttleOf([], now)).toEqual({ verdict: 'ok', resendAfterSeconds: 0 });
  });

  it('waits a minute after the newest code, rounding the seconds up', () => {
    expect(OTP_RESEND_GAP_MS).toBe(60_000);
    expect(throttleOf([now], now)).toEqual({ verdict: 'wait', resendAfterSeconds: 60 });
    expect(throttleOf([ago(18)], now)).toEqual({ verdict: 'wait', resendAfterSeconds: 42 });
    expect(throttleOf([now - 59_001], now)).toEqual({ verdict: 'wait', resendAfterSeconds: 1 });
    expect(throttleOf([ago(60)], now)).toEqual({ verdict: 'ok', resendAfterSeconds: 0 });
  });

  it('waits for the fifth newest code of the hour to leave it', () => {
    expect(OTP_MAX_PER_HOUR).toBe(5);
    const five = [ago(70), ago(200), ago(300), ago(400), ago(600)];
    expect(throttleOf(five, now)).toEqual({ verdict: 'hourly-limit', resendAfterSeconds: 3000 });
    // Four in the hour: only the minute counts.
    expect(throttleOf(five.slice(0, 4), now)).toEqual({ verdict: 'ok', resendAfterSeconds: 0 });
    // Five, the newest only 10 seconds ago and the oldest almost an hour ago: the minute is the longer wait.
    expect(throttleOf([ago(10), ago(20), ago(30), ago(40), ago(3590)], now)).toEqual({
      verdict: 'hourly-limit',
      resendAfterSeconds: 50,
    });
  });
});
