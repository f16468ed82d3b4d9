/*
 * A fan-out worker: a child process of the server that holds a share of the live sockets. The server
 * hands it upgraded connections (the socket handle itself), admits GAME_CONNECTs for it (sessions live
 * in the server's database) and sends it each broadcast frame once; the worker writes the frame to its
 * sockets. Several workers write one broadcast in parallel, one per core: docs/decisions/010.
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { createLiveSockets, type Admission } from './live-sockets.ts';
import type { ToWorker } from './fanout-protocol.ts';

const send = (message: unknown) => process.send?.(message);
const pending = new Map<number, (admission: Admission | null) => void>();
let nextId = 1;

const sockets = createLiveSockets({
  heartbeatMs: Number(process.env.LIVE_SOCKET_HEARTBEAT_MS ?? 30_000),
  admit: (token, claimedPlayerId) =>
    new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      send({ type: 'admit', id, token, playerId: claimedPlayerId });
    }),
  onError: (error) => send({ type: 'error', message: error instanceof Error ? error.message : String(error) }),
  onCountChange: (count) => send({ type: 'count', count }),
});

process.on('message', (message: ToWorker, handle?: Socket) => {
  switch (message.type) {
    case 'upgrade': {
      if (!handle) return;
      // ws reads only the method, url and headers of the upgrade request.
      const request = { method: message.method, url: message.url, headers: message.headers } as IncomingMessage;
      sockets.upgrade(request, handle, Buffer.from(message.head, 'base64'), message.cookieToken);
      return;
    }
    case 'frame':
      sockets.broadcast(message.frame);
      return;
    case 'player':
      sockets.sendToPlayer(message.playerId, message.frame);
      return;
    case 'admitted':
      pending.get(message.id)?.(message.admission);
      pending.delete(message.id);
      return;
    case 'stats': {
      const gc = (globalThis as { gc?: () => void }).gc;
      gc?.();
      const { rss, heapUsed } = process.memoryUsage();
      send({ type: 'stats', id: message.id, sockets: sockets.count(), rss, heapUsed });
      return;
    }
    case 'close':
      sockets.close();
      process.disconnect?.();
      return;
  }
});
send({ type: 'ready' });
