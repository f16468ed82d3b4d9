import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { eventIdOf } from './eventParam.ts';
import { errorCodeOf, viewOf } from './useLiveRaceDay.ts';
import { race } from './testRaces.ts';

describe('eventIdOf', () => {
  it('reads a positive id, and nothing else', () => {
    expect(eventIdOf('12')).toBe(12);
    expect(eventIdOf(' 7 ')).toBe(7);
    for (const value of [null, '', '0', '-3', '1.5', 'abc', '99999999999', '4294967295']) {
      expect(eventIdOf(value)).toBeNull();
    }
  });
});

describe('errorCodeOf', () => {
  it('is the statusCode of the answer, else its HTTP status', () => {
    expect(errorCodeOf(new ApiError(404, 'Event not found.', {}, 404))).toBe(404);
    expect(errorCodeOf(new ApiError(502, 'Error', {}, 502))).toBe(502);
    expect(errorCodeOf(new ApiError(0, 'Error', {}, 0))).toBe(0);
    expect(errorCodeOf(new Error('boom'))).toBe(0);
  });
});

describe('viewOf', () => {
  const none = { data: undefined, error: null, isError: false };
  const info = {
    statusCode: 200 as const,
    event: { id: 1, name: 'Day', arena: 'Arena', streamUrl: '', raceDate: '2026-11-25', enabledBetTypes: [] },
    races: [race(1, 'O')],
    webSocketUrl: 'ws://host/ws',
  };

  it('loads, fails, is empty or ready', () => {
    expect(viewOf(true, none, null, none)).toEqual({ kind: 'loading' });
    const failed = { data: undefined, error: new ApiError(500, 'x', {}, 500), isError: true };
    expect(viewOf(true, failed, null, none)).toEqual({ kind: 'error', code: 500 });
    expect(viewOf(true, { data: { statusCode: 200, events: [] }, error: null, isError: false }, null, none)).toEqual({
      kind: 'empty',
    });
    expect(viewOf(false, none, 1, none)).toEqual({ kind: 'loading' });
    expect(viewOf(false, none, 1, { data: undefined, error: new ApiError(404, 'x', {}, 404), isError: true })).toEqual({
      kind: 'error',
      code: 404,
    });
    expect(viewOf(false, none, 1, { data: info, error: null, isError: false })).toEqual({ kind: 'ready', info });
  });

  it('keeps showing the card when a later read fails', () => {
    const stale = { data: info, error: new ApiError(0, 'x'), isError: true };
    expect(viewOf(false, none, 1, stale)).toEqual({ kind: 'ready', info });
  });
});
