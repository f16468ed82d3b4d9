/** A horizontally scrolling strip of chips (race numbers, bet types, legs): what is out of view, what to scroll. */

export interface StripBox {
  scrollLeft: number;
  clientWidth: number;
  scrollWidth: number;
}

/** Whether chips hide past the strip's start or end: that edge shows a fade saying it scrolls. */
export function stripEdges({ scrollLeft, clientWidth, scrollWidth }: StripBox): { start: boolean; end: boolean } {
  // A pixel of slack: zoom and fractional widths leave sub-pixel remainders at either end.
  return { start: scrollLeft > 1, end: scrollLeft + clientWidth < scrollWidth - 1 };
}

/**
 * The strip's scrollLeft that shows a chip whole, with `margin` pixels clear of the faded edges, moving
 * as little as possible (unchanged when it is in view). `chipLeft` is the chip's offset in the strip's
 * scrolled content.
 */
export function scrollLeftToShow(
  strip: Pick<StripBox, 'scrollLeft' | 'clientWidth'>,
  chipLeft: number,
  chipWidth: number,
  margin: number,
): number {
  const viewStart = strip.scrollLeft + margin;
  const viewEnd = strip.scrollLeft + strip.clientWidth - margin;
  if (chipLeft < viewStart) return Math.max(0, chipLeft - margin);
  if (chipLeft + chipWidth > viewEnd) {
    // A chip wider than the room there is lines up with the start.
    const fits = chipWidth <= strip.clientWidth - 2 * margin;
    return fits ? chipLeft + chipWidth + margin - strip.clientWidth : Math.max(0, chipLeft - margin);
  }
  return strip.scrollLeft;
}

/**
 * Where a vertical wheel turn over the strip takes it sideways (a mouse has no other way along it), or
 * null to leave the turn to the page: a strip that does not scroll, or one already at that end.
 */
export function wheelScrollLeft({ scrollLeft, clientWidth, scrollWidth }: StripBox, deltaY: number): number | null {
  const max = scrollWidth - clientWidth;
  if (max <= 1 || deltaY === 0) return null;
  const next = Math.min(max, Math.max(0, scrollLeft + deltaY));
  return Math.abs(next - scrollLeft) < 1 ? null : next;
}
