import { describe, expect, it } from 'vitest';
import { scrollLeftToShow, stripEdges, wheelScrollLeft } from './chipStrip.ts';

describe('stripEdges', () => {
  it('says which edges have chips past them', () => {
    expect(stripEdges({ scrollLeft: 0, clientWidth: 300, scrollWidth: 300 })).toEqual({ start: false, end: false });
    expect(stripEdges({ scrollLeft: 0, clientWidth: 300, scrollWidth: 600 })).toEqual({ start: false, end: true });
    expect(stripEdges({ scrollLeft: 150, clientWidth: 300, scrollWidth: 600 })).toEqual({ start: true, end: true });
    expect(stripEdges({ scrollLeft: 300, clientWidth: 300, scrollWidth: 600 })).toEqual({ start: true, end: false });
  });

  it('ignores sub-pixel remainders', () => {
    expect(stripEdges({ scrollLeft: 0.5, clientWidth: 300, scrollWidth: 300.6 })).toEqual({ start: false, end: false });
  });
});

describe('scrollLeftToShow', () => {
  const strip = { scrollLeft: 100, clientWidth: 300 };

  it('leaves a chip in view where it is', () => {
    expect(scrollLeftToShow(strip, 150, 60, 32)).toBe(100);
  });

  it('scrolls back to a chip past the start, clear of the fade', () => {
    expect(scrollLeftToShow(strip, 40, 60, 32)).toBe(8);
    expect(scrollLeftToShow(strip, 10, 60, 32)).toBe(0);
  });

  it('scrolls on to a chip past the end, clear of the fade', () => {
    // Chip from 400 to 460: its end plus the margin at the strip's right edge.
    expect(scrollLeftToShow(strip, 400, 60, 32)).toBe(460 + 32 - 300);
  });

  it('lines a chip wider than the room up with the start', () => {
    expect(scrollLeftToShow(strip, 500, 280, 32)).toBe(468);
  });
});

describe('wheelScrollLeft', () => {
  const strip = { clientWidth: 300, scrollWidth: 600 };

  it('moves a strip that scrolls sideways by the turn, stopping at its ends', () => {
    expect(wheelScrollLeft({ ...strip, scrollLeft: 0 }, 100)).toBe(100);
    expect(wheelScrollLeft({ ...strip, scrollLeft: 250 }, 100)).toBe(300);
    expect(wheelScrollLeft({ ...strip, scrollLeft: 50 }, -100)).toBe(0);
  });

  it('leaves the turn to the page at the end it heads for, or when the strip does not scroll', () => {
    expect(wheelScrollLeft({ ...strip, scrollLeft: 300 }, 100)).toBeNull();
    expect(wheelScrollLeft({ ...strip, scrollLeft: 0 }, -100)).toBeNull();
    expect(wheelScrollLeft({ scrollLeft: 0, clientWidth: 300, scrollWidth: 300 }, 100)).toBeNull();
    expect(wheelScrollLeft({ ...strip, scrollLeft: 10 }, 0)).toBeNull();
  });
});
