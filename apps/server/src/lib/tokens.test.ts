import { describe, expect, it } from 'vitest';
import { hashRequest, hashToken, newSessionToken } from './tokens.ts';

describe('tokens', () => {
  it('makes 256-bit tokens and stores only their hash', () => {
    const token = newSessionToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(newSessionToken()).not.toBe(token);
  });

  it('hashes a request the same whatever the key order', () => {
    expect(hashRequest({ a: 1, b: { c: 2, d: [1, 2] } })).toBe(hashRequest({ b: { d: [1, 2], c: 2 }, a: 1 }));
    expect(hashRequest({ a: 1 })).not.toBe(hashRequest({ a: 2 }));
  });
});
