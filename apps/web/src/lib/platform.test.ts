import { describe, expect, it } from 'vitest';
import { isAndroid } from './platform.ts';

describe('isAndroid', () => {
  it('recognises Android user agents only', () => {
    expect(
      isAndroid(
        'Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      ),
    ).toBe(true);
    expect(isAndroid('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15')).toBe(false);
    expect(isAndroid('Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36')).toBe(false);
  });
});
