import type { IncomingHttpHeaders } from 'node:http';
import type { Admission } from './live-sockets.ts';

/** Messages between the server and its fan-out workers (over the child-process IPC channel). */
export type ToWorker =
  | {
      type: 'upgrade';
      method: string;
      url: string;
      headers: IncomingHttpHeaders;
      /** The bytes read past the upgrade request, base64. */
      head: string;
      cookieToken: string | undefined;
    }
  | { type: 'frame'; frame: string }
  | { type: 'player'; playerId: number; frame: string }
  | { type: 'admitted'; id: number; admission: Admission | null }
  | { type: 'stats'; id: number }
  | { type: 'close' };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'admit'; id: number; token: string | undefined; playerId: string }
  | { type: 'count'; count: number }
  | { type: 'stats'; id: number; sockets: number; rss: number; heapUsed: number }
  | { type: 'error'; message: string };
