import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CODE_REQUEST_ID_BASE, codeRequestIdOf, mobileOfCodeRequestId } from './code-request-ids.ts';

describe('code-request ids', () => {
  const key = randomBytes(32);

  it('turns every number into an id above the row ids and back, one id per number', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 2_000; i += 1) {
      const mobileNo = `09${String((i * 48_271 + 12_345) % 1_000_000_000).padStart(9, '0')}`;
      const id = codeRequestIdOf(key, mobileNo);
      expect(id).toBeGreaterThanOrEqual(CODE_REQUEST_ID_BASE);
      expect(id).toBeLessThanOrEqual(2 ** 31 - 1);
      expect(mobileOfCodeRequestId(key, id)).toBe(mobileNo);
      seen.add(id);
    }
    expect(seen.size).toBe(2_000);
    for (const edge of ['09000000000', '09999999999'])
      expect(mobileOfCodeRequestId(key, codeRequestIdOf(key, edge))).toBe(edge);
    // 4,000 keyed rounds of work: a limit for a busy machine, not a wait.
  }, 60_000);

  it('is the same for a number under one key, another under another key, and none for a row id', () => {
    expect(codeRequestIdOf(key, '09171234567')).toBe(codeRequestIdOf(Buffer.from(key), '09171234567'));
    expect(codeRequestIdOf(key, '09171234567')).not.toBe(codeRequestIdOf(randomBytes(32), '09171234567'));
    expect(codeRequestIdOf(key, '09171234567')).not.toBe(codeRequestIdOf(key, '09171234568'));
    for (const id of [1, 42, CODE_REQUEST_ID_BASE - 1, CODE_REQUEST_ID_BASE + 1_000_000_000, 2 ** 31 - 1, 1.5]) {
      expect(mobileOfCodeRequestId(key, id)).toBeNull();
    }
  });
});
