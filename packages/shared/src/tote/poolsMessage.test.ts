import { describe, expect, it } from 'vitest';
import { decodeFrame, encodeFrame } from '../racing/realtime.ts';
import { decodePoolsUpdated, encodePoolsUpdated } from './poolsMessage.ts';

describe('POOLS_UPDATED', () => {
  it('round-trips through a frame with the other race messages', () => {
    const frame = encodeFrame([
      { type: 'RACE_STATUS', raceId: 4, status: 'O' },
      { type: 'POOLS_UPDATED', raceId: 4, version: 'a1b2c3' },
    ]);
    expect(frame).toBe('RACE_STATUS:4:O|POOLS_UPDATED:4:a1b2c3');
    expect(decodeFrame(frame)).toEqual([
      { type: 'RACE_STATUS', raceId: 4, status: 'O' },
      { type: 'POOLS_UPDATED', raceId: 4, version: 'a1b2c3' },
    ]);
  });

  it('refuses malformed notices', () => {
    for (const text of ['POOLS_UPDATED:x:1', 'POOLS_UPDATED:1:', 'POOLS_UPDATED:1:a-b', 'POOLS_UPDATED:1:a:b']) {
      expect(decodePoolsUpdated(text)).toBeNull();
    }
    expect(() => encodePoolsUpdated({ type: 'POOLS_UPDATED', raceId: 1, version: 'a|b' })).toThrow();
  });
});
