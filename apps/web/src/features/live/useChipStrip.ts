import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { scrollLeftToShow, stripEdges, wheelScrollLeft } from './chipStrip.ts';

/** Room kept between the current chip and the strip's edge (the fade's width). */
const EDGE = 32;
/** Pixels of a wheel turn given in lines (Firefox). */
const WHEEL_LINE = 16;

/**
 * A chip strip that says where it scrolls and keeps the current chip in view: the strip carries
 * data-more-start / data-more-end while chips hide past that edge (the CSS fades it), and when `current`
 * changes the strip scrolls sideways to show its chip (`[aria-selected=true]` or `[aria-pressed=true]`)
 * — sideways only, so the page itself never jumps. A mouse wheel over the strip scrolls it sideways.
 */
export function useChipStrip<T extends HTMLElement>(current: unknown): RefObject<T | null> {
  const ref = useRef<T | null>(null);

  // Chips come and go with the race's types and statuses: the edges are read again after every render,
  // in the next frame, once the browser has laid the page out anyway. Read straight after each commit,
  // every render of the live screen forced a layout of its own (a long task on a phone).
  useEffect(() => {
    const strip = ref.current;
    if (!strip || typeof requestAnimationFrame === 'undefined') {
      if (strip) markEdges(strip);
      return;
    }
    const frame = requestAnimationFrame(() => markEdges(strip));
    return () => cancelAnimationFrame(frame);
  });

  useEffect(() => {
    const strip = ref.current;
    if (!strip) return;
    const mark = () => markEdges(strip);
    strip.addEventListener('scroll', mark, { passive: true });
    // A mouse wheel turned over a strip that scrolls moves it sideways (until its end, then the page).
    const wheel = (event: WheelEvent) => {
      if (event.ctrlKey || event.shiftKey || Math.abs(event.deltaX) >= Math.abs(event.deltaY)) return;
      const left = wheelScrollLeft(strip, event.deltaMode === 1 ? event.deltaY * WHEEL_LINE : event.deltaY);
      if (left === null) return;
      event.preventDefault();
      strip.scrollLeft = left;
    };
    strip.addEventListener('wheel', wheel, { passive: false });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(mark);
    resize?.observe(strip);
    return () => {
      strip.removeEventListener('scroll', mark);
      strip.removeEventListener('wheel', wheel);
      resize?.disconnect();
    };
  }, []);

  // The current chip is brought into view in the frame's callback, before its paint: measured in the
  // commit, the live screen's first render forced the whole page's first layout inside its own long task.
  useLayoutEffect(() => {
    const strip = ref.current;
    if (!strip) return;
    if (typeof requestAnimationFrame === 'undefined') {
      showCurrent(strip);
      return;
    }
    const frame = requestAnimationFrame(() => showCurrent(strip));
    return () => cancelAnimationFrame(frame);
  }, [current]);

  return ref;
}

function showCurrent(strip: HTMLElement) {
  const chip = strip.querySelector<HTMLElement>('[aria-selected="true"], [aria-pressed="true"]');
  if (!chip || strip.scrollWidth <= strip.clientWidth) return;
  const chipLeft = chip.getBoundingClientRect().left - strip.getBoundingClientRect().left + strip.scrollLeft;
  const left = scrollLeftToShow(strip, chipLeft, chip.offsetWidth, EDGE);
  const calm = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
  if (left !== strip.scrollLeft) strip.scrollTo?.({ left, behavior: calm ? 'auto' : 'smooth' });
}

function markEdges(strip: HTMLElement) {
  const edges = stripEdges(strip);
  strip.toggleAttribute('data-more-start', edges.start);
  strip.toggleAttribute('data-more-end', edges.end);
}
