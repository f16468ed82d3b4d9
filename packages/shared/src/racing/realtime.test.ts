import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeFrame, decodeMessage, encodeFrame, encodeMessage, type RealtimeMessage } from './realtime.ts';
import { RACE_STATUSES } from './status.ts';

const message: fc.Arbitrary<RealtimeMessage> = fc.oneof(
  fc.record({
    type: fc.constant('GAME_CONNECT' as const),
    playerId: fc.stringMatching(/^[0-9]{1,8}$/),
    sessionId: fc.stringMatching(/^[A-Za-z0-9_-]{1,43}$/),
  }),
  fc.record({
    type: fc.constant('RACE_STATUS' as const),
    raceId: fc.integer({ min: 1, max: 1e9 }),
    status: fc.constantFrom(...RACE_STATUSES),
  }),
  fc.record({
    type: fc.constant('UPDATE_ODDS' as const),
    raceId: fc.integer({ min: 1, max: 1e9 }),
    odds: fc.array(
      fc.option(
        fc.integer({ min: 100, max: 99999 }).map((c) => (c / 100).toFixed(2)),
        { nil: null },
      ),
      {
        minLength: 1,
        maxLength: 16,
      },
    ),
  }),
);

describe('realtime codec', () => {
  it('writes the documented text form', () => {
    expect(
      encodeFrame([
        { type: 'RACE_STATUS', raceId: 12, status: 'O' },
        { type: 'UPDATE_ODDS', raceId: 12, odds: ['2.50', null, '10.00'] },
      ]),
    ).toBe('RACE_STATUS:12:O|UPDATE_ODDS:12:2.50,,10.00');
    expect(encodeMessage({ type: 'GAME_CONNECT', playerId: '7', sessionId: 'cookie' })).toBe('GAME_CONNECT:7:cookie');
  });

  it('round-trips every message and frame', () => {
    fc.assert(
      fc.property(fc.array(message, { minLength: 1, maxLength: 8 }), (messages) => {
        expect(decodeFrame(encodeFrame(messages))).toEqual(messages);
      }),
    );
  });

  it('drops malformed messages', () => {
    expect(decodeMessage('RACE_STATUS:12:Z')).toBeNull();
    expect(decodeMessage('RACE_STATUS:x:O')).toBeNull();
    expect(decodeMessage('UPDATE_ODDS:3:1.5,abc')).toBeNull();
    expect(decodeMessage('HELLO:1:2')).toBeNull();
    expect(decodeMessage('GAME_CONNECT:1:a:b')).toBeNull();
    expect(decodeFrame('RACE_STATUS:1:O|junk|RACE_STATUS:2:C')).toEqual([
      { type: 'RACE_STATUS', raceId: 1, status: 'O' },
      { type: 'RACE_STATUS', raceId: 2, status: 'C' },
    ]);
  });
});
