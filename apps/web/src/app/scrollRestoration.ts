/*
 * Where the window scrolls after a navigation, as react-router's <ScrollRestoration> (data routers only)
 * did: a new page (a link, a push) starts at its top or at its #anchor; Back and Forward come back to
 * where the reader was; replacing the address on the same page (a tab in ?type=, a login link's
 * parameters stripped) leaves the scroll alone.
 */
export type NavigationKind = 'POP' | 'PUSH' | 'REPLACE';

export type ScrollTarget = { kind: 'top' } | { kind: 'anchor'; id: string } | { kind: 'restore'; y: number } | null;

export function scrollTargetOf(
  action: NavigationKind,
  next: { pathname: string; hash: string; key: string },
  previousPathname: string,
  saved: ReadonlyMap<string, number>,
): ScrollTarget {
  if (action === 'POP') {
    const y = saved.get(next.key);
    // No position kept (an in-page #anchor, a reload of an old entry): the browser's own scroll stands.
    return y === undefined ? null : { kind: 'restore', y };
  }
  if (action === 'REPLACE' && next.pathname.toLowerCase() === previousPathname.toLowerCase()) return null;
  const id = decodeHash(next.hash);
  return id ? { kind: 'anchor', id } : { kind: 'top' };
}

function decodeHash(hash: string): string {
  try {
    return decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    return hash.replace(/^#/, '');
  }
}

const STORAGE_KEY = 'karera-scroll-positions';
/** Enough entries for any real back-and-forth; the oldest go first. */
const MAX_ENTRIES = 50;

export function loadPositions(): Map<string, number> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    if (!Array.isArray(stored)) return new Map();
    return new Map(
      stored.filter(
        (entry): entry is [string, number] =>
          Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'number',
      ),
    );
  } catch {
    return new Map();
  }
}

export function savePositions(positions: Map<string, number>): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-MAX_ENTRIES)));
  } catch {
    // Storage blocked or full: positions last for this page load only.
  }
}
