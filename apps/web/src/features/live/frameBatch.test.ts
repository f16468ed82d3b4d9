import { describe, expect, it, vi } from 'vitest';
import { beforeNextFrame, createFrameBatch, type Scheduler } from './frameBatch.ts';

/** A scheduler the test runs by hand: `frame()` is the browser's next frame. */
function manualFrames() {
  let scheduled: (() => void) | null = null;
  let requests = 0;
  const schedule: Scheduler = (run) => {
    requests += 1;
    scheduled = run;
    return () => {
      if (scheduled === run) scheduled = null;
    };
  };
  return {
    schedule,
    requests: () => requests,
    frame() {
      const run = scheduled;
      scheduled = null;
      run?.();
    },
  };
}

describe('the frame batch', () => {
  it('hands over everything pushed before a frame, in order, once', () => {
    const frames = manualFrames();
    const flushed: number[][] = [];
    const batch = createFrameBatch<number>((items) => flushed.push(items), frames.schedule);
    batch.push([1, 2]);
    batch.push([3]);
    batch.push([4, 5]);
    expect(flushed).toEqual([]);
    expect(frames.requests()).toBe(1);
    frames.frame();
    expect(flushed).toEqual([[1, 2, 3, 4, 5]]);
    frames.frame();
    expect(flushed).toHaveLength(1);
  });

  it('starts a new batch after a flush, and asks for no frame while empty', () => {
    const frames = manualFrames();
    const flushed: string[][] = [];
    const batch = createFrameBatch<string>((items) => flushed.push(items), frames.schedule);
    batch.push([]);
    expect(frames.requests()).toBe(0);
    batch.push(['a']);
    frames.frame();
    batch.push(['b']);
    expect(frames.requests()).toBe(2);
    frames.frame();
    expect(flushed).toEqual([['a'], ['b']]);
  });

  it('flushes at once when asked (the socket closes), and not again at the frame', () => {
    const frames = manualFrames();
    const flush = vi.fn();
    const batch = createFrameBatch<number>(flush, frames.schedule);
    batch.push([1]);
    batch.flush();
    expect(flush).toHaveBeenCalledWith([1]);
    frames.frame();
    batch.flush();
    expect(flush).toHaveBeenCalledTimes(1);
  });

  it('drops what waits when cancelled', () => {
    const frames = manualFrames();
    const flush = vi.fn();
    const batch = createFrameBatch<number>(flush, frames.schedule);
    batch.push([1]);
    batch.cancel();
    frames.frame();
    expect(flush).not.toHaveBeenCalled();
  });
});

describe('beforeNextFrame', () => {
  it('runs once, at the frame or after a short wait when no frame comes (a hidden tab)', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    try {
      const atFrame = vi.fn();
      beforeNextFrame(atFrame);
      frames.shift()?.(0);
      vi.advanceTimersByTime(1_000);
      expect(atFrame).toHaveBeenCalledTimes(1);

      const noFrame = vi.fn();
      beforeNextFrame(noFrame);
      vi.advanceTimersByTime(249);
      expect(noFrame).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(noFrame).toHaveBeenCalledTimes(1);
      frames.shift()?.(0);
      expect(noFrame).toHaveBeenCalledTimes(1);

      const cancelled = vi.fn();
      beforeNextFrame(cancelled)();
      frames.shift()?.(0);
      vi.advanceTimersByTime(1_000);
      expect(cancelled).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });
});
