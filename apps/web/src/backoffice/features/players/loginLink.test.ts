import { describe, expect, it } from 'vitest';
import { absoluteLoginLink } from './loginLink.ts';

describe('absoluteLoginLink', () => {
  it('puts the site-relative link on this origin', () => {
    expect(absoluteLoginLink('https://karera.example', '/?p=12&s=abc_DEF-123')).toBe(
      'https://karera.example/?p=12&s=abc_DEF-123',
    );
    expect(absoluteLoginLink('http://127.0.0.1:3300', '/live?p=1&s=x')).toBe('http://127.0.0.1:3300/live?p=1&s=x');
  });

  it('refuses anything that would leave this origin', () => {
    expect(absoluteLoginLink('https://karera.example', 'https://evil.example/?s=abc')).toBeNull();
    expect(absoluteLoginLink('https://karera.example', '//evil.example/?s=abc')).toBeNull();
    expect(absoluteLoginLink('https://karera.example', '/\\evil.example/?s=abc')).toBeNull();
    expect(absoluteLoginLink('https://karera.example', 'javascript:alert(1)')).toBeNull();
    expect(absoluteLoginLink('https://karera.example', '?p=1&s=abc')).toBeNull();
    expect(absoluteLoginLink('https://karera.example', '')).toBeNull();
  });

  it('refuses an unreadable origin', () => {
    expect(absoluteLoginLink('null', '/?p=1&s=abc')).toBeNull();
  });
});
