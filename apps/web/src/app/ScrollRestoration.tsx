import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { loadPositions, savePositions, scrollTargetOf } from './scrollRestoration.ts';

/** Scroll after each navigation (rules in scrollRestoration.ts); positions survive a reload of the tab. */
export function ScrollRestoration() {
  const location = useLocation();
  const action = useNavigationType();
  const positions = useRef<Map<string, number>>(null);
  positions.current ??= loadPositions();
  const current = useRef<{ key: string; pathname: string } | null>(null);

  // The browser would restore on its own before the new page has rendered; this component does it after.
  useEffect(() => {
    const before = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    return () => {
      window.history.scrollRestoration = before;
    };
  }, []);

  // The position of the entry on screen, kept as the reader scrolls and stored when the tab is left.
  useEffect(() => {
    const store = positions.current;
    if (!store) return;
    const remember = () => {
      const key = current.current?.key;
      if (key === undefined) return;
      store.delete(key); // re-inserted last: the newest entries are the ones kept
      store.set(key, window.scrollY);
    };
    const persist = () => savePositions(store);
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', persist);
      persist();
    };
  }, []);

  // Before paint, and before the new page's own scroll events, which then count for the new entry.
  useLayoutEffect(() => {
    const previous = current.current;
    current.current = { key: location.key, pathname: location.pathname };
    const saved = positions.current ?? new Map<string, number>();
    // On the first load only a stored position counts (a reload); else the browser's place stands.
    const target =
      previous === null
        ? action === 'POP'
          ? scrollTargetOf('POP', location, location.pathname, saved)
          : null
        : scrollTargetOf(action, location, previous.pathname, saved);
    if (target === null) return;
    if (target.kind === 'restore') window.scrollTo(0, target.y);
    else if (target.kind === 'top') window.scrollTo(0, 0);
    else if (document.getElementById(target.id)) document.getElementById(target.id)?.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [action, location]);

  return null;
}
