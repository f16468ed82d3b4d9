import { useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../../components/ui/index.ts';
import { layoutStep, type Viewport } from './tourPosition.ts';
import { tourActionOfKey, type TourAction } from './tourState.ts';

export interface TourStepView {
  id: string;
  /** The data-tour name of the highlighted element inside `root`. */
  target: string;
  title: string;
  body: string;
}

export interface TourLabels {
  stepOf: string;
  highlighted: string;
  skip: string;
  previous: string;
  next: string;
  finish: string;
}

interface TourProps {
  steps: readonly TourStepView[];
  index: number;
  /** The mock screen the steps' targets live in. */
  root: RefObject<HTMLElement | null>;
  onAction: (action: TourAction) => void;
  labels: TourLabels;
}

function pixelsOf(variable: string): number {
  return Number.parseFloat(getComputedStyle(document.documentElement).getPropertyValue(variable)) || 0;
}

function viewportNow(): Viewport {
  return {
    width: document.documentElement.clientWidth,
    height: window.innerHeight,
    scrollX: window.scrollX,
    scrollY: window.scrollY,
    documentHeight: document.documentElement.scrollHeight,
    insetTop: pixelsOf('--header-height'),
    insetBottom: pixelsOf('--bottom-nav-height'),
  };
}

/**
 * A guided tour over a mock screen (docs/product/screens.md#tutorials): a spotlight on the step's element and a tooltip
 * beside it (at most 320 px wide, inside the viewport) with Skip tour, Previous and Next (Finish on the
 * last step). Right and left arrows and Escape work while the focus is on the tour or the page. When a
 * step opens the focus moves into the tooltip (or stays on its button), the step is scrolled into view
 * between the sticky header and the bottom nav, and its element is named to screen readers.
 */
export function Tour({ steps, index, root, onAction, labels }: TourProps) {
  const step = steps[index];
  const last = index === steps.length - 1;
  const tooltipRef = useRef<HTMLDivElement>(null);
  const spotlightRef = useRef<HTMLDivElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const titleId = useId();
  const counterId = useId();
  const bodyId = useId();

  // Positions are written straight to the two elements: no re-render, and a resize only moves them.
  function place(newStep = false) {
    const tooltip = tooltipRef.current;
    const spotlight = spotlightRef.current;
    const target = step ? root.current?.querySelector<HTMLElement>(`[data-tour="${step.target}"]`) : null;
    if (!tooltip || !spotlight) return;
    if (!target) {
      spotlight.hidden = true;
      return;
    }
    const rect = target.getBoundingClientRect();
    const view = viewportNow();
    const box = {
      top: rect.top + view.scrollY,
      left: rect.left + view.scrollX,
      width: rect.width,
      height: rect.height,
    };
    const layout = layoutStep(box, { width: tooltip.offsetWidth, height: tooltip.offsetHeight }, view);
    Object.assign(spotlight.style, {
      top: `${layout.spotlight.top}px`,
      left: `${layout.spotlight.left}px`,
      width: `${layout.spotlight.width}px`,
      height: `${layout.spotlight.height}px`,
    });
    spotlight.hidden = false;
    Object.assign(tooltip.style, { top: `${layout.tooltip.top}px`, left: `${layout.tooltip.left}px` });
    tooltip.dataset.placement = layout.tooltip.placement;
    // Scrolls only when the step is not in view (layoutStep keeps scrollY otherwise): at a new step, and
    // when a layout change has moved the step out of view. A new step always scrolls, even to where the
    // page already is: that ends a smooth scroll still heading for an earlier step (steps taken quickly).
    if (newStep || Math.abs(layout.scrollY - view.scrollY) > 1) {
      const calm = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
      window.scrollTo({ top: layout.scrollY, behavior: calm ? 'auto' : 'smooth' });
    }
  }
  const placeRef = useRef(place);
  useLayoutEffect(() => {
    placeRef.current = place;
  });

  // A new step: place it and scroll it into view before the browser paints.
  useLayoutEffect(() => placeRef.current(true), [index, step?.target]);

  // Layout changes (rotation, a font arriving, a resize) move the spotlight and the tooltip with it. The
  // tooltip itself is watched too: a step's text that wraps differently changes its height, and a tooltip
  // placed above its element must then move to keep its bottom edge beside it.
  useEffect(() => {
    const replace = () => placeRef.current();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(replace);
    if (root.current) observer?.observe(root.current);
    if (tooltipRef.current) observer?.observe(tooltipRef.current);
    window.addEventListener('resize', replace);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', replace);
    };
  }, [root]);

  // Focus: into the tooltip when a step opens, unless it is already on one of its buttons (then the
  // step is announced instead). After the page's own focus move, which runs first (see TutorialTourPage).
  useEffect(() => {
    const tooltip = tooltipRef.current;
    if (!tooltip) return;
    const active = document.activeElement;
    const onButton = active instanceof HTMLButtonElement && !active.disabled && tooltip.contains(active);
    if (onButton) {
      const counter = document.getElementById(counterId)?.textContent ?? '';
      setAnnouncement(`${counter}. ${tooltip.querySelector('h2')?.textContent ?? ''}. ${step?.body ?? ''}`);
    } else {
      setAnnouncement('');
      tooltip.focus({ preventScroll: true });
    }
  }, [index, counterId, step?.body]);

  const actionRef = useRef(onAction);
  useLayoutEffect(() => {
    actionRef.current = onAction;
  });
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const action = tourActionOfKey(event);
      if (event.defaultPrevented || !action) return;
      // Keys in the header's menus, a form field or a dialog stay theirs.
      const target = event.target;
      const main = root.current?.closest('main');
      const forTour =
        target === document.body ||
        target === document.documentElement ||
        (target instanceof Node && (tooltipRef.current?.contains(target) || main?.contains(target)));
      if (!forTour) return;
      event.preventDefault();
      actionRef.current(action);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [root]);

  if (!step) return null;
  return createPortal(
    <>
      <div ref={spotlightRef} className="tour-spotlight" aria-hidden="true" hidden data-testid="tour-spotlight" />
      <div
        ref={tooltipRef}
        className="tour-tooltip"
        role="dialog"
        aria-modal="false"
        aria-labelledby={titleId}
        aria-describedby={`${counterId} ${bodyId}`}
        tabIndex={-1}
        data-testid="tour-tooltip"
        data-step={step.id}
        data-target={step.target}
      >
        <p className="tour-tooltip__counter" id={counterId}>
          {labels.stepOf}
        </p>
        <h2 className="tour-tooltip__title" id={titleId}>
          <span className="visually-hidden">{labels.highlighted} </span>
          {step.title}
        </h2>
        <p className="tour-tooltip__body" id={bodyId}>
          {step.body}
        </p>
        <div className="tour-tooltip__actions">
          <Button variant="ghost" size="sm" onClick={() => onAction('skip')} data-testid="tour-skip">
            {labels.skip}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={index === 0}
            onClick={() => onAction('previous')}
            data-testid="tour-previous"
          >
            {labels.previous}
          </Button>
          <Button
            variant="primary"
            size="sm"
            onClick={() => onAction(last ? 'finish' : 'next')}
            data-testid={last ? 'tour-finish' : 'tour-next'}
          >
            {last ? labels.finish : labels.next}
          </Button>
        </div>
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
      </div>
    </>,
    document.body,
  );
}
