import { describe, expect, it } from 'vitest';
import { apiSecurityHeaders, isApiAnswer, securityHeaders } from './security-headers.ts';

describe('security headers', () => {
  it('keeps the document policy for pages and files, and a lean one for JSON answers', () => {
    const documents = securityHeaders({});
    const api = apiSecurityHeaders(documents);
    expect(Object.keys(api).length).toBeLessThan(Object.keys(documents).length);
    expect(api['strict-transport-security']).toBe(documents['strict-transport-security']);
    expect(api['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api['cache-control']).toBe('no-store');
  });

  it('tells API answers from the documentation pages and the web app', () => {
    expect(isApiAnswer('/api/game/placeBet')).toBe(true);
    expect(isApiAnswer('/api/docs/')).toBe(false);
    expect(isApiAnswer('/api/docs/static/index.html')).toBe(false);
    expect(isApiAnswer('/history?type=bet')).toBe(false);
    expect(isApiAnswer('/healthz')).toBe(false);
  });
});
