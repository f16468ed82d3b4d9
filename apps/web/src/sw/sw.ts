/*
 * The player site's service worker (decision 027): hashed build files from a cache, pages from the
 * network with an offline page when there is none; the API and the live socket are never touched.
 * Built to /sw.js as a classic script with no imports (vite.config.ts), served with no-cache.
 */
import {
  ASSET_CACHE,
  CURRENT_CACHES,
  isCacheable,
  MAX_CACHED_ASSETS,
  NETWORK_ONLY_PATHNAME_PATTERNS,
  OFFLINE_PAGE,
  routeOf,
  SHELL_CACHE,
} from './routing.ts';
import { clickTargetOf, notificationOf } from './push.ts';

// The worker's own types, so the web app's DOM typings need not mix with the WebWorker library's.
interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
/** The static routing API (Chromium 123 and later); other browsers have no addRoutes. */
declare const URLPattern: (new (init: { pathname: string }) => object) | undefined;
interface RouterRule {
  condition: { urlPattern: object };
  source: 'network';
}
interface InstallEvent extends ExtendableEvent {
  addRoutes?(rules: RouterRule[]): Promise<void>;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  readonly clientId: string;
  respondWith(response: Response | Promise<Response>): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification;
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface WorkerScope {
  readonly location: Location;
  readonly clients: {
    claim(): Promise<void>;
    get(id: string): Promise<{ url: string } | undefined>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  readonly registration: { showNotification(title: string, options: NotificationOptions): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install', listener: (event: InstallEvent) => void): void;
  addEventListener(type: 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
}
// In a service worker the global object is the worker scope.
const worker = globalThis as unknown as WorkerScope;
const origin = worker.location.origin;

worker.addEventListener('install', (event) => {
  event.waitUntil(
    Promise.all([
      networkWithoutWorker(event),
      caches.open(SHELL_CACHE).then((cache) => cache.add(new Request(OFFLINE_PAGE, { cache: 'reload' }))),
    ]).then(() => worker.skipWaiting()),
  );
});

/** The API, the live socket and the back office bypass the worker where the browser can route them so. */
function networkWithoutWorker(event: InstallEvent): Promise<void> {
  const Pattern = typeof URLPattern === 'undefined' ? undefined : URLPattern;
  if (!event.addRoutes || !Pattern) return Promise.resolve();
  const rules = NETWORK_ONLY_PATHNAME_PATTERNS.map((pathname): RouterRule => ({
    condition: { urlPattern: new Pattern({ pathname }) },
    source: 'network',
  }));
  // A browser that refuses the rules still has the fetch handler, which leaves these paths to the network.
  try {
    return event.addRoutes(rules).catch(() => undefined);
  } catch {
    return Promise.resolve();
  }
}

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('karera-') && !CURRENT_CACHES.includes(name))
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const route = routeOf(request, origin);
  if (route === 'page') event.respondWith(pageOrOffline(request));
  if (route === 'asset') event.respondWith(assetFor(event));
  // 'network': no answer from the worker; the browser fetches as usual.
});

// Web push (issue 35 §2): a notice from the server is shown; a message that is not one is dropped.
worker.addEventListener('push', (event) => {
  const shown = notificationOf(event.data?.text() ?? null);
  if (shown) event.waitUntil(worker.registration.showNotification(shown.title, shown.options));
});

// A tapped notification opens its screen: in a tab of the site already open (focused), else a new one.
worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = clickTargetOf(event.notification.data, origin);
  event.waitUntil(openScreen(target));
});

async function openScreen(target: string): Promise<void> {
  const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === origin);
  if (open) {
    // Focus needs the tap itself; without it (an old event) the tab still moves to the screen.
    const focused = await open.focus().catch(() => open);
    try {
      if (await focused.navigate(target)) return;
    } catch {
      // A tab this worker does not control cannot be navigated by it: a new tab instead.
    }
  }
  await worker.clients.openWindow(target);
}

async function pageOrOffline(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    const offline = await caches.match(OFFLINE_PAGE, { cacheName: SHELL_CACHE });
    return offline ?? Response.error();
  }
}

async function assetFor(event: FetchEvent): Promise<Response> {
  const { request } = event;
  const client = event.clientId ? await worker.clients.get(event.clientId) : undefined;
  if (routeOf(request, origin, client?.url) !== 'asset') return fetch(request);
  const cache = await caches.open(ASSET_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (isCacheable(response)) event.waitUntil(keep(cache, request, response.clone()));
  return response;
}

async function keep(cache: Cache, request: Request, response: Response): Promise<void> {
  await cache.put(request, response);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_CACHED_ASSETS)).map((key) => cache.delete(key)));
}
