import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render, true in a task of its own once the browser has painted it: the parts of the
 * live screen a player reaches after a look at the race (the bet slip, the open tickets) render then, so
 * the first render is shorter and the stream, the tabs and the runners show sooner on a slow phone.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    if (typeof requestAnimationFrame === 'undefined') {
      setPainted(true);
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame's callback runs before its paint; the timeout after it.
    const frame = requestAnimationFrame(() => {
      // A transition: what comes now renders in slices, not in one long task.
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}
