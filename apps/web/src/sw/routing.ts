/*
 * Which requests the service worker answers, and how (decision 027). Pure, so the unit test reads the
 * same rules the worker runs. Live data (the API, the live socket) and the back office are never
 * answered by the worker, let alone from its cache.
 */
export const SHELL_CACHE = 'karera-shell-v1';
export const ASSET_CACHE = 'karera-assets-v1';
/** The caches this worker version keeps; any other `karera-` cache is an older version's and goes. */
export const CURRENT_CACHES: readonly string[] = [SHELL_CACHE, ASSET_CACHE];
export const OFFLINE_PAGE = '/offline.html';
/** Hashed build files kept at most: old releases' files leave first. */
export const MAX_CACHED_ASSETS = 80;

/** Paths answered by the network only: the API, the live socket, the health check, the back office. */
const NETWORK_ONLY = ['/api', '/ws', '/healthz', '/backoffice'];

export type SwRoute =
  /** Not handled: the browser goes to the network as if there were no worker. */
  | 'network'
  /** A hashed build file (/assets/*), immutable: from the cache, else the network (then cached). */
  | 'asset'
  /** A page of the player site: the network, else the offline page (never a stored copy of a page). */
  | 'page';

export interface SwRequest {
  method: string;
  url: string;
  mode: string;
}

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`) || pathname.startsWith(`${prefix}.`);
}

/**
 * The same paths as URL patterns for the browser's static router (`InstallEvent.addRoutes`, Chromium): a
 * request they match goes to the network without the worker being woken for it, so an API call (a bet)
 * never waits for a stopped worker to start. Each prefix and everything under it; the fetch handler still
 * answers 'network' for the rest (other letter cases, `/backoffice.html`).
 */
export const NETWORK_ONLY_PATHNAME_PATTERNS: readonly string[] = NETWORK_ONLY.map((prefix) => `${prefix}{/*}?`);

export function isNetworkOnlyPath(pathname: string): boolean {
  const lower = pathname.toLowerCase();
  return NETWORK_ONLY.some((prefix) => isUnder(lower, prefix));
}

/**
 * `origin` is the worker's own; `clientUrl` the page that asked (a back-office page's files are left
 * alone, as the back office is not part of the installable site).
 */
export function routeOf(request: SwRequest, origin: string, clientUrl?: string): SwRoute {
  if (request.method !== 'GET') return 'network';
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return 'network';
  }
  if (url.origin !== origin) return 'network';
  if (isNetworkOnlyPath(url.pathname)) return 'network';
  if (clientUrl !== undefined && isNetworkOnlyPath(new URL(clientUrl, origin).pathname)) return 'network';
  if (request.mode === 'navigate') {
    // Pages have no extension (as the server's page fallback); a file opened directly is left alone.
    const last = url.pathname.split('/').pop() ?? '';
    return last.includes('.') ? 'network' : 'page';
  }
  if (url.pathname.startsWith('/assets/') && url.search === '') return 'asset';
  return 'network';
}

/** Only a whole, successful, same-origin answer is worth keeping. */
export function isCacheable(response: { ok: boolean; status: number; type: string }): boolean {
  return response.ok && response.status === 200 && response.type === 'basic';
}
