import { decodeFrame, INVALID_AUTH_REASON, RECONNECT_DELAY_MS, type RealtimeMessage } from '@karera/shared';

/** The part of the browser's WebSocket the client uses (a fake one in tests). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

/**
 * connecting: the first attempt; open: connected; reconnecting: the socket dropped and the next attempt
 * waits for its delay; closed: for good (the owner closed it, or the server refused the session).
 */
export type RealtimeState = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface RealtimeOptions {
  url: string;
  /** The first message after each open (GAME_CONNECT); null refuses to connect, as an invalid session would. */
  hello: () => string | null;
  /** Every well-formed message of a frame, in order; malformed ones are dropped. */
  onMessages: (messages: RealtimeMessage[]) => void;
  /** Every frame as received, for messages outside the race codec (the per-player BALANCE_CHANGED). */
  onFrame?: (frame: string) => void;
  onStateChange?: (state: RealtimeState) => void;
  /** Each open; `reconnected` is true from the second one on, when the owner may have missed messages. */
  onOpen?: (reconnected: boolean) => void;
  /** The server closed with 'Invalid authentication received.': the session is gone, no reconnect. */
  onInvalidAuth: () => void;
  reconnectDelayMs?: number;
  createSocket?: (url: string) => SocketLike;
}

export interface RealtimeConnection {
  close(): void;
}

const frameTaps = new Set<(frame: string) => void>();

/**
 * Every frame any live socket of the tab receives, for a part of a screen that listens without owning
 * the socket (one socket per tab). Returns the way to stop listening.
 */
export function tapRealtimeFrames(listener: (frame: string) => void): () => void {
  frameTaps.add(listener);
  return () => frameTaps.delete(listener);
}

/** The address to open: the server's, upgraded to wss:// on an https page (a browser refuses ws:// there). */
export function socketUrlFor(url: string, pageProtocol: string): string {
  return pageProtocol === 'https:' && url.startsWith('ws://') ? `wss://${url.slice('ws://'.length)}` : url;
}

/**
 * The live socket client (docs/product/realtime.md): on open it sends the hello, then hands every frame's
 * messages to the owner. Any close other than the invalid-authentication one reconnects after
 * RECONNECT_DELAY_MS (3 s); that one reports the session as gone and stops.
 */
export function connectRealtime(options: RealtimeOptions): RealtimeConnection {
  const delay = options.reconnectDelayMs ?? RECONNECT_DELAY_MS;
  const create = options.createSocket ?? ((url: string) => new WebSocket(url));
  let socket: SocketLike | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let opens = 0;

  const setState = (state: RealtimeState) => options.onStateChange?.(state);

  function stop() {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const current = socket;
    socket = null;
    if (current) {
      current.onopen = null;
      current.onmessage = null;
      current.onclose = null;
      current.onerror = null;
      current.close(1000, 'Client closed');
    }
  }

  function scheduleReconnect() {
    setState('reconnecting');
    timer = setTimeout(() => {
      timer = undefined;
      if (!stopped) open();
    }, delay);
  }

  function open() {
    let next: SocketLike;
    try {
      next = create(options.url);
    } catch {
      scheduleReconnect();
      return;
    }
    socket = next;
    next.onopen = () => {
      const hello = options.hello();
      if (hello === null) {
        stop();
        setState('closed');
        options.onInvalidAuth();
        return;
      }
      next.send(hello);
      opens += 1;
      setState('open');
      options.onOpen?.(opens > 1);
    };
    next.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      options.onFrame?.(event.data);
      for (const tap of frameTaps) tap(event.data);
      const messages = decodeFrame(event.data);
      if (messages.length > 0) options.onMessages(messages);
    };
    next.onclose = (event: CloseEvent) => {
      if (socket !== next || stopped) return;
      socket = null;
      if (event.reason === INVALID_AUTH_REASON) {
        stopped = true;
        setState('closed');
        options.onInvalidAuth();
        return;
      }
      scheduleReconnect();
    };
    // An error is always followed by a close, which decides what happens next.
    next.onerror = () => undefined;
  }

  setState('connecting');
  open();
  return {
    close() {
      if (stopped) return;
      stop();
      setState('closed');
    },
  };
}
