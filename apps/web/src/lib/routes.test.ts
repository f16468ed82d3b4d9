import { describe, expect, it } from 'vitest';
import { PLAYER_ROUTES } from '@karera/shared';
import { en } from '../i18n/en.ts';
import { findPlayerRoute, routeKeyOf } from './routes.ts';

describe('routes', () => {
  it('gives every route an English title equal to the shared table', () => {
    for (const route of PLAYER_ROUTES) {
      expect(en.routes[routeKeyOf(route.path)]).toBe(route.title);
    }
  });

  it('matches paths case-insensitively and ignores a trailing slash', () => {
    expect(findPlayerRoute('/contacts')?.path).toBe('/Contacts');
    expect(findPlayerRoute('/CONTACTS/')?.path).toBe('/Contacts');
    expect(findPlayerRoute('/')?.path).toBe('/');
    expect(findPlayerRoute('/tutorial-bet')?.access).toBe('player');
    expect(findPlayerRoute('/nope')).toBeUndefined();
  });
});
