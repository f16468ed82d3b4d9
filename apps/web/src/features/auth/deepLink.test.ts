import { describe, expect, it } from 'vitest';
import { linkLoginOf, stripDeepLinkParams } from './deepLink.ts';

describe('stripDeepLinkParams', () => {
  it('does nothing without p or s', () => {
    expect(stripDeepLinkParams('')).toBeNull();
    expect(stripDeepLinkParams('?r=AG1&type=wallet')).toBeNull();
  });

  it('removes p and s and keeps everything else', () => {
    expect(stripDeepLinkParams('?p=1001&s=secret')).toBe('');
    expect(stripDeepLinkParams('?r=AG1&p=1001&s=secret&type=bet')).toBe('?r=AG1&type=bet');
    expect(stripDeepLinkParams('?s=only')).toBe('');
  });
});

describe('linkLoginOf', () => {
  it('needs both p and s', () => {
    expect(linkLoginOf('?p=1001&s=token-value')).toEqual({ playerId: '1001', token: 'token-value' });
    expect(linkLoginOf('?p=1001')).toBeNull();
    expect(linkLoginOf('?s=token-value')).toBeNull();
    expect(linkLoginOf('?p=&s=x')).toBeNull();
  });
});
