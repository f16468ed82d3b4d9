import { describe, expect, it } from 'vitest';
import { noArrivals, noteArrival, shouldGather } from './batch-gathering.ts';

const policy = { upTo: 8, waitMs: 1, rushGapMs: 1 };

describe('batch gathering', () => {
  it('never holds back the first bets of a quiet lane', () => {
    const arrivals = noArrivals();
    expect(shouldGather(policy, arrivals, 1)).toBe(false);
    noteArrival(arrivals, 0);
    expect(shouldGather(policy, arrivals, 1)).toBe(false);
  });

  it('gathers once bets come closer than the rush gap, and stops when they slow down', () => {
    const arrivals = noArrivals();
    let now = 0;
    for (let i = 0; i < 60; i += 1) noteArrival(arrivals, (now += 0.3));
    expect(arrivals.gapMs).toBeLessThan(1);
    expect(shouldGather(policy, arrivals, 1)).toBe(true);
    for (let i = 0; i < 30; i += 1) noteArrival(arrivals, (now += 5));
    expect(shouldGather(policy, arrivals, 1)).toBe(false);
  });

  it('starts a batch that already holds enough bets', () => {
    const arrivals = noArrivals();
    let now = 0;
    for (let i = 0; i < 60; i += 1) noteArrival(arrivals, (now += 0.1));
    expect(shouldGather(policy, arrivals, 7)).toBe(true);
    expect(shouldGather(policy, arrivals, 8)).toBe(false);
  });

  it('counts bets that arrive together (one message from the server thread) as a rush', () => {
    const arrivals = noArrivals();
    noteArrival(arrivals, 100);
    for (let i = 0; i < 40; i += 1) noteArrival(arrivals, 100);
    expect(shouldGather(policy, arrivals, 1)).toBe(true);
  });
});
