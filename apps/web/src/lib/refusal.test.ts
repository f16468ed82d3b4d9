import { describe, expect, it } from 'vitest';
import { Messages, PlayerMessages } from '@karera/shared';
import { ApiError } from './api.ts';
import { playerIdOf, refusalOf, resetRefusalOf } from './refusal.ts';

describe('refusals', () => {
  it('shows the server message, or the generic error', () => {
    expect(refusalOf(new ApiError(400, Messages.invalidLogin))).toBe(Messages.invalidLogin);
    expect(refusalOf(new Error('boom'))).toBe(Messages.serverError);
  });

  it('shows an expired OTP as invalid on password reset only', () => {
    const expired = new ApiError(400, PlayerMessages.otpExpired);
    expect(refusalOf(expired)).toBe(PlayerMessages.otpExpired);
    expect(resetRefusalOf(expired)).toBe(PlayerMessages.otpInvalid);
  });

  it('reads the player id of an unverified login', () => {
    expect(playerIdOf(new ApiError(114, 'x', {}, 403, { statusCode: 114, playerId: 77 }))).toBe(77);
    expect(playerIdOf(new ApiError(114, 'x', {}, 403, { statusCode: 114, playerId: '78' }))).toBe(78);
    expect(playerIdOf(new ApiError(114, 'x', {}, 403, { statusCode: 114 }))).toBeNull();
    expect(playerIdOf(new ApiError(114, 'x'))).toBeNull();
    expect(playerIdOf(new Error('x'))).toBeNull();
  });
});
