import { describe, expect, it } from 'vitest';
import { loginMobile, normalizeMobile } from './mobile.ts';

describe('normalizeMobile', () => {
  it.each([
    ['09171234567', '09171234567'],
    ['+639171234567', '09171234567'],
    ['0917 123 4567', '09171234567'],
    ['+63 917-123-4567', '09171234567'],
  ])('stores %s as %s', (input, stored) => {
    expect(normalizeMobile(input)).toBe(stored);
  });

  it.each(['9171234567', '0917123456', '091712345678', '+63917123456', '+6309171234567', '08171234567', 'abc'])(
    'refuses %s',
    (input) => {
      expect(normalizeMobile(input)).toBeNull();
    },
  );
});

describe('loginMobile', () => {
  it('puts a 0 in front of a number that lacks one', () => {
    expect(loginMobile('9171234567')).toBe('09171234567');
    expect(loginMobile('09171234567')).toBe('09171234567');
    expect(loginMobile('+639171234567')).toBe('+639171234567');
    expect(loginMobile('')).toBe('');
  });
});
