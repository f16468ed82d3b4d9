/**
 * Where a tour step's spotlight and tooltip go, and where the window should scroll so both are seen
 * between the sticky header and the bottom nav. Everything is in document coordinates (the overlay is
 * absolutely positioned on the page, so it scrolls with it). Pure, so it is unit tested.
 */

export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface Viewport {
  width: number;
  height: number;
  scrollX: number;
  scrollY: number;
  /** The document's full height. */
  documentHeight: number;
  /** What covers the top and the bottom of the viewport (the sticky header, the bottom nav). */
  insetTop: number;
  insetBottom: number;
}

export interface TourLayout {
  spotlight: Box;
  tooltip: { top: number; left: number; placement: 'below' | 'above' | 'over' };
  /** The window's scrollY that shows the step; the current one when it is already seen. */
  scrollY: number;
}

/** The spotlight's margin around its element, the gap to the tooltip, the tooltip's distance to the edges. */
export const SPOTLIGHT_PADDING = 6;
export const TOOLTIP_GAP = 10;
export const EDGE_MARGIN = 12;
/** The tooltip's widest: 320 px at most (docs/product/screens.md#tutorials). */
export const TOOLTIP_MAX_WIDTH = 320;

/** The tooltip's width on a viewport: 320 px, less on a screen too narrow for it and its margins. */
export function tooltipWidth(viewportWidth: number): number {
  return Math.max(0, Math.min(TOOLTIP_MAX_WIDTH, viewportWidth - 2 * EDGE_MARGIN));
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max));
}

export function layoutStep(target: Box, tooltip: { width: number; height: number }, view: Viewport): TourLayout {
  // Its margin stays within the screen's width: an element from edge to edge (the bottom nav) would
  // otherwise make the page wider than the phone.
  const ringLeft = Math.max(view.scrollX, target.left - SPOTLIGHT_PADDING);
  const ringRight = Math.min(view.scrollX + view.width, target.left + target.width + SPOTLIGHT_PADDING);
  const spotlight: Box = {
    top: target.top - SPOTLIGHT_PADDING,
    left: ringLeft,
    width: Math.max(0, ringRight - ringLeft),
    height: target.height + 2 * SPOTLIGHT_PADDING,
  };
  const spotBottom = spotlight.top + spotlight.height;
  // The band of the viewport nothing covers, less a margin at each end.
  const band = view.height - view.insetTop - view.insetBottom - 2 * EDGE_MARGIN;
  const fits = spotlight.height + TOOLTIP_GAP + tooltip.height <= band;

  let placement: TourLayout['tooltip']['placement'];
  let top: number;
  if (!fits) {
    // A tall element: the tooltip sits over its lower part, at the bottom of the band once its top is in view.
    placement = 'over';
    top = spotlight.top + Math.max(0, band - tooltip.height);
  } else if (
    spotBottom + TOOLTIP_GAP + tooltip.height > view.documentHeight &&
    spotlight.top - TOOLTIP_GAP - tooltip.height >= 0
  ) {
    placement = 'above';
    top = spotlight.top - TOOLTIP_GAP - tooltip.height;
  } else {
    placement = 'below';
    top = spotBottom + TOOLTIP_GAP;
  }

  const centred = spotlight.left + spotlight.width / 2 - tooltip.width / 2;
  const left = clamp(centred, view.scrollX + EDGE_MARGIN, view.scrollX + view.width - EDGE_MARGIN - tooltip.width);

  const unionTop = Math.min(spotlight.top, top);
  const unionBottom = Math.max(spotBottom, top + tooltip.height);
  const seenTop = view.scrollY + view.insetTop + EDGE_MARGIN;
  const seenBottom = view.scrollY + view.height - view.insetBottom - EDGE_MARGIN;
  let scrollY = view.scrollY;
  if (unionTop < seenTop || unionBottom > seenBottom) {
    const height = unionBottom - unionTop;
    scrollY =
      height <= band
        ? unionTop - view.insetTop - EDGE_MARGIN - (band - height) / 2
        : spotlight.top - view.insetTop - EDGE_MARGIN;
    scrollY = Math.round(clamp(scrollY, 0, view.documentHeight - view.height));
  }
  return { spotlight, tooltip: { top, left, placement }, scrollY };
}
