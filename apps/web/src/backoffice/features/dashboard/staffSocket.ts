import {
  decodeFrame,
  encodeMessage,
  RECONNECT_DELAY_MS,
  STAFF_AUTH_REFUSED_CODE,
  STAFF_SOCKET_PATH,
  type RealtimeMessage,
} from '@karera/shared';

/** open: hearing the races; reconnecting: dropped, trying again; refused: no staff session, stopped. */
export type StaffSocketState = 'connecting' | 'open' | 'reconnecting' | 'refused';

export interface StaffSocketOptions {
  url: string;
  onMessages: (messages: RealtimeMessage[]) => void;
  onState: (state: StaffSocketState) => void;
  reconnectDelayMs?: number;
  createSocket?: (url: string) => WebSocket;
}

/** The staff live socket's address on this page's host: wss:// on an https page. */
export function staffSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${STAFF_SOCKET_PATH}`;
}

/**
 * A back-office screen on the live socket (decision 038): it says STAFF_CONNECT, and the server signs it in
 * by the staff session cookie the browser sends with the upgrade. Race broadcasts follow. A drop reconnects
 * after RECONNECT_DELAY_MS; a refusal (no live staff session) stops for good. Returns the way to close it.
 */
export function connectStaffSocket(options: StaffSocketOptions): () => void {
  const delay = options.reconnectDelayMs ?? RECONNECT_DELAY_MS;
  const create = options.createSocket ?? ((url: string) => new WebSocket(url));
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const open = () => {
    const next = create(options.url);
    socket = next;
    next.onopen = () => {
      next.send(encodeMessage({ type: 'STAFF_CONNECT' }));
      options.onState('open');
    };
    next.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      const messages = decodeFrame(event.data);
      if (messages.length > 0) options.onMessages(messages);
    };
    next.onclose = (event: CloseEvent) => {
      if (socket !== next || stopped) return;
      socket = null;
      if (event.code === STAFF_AUTH_REFUSED_CODE) {
        stopped = true;
        options.onState('refused');
        return;
      }
      options.onState('reconnecting');
      timer = setTimeout(open, delay);
    };
  };

  options.onState('connecting');
  open();
  return () => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
    const current = socket;
    socket = null;
    if (current) {
      current.onclose = null;
      current.onmessage = null;
      current.close(1000, 'Client closed');
    }
  };
}
