import { describe, expect, it } from 'vitest';
import { decodeFrame, decodeMessage, encodeMessage } from '../racing/realtime.ts';

describe('the staff hello on the live socket', () => {
  it('is one bare word both ways, and carries no id a client could choose', () => {
    expect(encodeMessage({ type: 'STAFF_CONNECT' })).toBe('STAFF_CONNECT');
    expect(decodeMessage('STAFF_CONNECT')).toEqual({ type: 'STAFF_CONNECT' });
    expect(decodeMessage('STAFF_CONNECT:1')).toBeNull();
    expect(decodeMessage('STAFF_CONNECT:1:admin')).toBeNull();
    expect(decodeFrame('STAFF_CONNECT|RACE_STATUS:4:O')).toEqual([
      { type: 'STAFF_CONNECT' },
      { type: 'RACE_STATUS', raceId: 4, status: 'O' },
    ]);
  });
});
