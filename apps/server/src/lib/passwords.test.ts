import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

// Production-cost scrypt is slow by design: on a busy 2-core machine a few hashes take seconds each.
const HASHING_TIMEOUT_MS = 60_000;

describe('password hashing', () => {
  it(
    'verifies the right password and refuses others',
    async () => {
      const hash = await hashPassword('correct horse');
      expect(hash).toMatch(/^scrypt\$32768\$8\$3\$/);
      expect(await verifyPassword('correct horse', hash)).toBe(true);
      expect(await verifyPassword('correct horsE', hash)).toBe(false);
      expect(await verifyPassword('correct horse', 'not-a-hash')).toBe(false);
    },
    HASHING_TIMEOUT_MS,
  );

  it(
    'salts every hash',
    async () => {
      expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
    },
    HASHING_TIMEOUT_MS,
  );
});
