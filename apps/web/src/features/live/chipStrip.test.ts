import { describe, expect, it } from 'vitest';
import { scrollLeftToShow, stripEdges } from './chipStrip.ts';

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
