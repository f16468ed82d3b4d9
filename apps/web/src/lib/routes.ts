import { PLAYER_ROUTES, type PlayerRoutePath } from '@karera/shared';

type KeyOf<P extends string> = P extends '/' ? 'home' : P extends `/${infer Rest}` ? Lowercase<Rest> : never;

/** The i18n key (under `routes.`) of a route's title: '/' is 'home', '/Contacts' is 'contacts'. */
export type RouteKey = KeyOf<PlayerRoutePath>;
export type PlayerRouteEntry = (typeof PLAYER_ROUTES)[number];

function rawKey(path: string): string {
  return path === '/' ? 'home' : path.slice(1).toLowerCase();
}

const ROUTE_KEYS: ReadonlySet<string> = new Set(PLAYER_ROUTES.map((route) => rawKey(route.path)));

function isRouteKey(key: string): key is RouteKey {
  return ROUTE_KEYS.has(key);
}

export function routeKeyOf(path: PlayerRoutePath): RouteKey {
  const key = rawKey(path);
  if (!isRouteKey(key)) throw new Error(`Not a player route: ${path}`);
  return key;
}

function normalise(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return (trimmed === '' ? '/' : trimmed).toLowerCase();
}

/** The route table entry of a location, matched the way the router does (case-insensitive, trailing slash ignored). */
export function findPlayerRoute(pathname: string): PlayerRouteEntry | undefined {
  const wanted = normalise(pathname);
  return PLAYER_ROUTES.find((route) => route.path.toLowerCase() === wanted);
}
