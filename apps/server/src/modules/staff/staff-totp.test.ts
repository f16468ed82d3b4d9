import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { lockoutDelayMs, MAX_LOCK_MS } from './staff-lockout.ts';
import {
  acceptedTotpStep,
  hashRecoveryCode,
  isRecoveryCodeShape,
  newRecoveryCodes,
  newTotpSecret,
  openTotpSecret,
  sealTotpSecret,
  totpCodeForStep,
  totpStepAt,
} from './staff-totp.ts';

// RFC 6238 appendix B: the SHA-1 secret is the ASCII "12345678901234567890".
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('staff TOTP', () => {
  it('computes the RFC 6238 SHA-1 test vectors (last 6 digits)', () => {
    for (const [seconds, code] of [
      [59, '287082'],
      [1111111109, '081804'],
      [1234567890, '005924'],
      [2000000000, '279037'],
    ] as const) {
      expect(totpCodeForStep(RFC_SECRET, totpStepAt(seconds * 1000))).toBe(code);
    }
  });

  it('accepts a code one step either side of now, and no further', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_015_000;
    const step = totpStepAt(now);
    expect(acceptedTotpStep(secret, totpCodeForStep(secret, step), null, now)).toBe(step);
    expect(acceptedTotpStep(secret, totpCodeForStep(secret, step - 1), null, now)).toBe(step - 1);
    expect(acceptedTotpStep(secret, totpCodeForStep(secret, step + 1), null, now)).toBe(step + 1);
    for (const far of [step - 2, step + 2]) {
      const code = totpCodeForStep(secret, far);
      // A far code that happens to equal a near one would be accepted as that one; skip such a draw.
      if ([-1, 0, 1].some((d) => totpCodeForStep(secret, step + d) === code)) continue;
      expect(acceptedTotpStep(secret, code, null, now)).toBeNull();
    }
  });

  it('never accepts a step at or before the last one accepted', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_015_000;
    const step = totpStepAt(now);
    const code = totpCodeForStep(secret, step);
    expect(acceptedTotpStep(secret, code, step, now)).toBeNull();
    expect(acceptedTotpStep(secret, totpCodeForStep(secret, step - 1), step, now)).toBeNull();
    expect(acceptedTotpStep(secret, totpCodeForStep(secret, step + 1), step, now)).toBe(step + 1);
  });

  it('refuses anything that is not six digits', () => {
    const secret = newTotpSecret();
    const now = Date.now();
    const code = totpCodeForStep(secret, totpStepAt(now));
    for (const bad of ['', `${code}0`, code.slice(1), ` ${code}`, `${code.slice(0, 5)}a`]) {
      expect(acceptedTotpStep(secret, bad, null, now)).toBeNull();
    }
  });

  it('seals a secret under a key and opens it only with that key', () => {
    const secret = newTotpSecret();
    const key = randomBytes(32);
    const sealed = sealTotpSecret(secret, key);
    expect(sealed).not.toContain(secret);
    expect(sealTotpSecret(secret, key)).not.toBe(sealed);
    expect(openTotpSecret(sealed, key)).toBe(secret);
    expect(() => openTotpSecret(sealed, randomBytes(32))).toThrow();
    expect(() => openTotpSecret(sealed, null)).toThrow(/STAFF_TOTP_KEY/);
    expect(openTotpSecret(sealTotpSecret(secret, null), key)).toBe(secret);
  });

  it('makes ten distinct recovery codes, hashed alike with or without dashes and in any case', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const [code] = codes;
    if (!code) throw new Error('no code');
    expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    expect(isRecoveryCodeShape(code.toLowerCase().replaceAll('-', ' '))).toBe(true);
    expect(hashRecoveryCode(code.toLowerCase().replaceAll('-', ''))).toBe(hashRecoveryCode(code));
    expect(hashRecoveryCode(code)).not.toContain(code.replaceAll('-', ''));
    expect(isRecoveryCodeShape('123456')).toBe(false);
  });
});

describe('staff lockout delays', () => {
  it('gives five free failures, then 1 s, 2 s, 4 s ... up to 15 minutes', () => {
    expect([0, 1, 2, 3, 4].map(lockoutDelayMs)).toEqual([0, 0, 0, 0, 0]);
    expect([5, 6, 7, 8].map(lockoutDelayMs)).toEqual([1000, 2000, 4000, 8000]);
    expect(lockoutDelayMs(14)).toBe(512_000);
    expect(lockoutDelayMs(15)).toBe(MAX_LOCK_MS);
    expect(lockoutDelayMs(1000)).toBe(MAX_LOCK_MS);
  });
});

describe('a known admin TOTP secret', () => {
  const base = { ADMIN_PASSWORD: 'admin-password-1', ADMIN_TOTP_SECRET: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };

  it('is refused in production unless the server says it is a test server', () => {
    const production = { ...base, NODE_ENV: 'production', SMS_OUTBOX_IN_PRODUCTION: '1' } as const;
    expect(() => loadConfig(production)).toThrow(/ADMIN_TOTP_SECRET is for test servers only/);
    expect(loadConfig({ ...production, ALLOW_KNOWN_ADMIN_TOTP_SECRET: '1' }).admin.totpSecret).toBe(
      base.ADMIN_TOTP_SECRET,
    );
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).admin.totpSecret).toBe(base.ADMIN_TOTP_SECRET);
    expect(loadConfig({ NODE_ENV: 'test' }).admin.totpSecret).toBeNull();
  });
});

describe('a second founding admin', () => {
  const second = {
    ADMIN_PASSWORD: 'admin-password-1',
    SECOND_ADMIN_USERNAME: 'admin2',
    SECOND_ADMIN_PASSWORD: 'admin-password-2',
    SECOND_ADMIN_TOTP_SECRET: 'KRSXG5CTMVRXEZLUKN2XAZLSKNSWG4TG',
  };

  it('is read with its known secret, which is refused in production unless the server says it is a test server', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).secondAdmin).toBeNull();
    expect(loadConfig({ ...second, NODE_ENV: 'test' }).secondAdmin).toEqual({
      username: 'admin2',
      password: 'admin-password-2',
      totpSecret: second.SECOND_ADMIN_TOTP_SECRET,
    });
    const production = { ...second, NODE_ENV: 'production', SMS_OUTBOX_IN_PRODUCTION: '1' } as const;
    expect(() => loadConfig(production)).toThrow(/SECOND_ADMIN_TOTP_SECRET is for test servers only/);
    expect(loadConfig({ ...production, ALLOW_KNOWN_ADMIN_TOTP_SECRET: '1' }).secondAdmin?.username).toBe('admin2');
  });

  it('needs a username and a password of its own; the secret is optional', () => {
    const { SECOND_ADMIN_PASSWORD: _password, ...withoutPassword } = second;
    expect(() => loadConfig({ ...withoutPassword, NODE_ENV: 'test' })).toThrow(/go together/);
    const { SECOND_ADMIN_TOTP_SECRET: _secret, ...withoutSecret } = second;
    const production = { ...withoutSecret, NODE_ENV: 'production', SMS_OUTBOX_IN_PRODUCTION: '1' } as const;
    expect(loadConfig(production).secondAdmin).toEqual({
      username: 'admin2',
      password: 'admin-password-2',
      totpSecret: null,
    });
    expect(() => loadConfig({ ...second, SECOND_ADMIN_USERNAME: 'ADMIN', NODE_ENV: 'test' })).toThrow(
      /must differ from ADMIN_USERNAME/,
    );
  });
});
