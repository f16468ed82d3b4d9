import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { HOTP, Secret, TOTP } from 'otpauth';

/**
 * Time-based one-time passwords for staff (RFC 6238; decision 021): SHA-1, 6 digits, 30 s, as every
 * authenticator app reads them from a QR code. A code is accepted one step either side of now, and only
 * for a step later than the last one accepted, so no code is ever accepted twice.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_ISSUER = 'Karera';
const TOTP_ALGORITHM = 'SHA1';
const WINDOW_STEPS = 1;

export const RECOVERY_CODE_COUNT = 10;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function totpUri(secret: string, username: string): string {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: username,
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  }).toString();
}

export function totpStepAt(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code of one time step (what an authenticator app shows during that step). */
export function totpCodeForStep(secret: string, step: number): string {
  return HOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    counter: step,
  });
}

/**
 * The time step a code belongs to when it is acceptable now: within one step of now and later than
 * `lastStep`; null otherwise. Every candidate is compared, in constant time, so timing tells nothing.
 */
export function acceptedTotpStep(secret: string, code: string, lastStep: number | null, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const current = totpStepAt(nowMs);
  let accepted: number | null = null;
  for (let step = current - WINDOW_STEPS; step <= current + WINDOW_STEPS; step += 1) {
    const matches = timingSafeEqual(Buffer.from(totpCodeForStep(secret, step)), Buffer.from(code));
    if (matches && accepted === null && (lastStep === null || step > lastStep)) accepted = step;
  }
  return accepted;
}

/**
 * Secrets at rest: AES-256-GCM under STAFF_TOTP_KEY when one is configured, so a copy of the database
 * alone does not reveal them; without a key they are stored as they are (marked, to be sealed later).
 */
export function sealTotpSecret(secret: string, key: Buffer | null): string {
  if (!key) return `plain:${secret}`;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['gcm', iv.toString('base64'), cipher.getAuthTag().toString('base64'), sealed.toString('base64')].join(':');
}

export function openTotpSecret(stored: string, key: Buffer | null): string {
  const [kind, ...parts] = stored.split(':');
  if (kind === 'plain' && parts.length === 1 && parts[0]) return parts[0];
  if (kind === 'gcm' && parts.length === 3) {
    if (!key) throw new Error('A TOTP secret is sealed but STAFF_TOTP_KEY is not configured');
    const [iv, tag, sealed] = parts.map((part) => Buffer.from(part ?? '', 'base64'));
    const decipher = createDecipheriv('aes-256-gcm', key, iv ?? Buffer.alloc(0));
    decipher.setAuthTag(tag ?? Buffer.alloc(0));
    return Buffer.concat([decipher.update(sealed ?? Buffer.alloc(0)), decipher.final()]).toString('utf8');
  }
  throw new Error('Unreadable TOTP secret');
}

const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Ten codes of 16 characters (80 random bits each), shown as XXXX-XXXX-XXXX-XXXX. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const characters = [...randomBytes(16)].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]);
    return characters.join('').replace(/(.{4})(?!$)/g, '$1-');
  });
}

/** Upper case without dashes or spaces: a code typed with or without them is the same code. */
export function normalizeRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

export function isRecoveryCodeShape(code: string): boolean {
  return /^[A-Z2-9]{16}$/.test(normalizeRecoveryCode(code));
}

/** 80 random bits need no slow hash: SHA-256 of the normalised code. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');
}
