import { useCallback, useSyncExternalStore } from 'react';

/** The width from which the live screen reads as three columns (live.css uses the same). */
export const WIDE_SCREEN = '(min-width: 1024px)';

/** Whether the screen is wide enough for the three columns, following the window as it changes. */
export function useWideScreen(): boolean {
  const subscribe = useCallback((onChange: () => void) => {
    if (typeof window.matchMedia !== 'function') return () => undefined;
    const list = window.matchMedia(WIDE_SCREEN);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, []);
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(WIDE_SCREEN).matches,
    () => false,
  );
}
