import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt with N=2^15, r=8, p=3: one of the OWASP-listed equivalent settings
 * (docs/decisions/003-password-hashing-and-staff-sessions.md).
 * Stored as scrypt$N$r$p$salt$hash so parameters can rise later.
 */
const PARAMS = { N: 2 ** 15, r: 8, p: 3 } as const;
/**
 * The API integration tests, and an e2e server started with TEST_SERVER_WEAK_PASSWORD_HASHING, hash
 * thousands of passwords; they lower the cost with lowerPasswordHashCost (nothing else calls it). Hashes
 * record their parameters, so checking a password reads them from the stored hash whatever the setting.
 */
let hashParams: { N: number; r: number; p: number } = PARAMS;
export function lowerPasswordHashCost(): void {
  hashParams = { N: 2 ** 10, r: 8, p: 1 };
}
const KEY_LENGTH = 32;
const MAX_MEM = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: MAX_MEM }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, hashParams);
  return ['scrypt', hashParams.N, hashParams.r, hashParams.p, salt.toString('base64'), key.toString('base64')].join(
    '$',
  );
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64');
  const actual = await derive(password, Buffer.from(saltText, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A fixed hash to verify against when no account matches, so both answers take the same time. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}
