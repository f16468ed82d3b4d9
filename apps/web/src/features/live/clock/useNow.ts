import { useEffect, useState } from 'react';
import { msToNextSecond } from './raceClock.ts';

/**
 * The time now, moving on every whole second while `running` (a race on screen has a countdown); the
 * app keeps no clock offset to the server for players, so this is the device's clock.
 */
export function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return undefined;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      timer = setTimeout(tick, msToNextSecond(at));
    };
    tick();
    return () => clearTimeout(timer);
  }, [running]);
  return now;
}
