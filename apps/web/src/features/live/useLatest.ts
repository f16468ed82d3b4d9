import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function of the same identity from render to render that calls the latest one given: a memoised
 * part of the screen handed it is not drawn again only because its owner made a new closure.
 * Call it from event handlers, not while rendering.
 */
export function useLatest<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
