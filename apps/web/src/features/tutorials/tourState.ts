/**
 * The state of a guided tour (docs/product/screens.md#tutorials): which step is open, and how the tour ended. Skip
 * tour, Finish and Escape (stop) all end it; the page then returns to /tutorial. Pure, so it is unit tested.
 */

export type TourEnd = 'skip' | 'finish' | 'stop';

export interface TourState {
  /** The open step, 0-based. */
  index: number;
  /** How many steps the tour has (at least one). */
  count: number;
  /** How the tour ended, or null while it runs. */
  ended: TourEnd | null;
}

export type TourAction = 'next' | 'previous' | 'skip' | 'finish' | 'stop';

export function startTour(count: number, index = 0): TourState {
  const steps = Math.max(1, Math.floor(count));
  return { index: Math.min(Math.max(0, Math.floor(index)), steps - 1), count: steps, ended: null };
}

export function isLastStep(state: TourState): boolean {
  return state.index === state.count - 1;
}

export function isFirstStep(state: TourState): boolean {
  return state.index === 0;
}

/**
 * Next moves on, and on the last step finishes the tour (its button reads Finish there); Previous moves
 * back and does nothing on the first step. An ended tour stays ended.
 */
export function tourReducer(state: TourState, action: TourAction): TourState {
  if (state.ended) return state;
  switch (action) {
    case 'next':
      return isLastStep(state) ? { ...state, ended: 'finish' } : { ...state, index: state.index + 1 };
    case 'previous':
      return isFirstStep(state) ? state : { ...state, index: state.index - 1 };
    case 'skip':
    case 'finish':
    case 'stop':
      return { ...state, ended: action };
  }
}

/** What a key does in a tour: right arrow is Next (Finish on the last step), left arrow Previous, Escape stops. */
export function tourActionOfKey(event: {
  key: string;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
}): TourAction | null {
  // Alt+Left is the browser's Back, Shift+arrows select text: those stay the browser's.
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null;
  switch (event.key) {
    case 'ArrowRight':
    case 'Right':
      return 'next';
    case 'ArrowLeft':
    case 'Left':
      return 'previous';
    case 'Escape':
    case 'Esc':
      return 'stop';
    default:
      return null;
  }
}
