/*
 * What the service worker does with a web push message (issue 35 §2): the server's payload (title, body,
 * the screen it links to, the notice id) becomes a notification; a tap opens that screen. Pure, so it is
 * tested without a worker.
 */

export interface PushNotification {
  title: string;
  options: {
    body: string;
    /** One notification per notice: a message delivered twice replaces itself. */
    tag: string;
    icon: string;
    badge: string;
    data: { path: string };
  };
}

/** The site's screen a notification opens: a path on this site, never another origin. */
export function safePath(path: unknown): string {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return '/';
  return path;
}

/** The notification for a push message's JSON text; null when it is not one of the server's. */
export function notificationOf(text: string | null): PushNotification | null {
  if (!text) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const { id, title, body, path } = data as Record<string, unknown>;
  if (typeof title !== 'string' || typeof body !== 'string' || typeof id !== 'string') return null;
  return {
    title,
    options: {
      body,
      tag: `notice-${id}`,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { path: safePath(path) },
    },
  };
}

/** The address a tapped notification opens, on the worker's own origin. */
export function clickTargetOf(data: unknown, origin: string): string {
  const path = typeof data === 'object' && data !== null ? (data as { path?: unknown }).path : undefined;
  return new URL(safePath(path), origin).href;
}
