import { describe, expect, it } from 'vitest';
import { PublicRoutes, UserRoutes } from '@karera/shared';
import { isCacheable, NETWORK_ONLY_PATHNAME_PATTERNS, routeOf } from './routing.ts';

const ORIGIN = 'https://karera.ph';
const get = (path: string, mode = 'cors') => ({ method: 'GET', url: `${ORIGIN}${path}`, mode });

describe('the service worker answers only what may come from it', () => {
  it('never answers the API, the live socket, the health check or the back office', () => {
    for (const path of [
      PublicRoutes.siteConfig,
      UserRoutes.getBalance,
      '/api',
      '/api/',
      '/API/user/getBalance',
      '/ws',
      '/ws?token=1',
      '/healthz',
      '/backoffice',
      '/backoffice/players/1',
      '/backoffice.html',
    ]) {
      expect(routeOf(get(path), ORIGIN), path).toBe('network');
      expect(routeOf(get(path, 'navigate'), ORIGIN), `${path} opened as a page`).toBe('network');
    }
  });

  it('routes past the worker only paths it would leave to the network anyway', () => {
    expect(NETWORK_ONLY_PATHNAME_PATTERNS).toContain('/api{/*}?');
    for (const pattern of NETWORK_ONLY_PATHNAME_PATTERNS) {
      // Each pattern is a prefix and, optionally, anything under it.
      expect(pattern, pattern).toMatch(/^\/[a-z]+\{\/\*\}\?$/);
      const prefix = pattern.replace('{/*}?', '');
      for (const path of [prefix, `${prefix}/`, `${prefix}/a/b`]) {
        expect(routeOf(get(path), ORIGIN), path).toBe('network');
        expect(routeOf(get(path, 'navigate'), ORIGIN), path).toBe('network');
      }
    }
  });

  it('leaves writes, other sites (the race streams) and a back-office page’s files to the network', () => {
    expect(routeOf({ method: 'POST', url: `${ORIGIN}/api/game/placeBet`, mode: 'cors' }, ORIGIN)).toBe('network');
    expect(routeOf({ method: 'POST', url: `${ORIGIN}/assets/a-1.js`, mode: 'cors' }, ORIGIN)).toBe('network');
    expect(routeOf(get('/assets/a-1.js'), 'https://other.ph')).toBe('network');
    expect(routeOf({ method: 'GET', url: 'https://stream.karera.ph/live.m3u8', mode: 'cors' }, ORIGIN)).toBe('network');
    expect(routeOf(get('/assets/backoffice-1.js'), ORIGIN, `${ORIGIN}/backoffice/players`)).toBe('network');
  });

  it('keeps hashed build files, and opens player pages from the network with the offline page behind', () => {
    expect(routeOf(get('/assets/main-Ab12Cd34.js'), ORIGIN)).toBe('asset');
    expect(routeOf(get('/assets/main-Ab12Cd34.css'), ORIGIN, `${ORIGIN}/live`)).toBe('asset');
    expect(routeOf(get('/assets/main-Ab12Cd34.js?v=2'), ORIGIN)).toBe('network');
    for (const path of ['/', '/live', '/live?event=3', '/tutorial-bet', '/Contacts']) {
      expect(routeOf(get(path, 'navigate'), ORIGIN), path).toBe('page');
    }
  });

  it('leaves other files alone: the manifest, icons, the worker, a download opened directly', () => {
    for (const path of ['/manifest.webmanifest', '/icons/icon-192.png', '/sw.js', '/favicon.svg']) {
      expect(routeOf(get(path), ORIGIN), path).toBe('network');
    }
    expect(routeOf(get('/downloads/karera.apk', 'navigate'), ORIGIN)).toBe('network');
  });

  it('stores only whole successful same-origin answers', () => {
    expect(isCacheable({ ok: true, status: 200, type: 'basic' })).toBe(true);
    expect(isCacheable({ ok: true, status: 206, type: 'basic' })).toBe(false);
    expect(isCacheable({ ok: false, status: 404, type: 'basic' })).toBe(false);
    expect(isCacheable({ ok: false, status: 0, type: 'opaque' })).toBe(false);
  });
});
