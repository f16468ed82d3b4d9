import { describe, expect, it } from 'vitest';
import {
  EDGE_MARGIN,
  layoutStep,
  SPOTLIGHT_PADDING,
  TOOLTIP_GAP,
  TOOLTIP_MAX_WIDTH,
  tooltipWidth,
  type Viewport,
} from './tourPosition.ts';

const phone: Viewport = {
  width: 390,
  height: 844,
  scrollX: 0,
  scrollY: 0,
  documentHeight: 3000,
  insetTop: 60,
  insetBottom: 64,
};
const tip = { width: tooltipWidth(390), height: 180 };

describe('tooltip width', () => {
  it('is 320 px at most, less on a screen too narrow for it and its margins', () => {
    expect(tooltipWidth(1280)).toBe(TOOLTIP_MAX_WIDTH);
    expect(tooltipWidth(390)).toBe(320);
    expect(tooltipWidth(320)).toBe(320 - 2 * EDGE_MARGIN);
  });
});

describe('layoutStep', () => {
  it('rings the element and puts the tooltip below it, inside the viewport', () => {
    const layout = layoutStep({ top: 200, left: 16, width: 358, height: 60 }, tip, phone);
    expect(layout.spotlight).toEqual({
      top: 200 - SPOTLIGHT_PADDING,
      left: 16 - SPOTLIGHT_PADDING,
      width: 358 + 2 * SPOTLIGHT_PADDING,
      height: 60 + 2 * SPOTLIGHT_PADDING,
    });
    expect(layout.tooltip.placement).toBe('below');
    expect(layout.tooltip.top).toBe(200 + 60 + SPOTLIGHT_PADDING + TOOLTIP_GAP);
    expect(layout.tooltip.left).toBeGreaterThanOrEqual(EDGE_MARGIN);
    expect(layout.tooltip.left + tip.width).toBeLessThanOrEqual(390 - EDGE_MARGIN);
    // Already in view: no scrolling.
    expect(layout.scrollY).toBe(0);
  });

  it('keeps the ring of an element from edge to edge (the bottom nav) within the screen', () => {
    const layout = layoutStep({ top: 780, left: 0, width: 390, height: 64 }, tip, phone);
    expect(layout.spotlight.left).toBe(0);
    expect(layout.spotlight.width).toBe(390);
  });

  it('keeps the tooltip inside the viewport beside an element at either edge', () => {
    const right = layoutStep({ top: 300, left: 330, width: 50, height: 40 }, tip, phone);
    expect(right.tooltip.left + tip.width).toBeLessThanOrEqual(390 - EDGE_MARGIN);
    const left = layoutStep({ top: 300, left: 0, width: 40, height: 40 }, tip, phone);
    expect(left.tooltip.left).toBe(EDGE_MARGIN);
  });

  it('centres the tooltip under a small element on a wide screen', () => {
    const wide = { ...phone, width: 1280 };
    const layout = layoutStep({ top: 300, left: 600, width: 80, height: 40 }, { width: 320, height: 160 }, wide);
    expect(layout.tooltip.left).toBe(640 - 160);
  });

  it('scrolls an element further down so it and its tooltip show between the header and the bottom nav', () => {
    const layout = layoutStep({ top: 1500, left: 16, width: 358, height: 100 }, tip, phone);
    const top = layout.spotlight.top;
    const bottom = layout.tooltip.top + tip.height;
    expect(top).toBeGreaterThanOrEqual(layout.scrollY + phone.insetTop);
    expect(bottom).toBeLessThanOrEqual(layout.scrollY + phone.height - phone.insetBottom);
  });

  it('scrolls back up to an element above the viewport', () => {
    const layout = layoutStep({ top: 100, left: 16, width: 358, height: 50 }, tip, { ...phone, scrollY: 1200 });
    expect(layout.scrollY).toBeLessThan(1200);
    expect(layout.spotlight.top).toBeGreaterThanOrEqual(layout.scrollY + phone.insetTop);
  });

  it('never scrolls above the top of the page', () => {
    const layout = layoutStep({ top: 10, left: 16, width: 358, height: 40 }, tip, { ...phone, scrollY: 500 });
    expect(layout.scrollY).toBe(0);
  });

  it('puts the tooltip above an element at the very end of the page', () => {
    const layout = layoutStep({ top: 2900, left: 16, width: 358, height: 60 }, tip, phone);
    expect(layout.tooltip.placement).toBe('above');
    expect(layout.tooltip.top + tip.height).toBeLessThanOrEqual(layout.spotlight.top);
  });

  it('lays the tooltip over the lower part of an element taller than the screen, its top in view', () => {
    const layout = layoutStep({ top: 400, left: 16, width: 358, height: 1200 }, tip, phone);
    expect(layout.tooltip.placement).toBe('over');
    expect(layout.scrollY).toBe(layout.spotlight.top - phone.insetTop - EDGE_MARGIN);
    expect(layout.tooltip.top + tip.height).toBeLessThanOrEqual(layout.scrollY + phone.height - phone.insetBottom);
  });
});
