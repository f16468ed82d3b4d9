import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INVALID_AUTH_REASON, RECONNECT_DELAY_MS } from '@karera/shared';
import {
  connectRealtime,
  socketUrlFor,
  type RealtimeOptions,
  type RealtimeState,
  type SocketLike,
} from './realtime.ts';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closedWith: { code?: number | undefined; reason?: string | undefined } | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number, reason?: string) {
    this.closedWith = { code, reason };
  }
  serverOpens() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  serverSends(data: unknown) {
    this.onmessage?.({ data } as MessageEvent);
  }
  serverCloses(code: number, reason = '') {
    this.readyState = 3;
    this.onerror?.(new Event('error'));
    this.onclose?.({ code, reason } as CloseEvent);
  }
}

function setup(overrides: Partial<RealtimeOptions> = {}) {
  const sockets: FakeSocket[] = [];
  const states: RealtimeState[] = [];
  const options = {
    url: 'ws://host/ws',
    hello: vi.fn(() => 'GAME_CONNECT:7:cookie'),
    onMessages: vi.fn(),
    onOpen: vi.fn(),
    onInvalidAuth: vi.fn(),
    onStateChange: (state: RealtimeState) => states.push(state),
    createSocket: (url: string) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    ...overrides,
  };
  const connection = connectRealtime(options);
  const last = () => sockets[sockets.length - 1] as FakeSocket;
  return { options, connection, sockets, states, last };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('connectRealtime', () => {
  it('sends GAME_CONNECT on open and hands over the messages of each frame', () => {
    const { options, last, states } = setup();
    expect(states).toEqual(['connecting']);
    last().serverOpens();
    expect(last().sent).toEqual(['GAME_CONNECT:7:cookie']);
    expect(options.onOpen).toHaveBeenCalledWith(false);
    expect(states).toEqual(['connecting', 'open']);

    last().serverSends('RACE_STATUS:4:O|UPDATE_ODDS:4:3.50,,12.00|NONSENSE');
    expect(options.onMessages).toHaveBeenCalledExactlyOnceWith([
      { type: 'RACE_STATUS', raceId: 4, status: 'O' },
      { type: 'UPDATE_ODDS', raceId: 4, odds: ['3.50', null, '12.00'] },
    ]);
    last().serverSends('NONSENSE');
    last().serverSends(new ArrayBuffer(2));
    expect(options.onMessages).toHaveBeenCalledTimes(1);
  });

  it('reconnects 3 s after any other close, and says it was a reconnect', () => {
    const { options, sockets, last, states } = setup();
    last().serverOpens();
    last().serverCloses(1006);
    expect(states.at(-1)).toBe('reconnecting');
    vi.advanceTimersByTime(RECONNECT_DELAY_MS - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    last().serverOpens();
    expect(last().sent).toEqual(['GAME_CONNECT:7:cookie']);
    expect(options.onOpen).toHaveBeenLastCalledWith(true);
    expect(states.at(-1)).toBe('open');

    // A socket that never opened (server down) keeps retrying at the same pace.
    last().serverCloses(1006);
    vi.advanceTimersByTime(RECONNECT_DELAY_MS);
    last().serverCloses(1006);
    vi.advanceTimersByTime(RECONNECT_DELAY_MS);
    expect(sockets).toHaveLength(4);
    expect(options.onInvalidAuth).not.toHaveBeenCalled();
  });

  it('stops and reports the session as gone on a close with the invalid-authentication reason', () => {
    const { options, sockets, last, states } = setup();
    last().serverOpens();
    last().serverCloses(4001, INVALID_AUTH_REASON);
    expect(options.onInvalidAuth).toHaveBeenCalledTimes(1);
    expect(states.at(-1)).toBe('closed');
    vi.advanceTimersByTime(RECONNECT_DELAY_MS * 3);
    expect(sockets).toHaveLength(1);
  });

  it('does not reconnect once its owner closed it, even during the reconnect delay', () => {
    const first = setup();
    first.last().serverOpens();
    first.connection.close();
    expect(first.last().closedWith).toEqual({ code: 1000, reason: 'Client closed' });
    expect(first.states.at(-1)).toBe('closed');
    vi.advanceTimersByTime(RECONNECT_DELAY_MS * 2);
    expect(first.sockets).toHaveLength(1);

    const second = setup();
    second.last().serverCloses(1006);
    second.connection.close();
    vi.advanceTimersByTime(RECONNECT_DELAY_MS * 2);
    expect(second.sockets).toHaveLength(1);
  });

  it('treats a hello it cannot make as an invalid session', () => {
    const { options, last, states } = setup({ hello: () => null });
    last().serverOpens();
    expect(last().sent).toEqual([]);
    expect(options.onInvalidAuth).toHaveBeenCalledTimes(1);
    expect(states.at(-1)).toBe('closed');
  });
});

describe('socketUrlFor', () => {
  it('upgrades ws:// to wss:// on an https page only', () => {
    expect(socketUrlFor('ws://example.ph/ws', 'https:')).toBe('wss://example.ph/ws');
    expect(socketUrlFor('ws://127.0.0.1:3000/ws', 'http:')).toBe('ws://127.0.0.1:3000/ws');
    expect(socketUrlFor('wss://example.ph/ws', 'https:')).toBe('wss://example.ph/ws');
  });
});
