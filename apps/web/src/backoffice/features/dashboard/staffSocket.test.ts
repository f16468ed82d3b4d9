import { afterEach, describe, expect, it, vi } from 'vitest';
import { STAFF_AUTH_REFUSED_CODE, STAFF_AUTH_REFUSED_REASON } from '@karera/shared';
import { connectStaffSocket, staffSocketUrl, type StaffSocketState } from './staffSocket.ts';

class FakeSocket {
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
  }
  serverCloses(code: number, reason = '') {
    this.onclose?.({ code, reason } as CloseEvent);
  }
}

function harness() {
  const sockets: FakeSocket[] = [];
  const states: StaffSocketState[] = [];
  const heard: string[] = [];
  const close = connectStaffSocket({
    url: 'ws://host/ws',
    reconnectDelayMs: 3000,
    onState: (state) => states.push(state),
    onMessages: (messages) => heard.push(...messages.map((m) => m.type)),
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
  });
  return { sockets, states, heard, close };
}

describe('the back office’s live socket', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says STAFF_CONNECT on open and hands on the race messages', () => {
    const { sockets, states, heard } = harness();
    const socket = sockets[0] as FakeSocket;
    socket.onopen?.();
    expect(socket.sent).toEqual(['STAFF_CONNECT']);
    socket.onmessage?.({ data: 'RACE_STATUS:4:O|BALANCE_CHANGED:9' } as MessageEvent);
    expect(heard).toEqual(['RACE_STATUS']);
    expect(states).toEqual(['connecting', 'open']);
  });

  it('reconnects after a drop, and stops for good when the server refuses the staff session', () => {
    vi.useFakeTimers();
    const { sockets, states } = harness();
    (sockets[0] as FakeSocket).serverCloses(1006);
    expect(states.at(-1)).toBe('reconnecting');
    vi.advanceTimersByTime(3000);
    expect(sockets).toHaveLength(2);
    (sockets[1] as FakeSocket).serverCloses(STAFF_AUTH_REFUSED_CODE, STAFF_AUTH_REFUSED_REASON);
    expect(states.at(-1)).toBe('refused');
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(2);
  });

  it('closes its socket when the screen goes, and opens on the page’s own host', () => {
    const { sockets, close } = harness();
    close();
    expect((sockets[0] as FakeSocket).closedWith).toBe(1000);
    expect(staffSocketUrl({ protocol: 'https:', host: 'karera.ph' })).toBe('wss://karera.ph/api/backoffice/live');
    expect(staffSocketUrl({ protocol: 'http:', host: 'localhost:3720' })).toBe(
      'ws://localhost:3720/api/backoffice/live',
    );
  });
});
