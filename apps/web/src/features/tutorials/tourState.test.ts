import { describe, expect, it } from 'vitest';
import { isFirstStep, isLastStep, startTour, tourActionOfKey, tourReducer, type TourAction } from './tourState.ts';

function run(count: number, actions: TourAction[]) {
  return actions.reduce(tourReducer, startTour(count));
}

describe('tour state', () => {
  it('starts on the first step of at least one', () => {
    expect(startTour(4)).toEqual({ index: 0, count: 4, ended: null });
    expect(startTour(0)).toEqual({ index: 0, count: 1, ended: null });
    expect(startTour(3, 7).index).toBe(2);
    expect(startTour(3, -2).index).toBe(0);
  });

  it('Next moves on one step at a time and finishes the tour on the last step', () => {
    expect(run(3, ['next']).index).toBe(1);
    expect(run(3, ['next', 'next'])).toEqual({ index: 2, count: 3, ended: null });
    expect(run(3, ['next', 'next', 'next'])).toEqual({ index: 2, count: 3, ended: 'finish' });
  });

  it('Previous moves back and stays on the first step', () => {
    expect(run(3, ['next', 'next', 'previous']).index).toBe(1);
    expect(run(3, ['previous'])).toEqual(startTour(3));
    expect(run(3, ['next', 'previous', 'previous', 'previous']).index).toBe(0);
  });

  it('Skip tour, Finish and stop end the tour from any step', () => {
    expect(run(5, ['skip']).ended).toBe('skip');
    expect(run(5, ['next', 'next', 'stop']).ended).toBe('stop');
    expect(run(5, ['next', 'finish'])).toEqual({ index: 1, count: 5, ended: 'finish' });
  });

  it('an ended tour does not move any more', () => {
    const ended = run(3, ['skip']);
    for (const action of ['next', 'previous', 'finish', 'stop'] as const) {
      expect(tourReducer(ended, action)).toBe(ended);
    }
  });

  it('knows its first and last steps', () => {
    const first = startTour(2);
    expect(isFirstStep(first)).toBe(true);
    expect(isLastStep(first)).toBe(false);
    const last = tourReducer(first, 'next');
    expect(isFirstStep(last)).toBe(false);
    expect(isLastStep(last)).toBe(true);
    expect(isLastStep(startTour(1))).toBe(true);
  });
});

describe('tour keys', () => {
  it('right arrow is Next, left arrow Previous and Escape stops', () => {
    expect(tourActionOfKey({ key: 'ArrowRight' })).toBe('next');
    expect(tourActionOfKey({ key: 'ArrowLeft' })).toBe('previous');
    expect(tourActionOfKey({ key: 'Escape' })).toBe('stop');
    // Old browsers' names.
    expect(tourActionOfKey({ key: 'Right' })).toBe('next');
    expect(tourActionOfKey({ key: 'Left' })).toBe('previous');
    expect(tourActionOfKey({ key: 'Esc' })).toBe('stop');
  });

  it('leaves other keys and modified arrows (Alt+Left is Back) to the browser', () => {
    for (const key of ['Enter', ' ', 'Tab', 'ArrowUp', 'ArrowDown', 'a']) expect(tourActionOfKey({ key })).toBeNull();
    expect(tourActionOfKey({ key: 'ArrowLeft', altKey: true })).toBeNull();
    expect(tourActionOfKey({ key: 'ArrowRight', shiftKey: true })).toBeNull();
    expect(tourActionOfKey({ key: 'ArrowRight', ctrlKey: true })).toBeNull();
    expect(tourActionOfKey({ key: 'Escape', metaKey: true })).toBeNull();
  });

  it('the keys walk a tour from start to finish and stop it', () => {
    let state = startTour(3);
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowLeft', 'ArrowRight', 'ArrowRight']) {
      const action = tourActionOfKey({ key });
      if (action) state = tourReducer(state, action);
    }
    expect(state).toEqual({ index: 2, count: 3, ended: 'finish' });
    const stopped = tourReducer(startTour(3), tourActionOfKey({ key: 'Escape' }) ?? 'next');
    expect(stopped.ended).toBe('stop');
  });
});
