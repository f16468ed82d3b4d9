import { useCallback, useSyncExternalStore } from 'react';

/**
 * The window's scroll offset as the last scroll event (or the first idle moment) found it. Read there, not
 * during a render or after a commit: reading scrollY while the page's layout is out of date makes the
 * browser lay the page out at once, in the middle of the render's task.
 */
let scrollY = 0;
const listeners = new Set<() => void>();

function measure(): void {
  const next = window.scrollY;
  if (next === scrollY) return;
  scrollY = next;
  for (const listener of [...listeners]) listener();
}

function subscribeToScroll(onChange: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('scroll', measure, { passive: true });
    // Where the page already is (a scroll restored before the listener): once the frame is drawn.
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(measure, { timeout: 500 });
    else window.setTimeout(measure, 0);
  }
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
    if (listeners.size === 0) window.removeEventListener('scroll', measure);
  };
}

/** True once the page is scrolled more than `threshold` pixels (re-renders only when that flips). */
export function useScrolled(threshold: number): boolean {
  const getSnapshot = useCallback(() => scrollY > threshold, [threshold]);
  return useSyncExternalStore(subscribeToScroll, getSnapshot, () => false);
}
